"""The Valley of Alchemists' turn notation: one token per step, tokens separated by spaces.

Ingredients and decoction colours are written by their first letter (ingredients
Y R B W, decoctions Y R B O G P), elixirs by their card id, chest cells 1-9 row by row,
lines R1-R3 (shelves), C1-C3 (columns), D1 (top left to bottom right) and D2, and a
line's elixirs by position 1-3 (see docs/games/alchemists.md)::

    +W         a setup skill point on the water track
    cYW        collect yellow and water (the full amounts the skill tracks allow)
    bG         brew one green decoction (repeat for more; "." closes the brew)
    mE29@5     make elixir E29 into chest cell 5 (repeat for more; "." closes)
    r1-5       rearrange: move the elixir in cell 1 to empty cell 5, or swap the two
    sD1        sell line D1; then tS2 / tC1 / tL3 put the shape / colour / level token
               on the line's 2nd / 1st / 3rd elixir; "." scores the sale
    x2R>P      decoction transformation: 2 red decoctions become purple (free)
    .          close the brew, make or sale in progress
    end        end the turn, passing the actions left
    ?E12       a chance outcome: the elixir a refill draws (belief states only)

Example, a whole turn: ``cYW bG bG . end``. Parsing matches each token against the
descriptions of the legal steps, so what :func:`describe_step` writes parses back;
it also reads a token in any letter case, ``cWY`` (or another pair taking the same
amounts) for ``cYW``, and ``r5-1`` for ``r1-5`` (:func:`respell`).
"""

from __future__ import annotations

import re
from functools import partial

from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.rules import AlchemistsState
from valdora_ai.games.spelling import parse_named_step
from valdora_ai.games.token_turns import format_tokens, parse_tokens

LINE_NAMES = ("R1", "R2", "R3", "C1", "C2", "C3", "D1", "D2")
TOKEN_LETTERS = "SCL"


def letter(name: str) -> str:
    return name[0].upper()


def describe_step(state: AlchemistsState, step: int) -> str:
    """The token for `step` in `state` (the state the step is played in)."""
    kind = S.kind(step)
    data = state.data
    arg = S.argument(step)
    if kind == "end":
        return "end"
    if kind == "stop":
        return "."
    if kind == "skill" and arg < len(data.ingredients):
        return "+" + letter(data.ingredients[arg])
    if kind == "collect" and max(S.PAIRS[arg]) < len(data.ingredients):
        return "c" + "".join(letter(data.ingredients[t]) for t in S.PAIRS[arg])
    if kind == "brew" and arg < len(data.decoctions):
        return "b" + letter(data.decoctions[arg])
    if kind == "make":
        slot, cell = divmod(arg, S.CELLS)
        card = state.face_up[slot] if slot < len(state.face_up) else -1
        if card >= 0:
            return f"m{data.elixirs[card].id}@{cell + 1}"
    if kind == "rearrange":
        source, target = divmod(arg, S.CELLS)
        return f"r{source + 1}-{target + 1}"
    if kind == "sell":
        return "s" + LINE_NAMES[arg]
    if kind == "token":
        token_kind, position = divmod(arg, S.LINE_LENGTH)
        return f"t{TOKEN_LETTERS[token_kind]}{position + 1}"
    if kind == "transform":
        source, target, count = S.transform_parts(step)
        if max(source, target) < len(data.decoctions):
            return (f"x{count}{letter(data.decoctions[source])}>"
                    f"{letter(data.decoctions[target])}")
    if kind == "chance" and arg < len(data.elixirs):
        return "?" + data.elixirs[arg].id
    return f"<step {step}>"


def parse_step(state: AlchemistsState, token: str) -> int:
    """The legal step `token` names in `state` (NotationError if none), in any letter
    case and in the other spellings :func:`respell` reads."""
    return parse_named_step(state, token, describe_step, S.kind, respell)


_COLLECT = re.compile(r"c([a-z])([a-z])", re.IGNORECASE)
_REARRANGE = re.compile(r"r([1-9])-([1-9])", re.IGNORECASE)


def respell(state: AlchemistsState, token: str, legal: list[int]) -> int | None:
    """The legal step another spelling names: a collect's two types in either order,
    or of another pair taking the same amounts (of pairs with the same result only the
    first is offered, docs/games/alchemists.md decision 2), and a rearrangement's two
    cells in either order (a swap is listed once; moving an elixir into an empty cell
    is that swap too)."""
    collect = _COLLECT.fullmatch(token)
    if collect:
        letters = [letter(name) for name in state.data.ingredients]
        types = sorted({letters.index(c.upper()) for c in collect.groups()
                        if c.upper() in letters})
        if len(types) != 2 or tuple(types) not in S.PAIRS:
            return None
        player = state.players[state.current]
        amounts = state.collect_amounts(player, S.PAIRS.index((types[0], types[1])))
        return next((step for step in legal if S.kind(step) == "collect" and
                     state.collect_amounts(player, S.argument(step)) == amounts), None)
    rearrange = _REARRANGE.fullmatch(token)
    if rearrange:
        cells = {int(cell) - 1 for cell in rearrange.groups()}
        return next((step for step in legal if S.kind(step) == "rearrange"
                     and set(divmod(S.argument(step), S.CELLS)) == cells), None)
    return None


def parse_turn(state: AlchemistsState, text: str) -> list[int]:
    """The steps of a space-separated token sequence, checked on a copy of `state`.

    The steps of one brew, one make, one seat's setup points or one sale's tokens may
    be written in any order: the rules take them in one order (docs/games/alchemists.md
    decision 3), which never changes the result, so each such run of tokens is read in
    that order (a run written in it is left as it is).
    """
    return parse_tokens(state, " ".join(in_rules_order(state, text.split())), parse_step)


def in_rules_order(state: AlchemistsState, tokens: list[str]) -> list[str]:
    """`tokens` with each run of consecutive brew, make, setup-point or sale-token
    tokens sorted into the order the rules take them (colours, face-up spaces, tracks,
    token kinds); a run with a token this cannot place is left as written."""
    result: list[str] = []
    run: list[str] = []
    for token in [*tokens, ""]:
        if run and token[:1].lower() == run[0][:1].lower():
            run.append(token)
            continue
        keys = [key for key in map(partial(_order_key, state), run) if key is not None]
        result += ([t for _, _, t in sorted(zip(keys, range(len(run)), run, strict=True))]
                   if len(keys) == len(run) else run)
        run = [token] if _order_key(state, token) is not None else []
        if not run and token:
            result.append(token)
    return result


def _order_key(state: AlchemistsState, token: str) -> int | None:
    """Where the rules place `token` within its run, None if it is not of a run."""
    data, kind, rest = state.data, token[:1].lower(), token[1:].upper()
    names = {"+": [letter(n) for n in data.ingredients],
             "b": [letter(n) for n in data.decoctions], "t": list(TOKEN_LETTERS)}
    if kind in names and rest[:1] in names[kind]:
        return names[kind].index(rest[:1])
    if kind == "m":
        ids = [data.elixirs[card].id.upper() if card >= 0 else "" for card in state.face_up]
        card = rest.partition("@")[0]
        return ids.index(card) if card and card in ids else None
    return None


def format_turn(state: AlchemistsState, steps: list[int]) -> str:
    """The tokens of `steps` played from `state`, separated by spaces."""
    return format_tokens(state, steps, describe_step)
