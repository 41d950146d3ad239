"""The Valley of Alchemists' steps in words: what a player choosing a step reads in a
menu or on a button.

The words are the rulebook's actions (VII: "Collecting the Ingredients", "Brewing the
Decoctions", "Making Elixirs", "Rearranging the Elixirs", "Selling a Line of Elixirs";
VIII: the special action tokens "Change of Shape", "Change of Color", "Change of
Level", "Decoctions transformation"); ingredient, decoction and elixir names come from
the component data, and a collect says the amounts the mover's skill tracks take.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.alchemists import labels
from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.engines import as_reference
from valdora_ai.games.alchemists.rules import BREWING, EMPTY, MAKING, AlchemistsState

LINE_WORDS = ("the top shelf", "the middle shelf", "the bottom shelf", "the left column",
              "the middle column", "the right column",
              "the diagonal from top left", "the diagonal from top right")
TOKEN_WORDS = ("Change of Shape", "Change of Color", "Change of Level")
ORDINALS = ("1st", "2nd", "3rd")


def step_words(state: Any, step: int) -> str:
    """`step` in `state` in plain words ("Collect 3 yellow and 2 water")."""
    board: AlchemistsState = as_reference(state)
    data, kind, arg = board.data, S.kind(step), S.argument(step)
    if kind == "end":
        return "End the turn, passing the actions left"
    if kind == "stop":
        return {BREWING: "Stop brewing", MAKING: "Stop making elixirs"}.get(
            board.phase, "Score the sale")
    if kind == "chance":
        return f"The next card is revealed: {labels.elixir(data, arg)}"
    if kind == "skill":
        return f"Put a setup skill point on the {data.ingredients[arg]} track"
    if kind == "collect":
        player = board.players[board.current]
        taken = labels.amounts(data.ingredients, board.collect_amounts(player, arg))
        return f"Collect {taken}"
    if kind == "brew":
        return f"Brew 1 {data.decoctions[arg]} decoction"
    if kind == "make":
        slot, cell = divmod(arg, S.CELLS)
        return (f"Make elixir {labels.elixir(data, board.face_up[slot])} into chest "
                f"space {cell + 1}")
    if kind == "rearrange":
        source, target = divmod(arg, S.CELLS)
        chest = board.players[board.current].chest
        if chest[target] == EMPTY or chest[source] == EMPTY:
            full, empty = (source, target) if chest[target] == EMPTY else (target, source)
            return (f"Move the elixir in chest space {full + 1} to the empty space "
                    f"{empty + 1}")
        return f"Swap the elixirs in chest spaces {source + 1} and {target + 1}"
    if kind == "sell":
        return f"Sell the line of elixirs on {LINE_WORDS[arg]}"
    if kind == "token":
        token_kind, position = divmod(arg, S.LINE_LENGTH)
        return (f"Place the {TOKEN_WORDS[token_kind]} token on the line's "
                f"{ORDINALS[position]} elixir")
    source, target, count = S.transform_parts(step)
    return (f"Decoctions transformation: turn {count} {data.decoctions[source]} "
            f"decoction{'s' * (count != 1)} into {data.decoctions[target]}")
