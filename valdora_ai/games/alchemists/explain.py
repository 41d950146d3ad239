"""The Valley of Alchemists' turn describer: what a turn's actions do, in plain sentences.

The game-agnostic explanation service (:mod:`valdora_ai.explanations`) asks the game
what a turn does; this module answers by playing the turn's steps on a copy of the
position and comparing the mover's holdings around each step: ingredients collected,
decoctions brewed, elixirs made and where they went in the chest (with the skill they
advance and the lines they complete), rearrangements, sales with their line bonus,
transformations, and what the refill may reveal (the unseen cards' chances) or did
reveal (a ``?card`` step). Cards a world's refill draws are never named: they come from
the hidden deck.
"""

from __future__ import annotations

from valdora_ai.games.alchemists import labels
from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.engines import as_reference
from valdora_ai.games.alchemists.notation import LINE_NAMES
from valdora_ai.games.alchemists.position import TOKEN_NAMES
from valdora_ai.games.alchemists.rules import CHANCE, EMPTY, SELLING, SETUP, AlchemistsState


def describe_turn(state: AlchemistsState, turn_steps: list[int]) -> list[str]:
    """Sentences saying what `turn_steps` (one turn of the seat to move) do in `state`."""
    board = as_reference(state).copy()
    seat = board.current_player
    if seat < 0:
        return []
    start = board.copy()
    sentences: list[str] = []
    brewed = [0] * len(board.data.decoctions)
    for step in turn_steps:
        if board.is_terminal() or board.current_player not in (seat, CHANCE):
            break
        if S.kind(step) == "brew" and board.current_player == seat:
            brewed[S.argument(step)] += 1
            board.apply(step)
            continue
        if any(brewed):
            sentences.append(_brew_sentence(board, brewed))
            brewed = [0] * len(brewed)
        before = board.copy()
        board.apply(step)
        sentence = _step_sentence(before, board, step, seat)
        if sentence:
            sentences.append(sentence)
        if board.turns != start.turns:
            break
    if any(brewed):
        sentences.append(_brew_sentence(board, brewed))
    sentences += _refill_sentences(start, board)
    points_before, points_after = start.scores()[seat], board.scores()[seat]
    if points_after != points_before:
        sentences.append(f"Points: {points_before} → {points_after} "
                         f"({points_after - points_before:+d}).")
    return sentences


def _brew_sentence(board: AlchemistsState, brewed: list[int]) -> str:
    data = board.data
    spent = [sum(n * recipe[t] for n, recipe in zip(brewed, data.recipes, strict=True))
             for t in range(len(data.ingredients))]
    made = labels.amounts(data.decoctions, brewed)
    noun = "decoction" if sum(brewed) == 1 else "decoctions"
    return f"Brews {made} {noun} from {labels.amounts(data.ingredients, spent)}."


def _step_sentence(before: AlchemistsState, after: AlchemistsState, step: int, seat: int
                   ) -> str | None:
    """The sentence for one step, from the position before and after it (None: the
    step says nothing of its own)."""
    data = before.data
    kind, arg = S.kind(step), S.argument(step)
    old, new = before.players[seat], after.players[seat]
    if kind == "chance":
        return f"The refill reveals {labels.elixir(data, arg)}."
    if kind == "skill":
        track = data.ingredients[arg]
        return (f"Places a skill point on the {track} track (collects "
                f"{after.skill_value(new, arg)} {track} at a time).")
    if kind == "end":
        if before.phase == SETUP:
            return "Places no more skill points (every track is at the top)."
        left = before.actions_left
        return ("Ends the turn" + (f", passing {labels.plural(left, 'action')}" if left else "")
                + ".")
    if kind == "collect":
        gained = [b - a for a, b in zip(old.ingredients, new.ingredients, strict=True)]
        return f"Collects {labels.amounts(data.ingredients, gained)}."
    if kind == "make":
        return _make_sentence(before, after, seat, *divmod(arg, S.CELLS))
    if kind == "rearrange":
        source, target = divmod(arg, S.CELLS)
        moved = data.elixirs[old.chest[source]].id
        if old.chest[target] == EMPTY:
            text = f"Moves {moved} from chest cell {source + 1} to cell {target + 1}"
        else:
            text = (f"Swaps {moved} (cell {source + 1}) with "
                    f"{data.elixirs[old.chest[target]].id} (cell {target + 1})")
        return text + _lines_completed(before, after, seat) + "."
    if kind == "sell":
        line = S.LINES[arg]
        cards = ", ".join(data.elixirs[old.chest[c]].id for c in line)
        return f"Sells line {LINE_NAMES[arg]} ({cards})."
    if kind == "token":
        token, position = divmod(arg, S.LINE_LENGTH)
        card = old.chest[S.LINES[before.sale_line][position]]
        return (f"Puts the {TOKEN_NAMES[token]} token on {data.elixirs[card].id}, naming its "
                f"{TOKEN_NAMES[token]} for the line bonus.")
    if kind == "stop" and before.phase == SELLING:
        return _sale_sentence(before, after, seat)
    if kind == "transform":
        source, target, count = S.transform_parts(step)
        return (f"Transforms {count} {data.decoctions[source]} "
                f"{'decoction' if count == 1 else 'decoctions'} into "
                f"{data.decoctions[target]} (the {TOKEN_NAMES[S.TRANSFORM_TOKEN]} token is "
                "used up).")
    return None


def _make_sentence(before: AlchemistsState, after: AlchemistsState, seat: int, slot: int,
                   cell: int) -> str:
    data = before.data
    card = before.face_up[slot]
    spec = data.elixirs[card]
    text = (f"Makes {labels.elixir(data, card)} from face-up space {slot + 1} into chest "
            f"cell {cell + 1}, paying {labels.amounts(data.decoctions, spec.cost)} "
            f"{'decoction' if sum(spec.cost) == 1 else 'decoctions'}")
    old, new = before.players[seat], after.players[seat]
    advanced = [f"{data.ingredients[t]} to {after.skill_value(new, t)}"
                for t in range(len(new.skills)) if new.skills[t] > old.skills[t]]
    if advanced:
        text += "; its skill bonus moves " + " and ".join(advanced)
    return text + _lines_completed(before, after, seat) + "."


def _lines_completed(before: AlchemistsState, after: AlchemistsState, seat: int) -> str:
    """", completing line R1 (worth 9 if sold)" for lines the step filled ("" for none)."""
    was = {line for line, _, _ in labels.complete_lines(before.data, before.players[seat])}
    now = labels.complete_lines(after.data, after.players[seat])
    done = [f"{name} (worth {bonus} if sold)" for line, name, bonus in now if line not in was]
    if not done:
        return ""
    return ", completing line " + " and line ".join(done)


def _sale_sentence(before: AlchemistsState, after: AlchemistsState, seat: int) -> str:
    data = before.data
    old, new = before.players[seat], after.players[seat]
    sold = new.sold[len(old.sold):]
    ep = sum(data.elixirs[c].ep for c in sold)
    markers = new.markers[len(old.markers):]
    bonus = (f"a {markers[0]}-point experience marker" if markers
             else "no line bonus (no shape, colour or level in common)")
    return f"Scores the sale: {bonus}; the elixirs' {ep} EP count at the end."


def _refill_sentences(start: AlchemistsState, board: AlchemistsState) -> list[str]:
    """What the refill at the end of the turn deals (never which cards, in a world)."""
    sentences = []
    if board.is_chance_node():
        empty = sum(1 for c in board.face_up if c == EMPTY)
        draws = min(empty, board.deck_count)
        unseen = len(board.unseen())
        sentences.append(f"The refill then draws {labels.plural(draws, 'card')} from the deck: "
                         f"each of the {unseen} unseen elixirs is equally likely.")
    elif board.turns != start.turns and board.is_world:
        dealt = start.deck_count - board.deck_count
        if dealt:
            sentences.append(f"The refill deals {labels.plural(dealt, 'card')} from the "
                             "deck.")
    if board.end_triggered and not start.end_triggered:
        sentences.append("The deck is empty: the game ends when this round is complete.")
    return sentences
