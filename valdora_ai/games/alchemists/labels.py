"""Short words for Valley of Alchemists components, shared by the table, the
explanations and the picture (names and letters come from the data file)."""

from __future__ import annotations

from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.data import AlchemistsData, Elixir
from valdora_ai.games.alchemists.notation import LINE_NAMES, letter
from valdora_ai.games.alchemists.rules import (
    CHOOSE,
    EMPTY,
    PHASE_NAMES,
    AlchemistsState,
    Player,
    line_bonus,
)
from valdora_ai.games.wording import listed


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def colours(data: AlchemistsData, card: Elixir) -> str:
    """The elixir's colours: "yellow", "yellow/red" or "multi"."""
    if card.multi:
        return "multi"
    return "/".join(name for c, name in enumerate(data.decoctions) if card.colours >> c & 1)


def letters(names: tuple[str, ...], counts: tuple[int, ...] | list[int]) -> str:
    """Counts per kind as repeated first letters: (2, 0, 1) of yellow, red, blue -> "YYB"."""
    return "".join(letter(name) * n for name, n in zip(names, counts, strict=True))


def cost(data: AlchemistsData, card: Elixir) -> str:
    """The decoctions an elixir costs, as letters (Y R B O G P)."""
    return letters(data.decoctions, card.cost)


def bonus(data: AlchemistsData, card: Elixir) -> str:
    """The skill steps an elixir gives, as ingredient letters ("+YW"), "" for none."""
    text = letters(data.ingredients, card.bonus)
    return "+" + text if text else ""


def elixir(data: AlchemistsData, index: int) -> str:
    """One elixir in words: "E12 (yellow/red conical, level 2, 3 EP)"."""
    card = data.elixirs[index]
    return (f"{card.id} ({colours(data, card)} {data.shapes[card.shape]}, level {card.level}, "
            f"{card.ep} EP)")


def amounts(names: tuple[str, ...], counts: list[int] | tuple[int, ...]) -> str:
    """Non-zero counts in words: "3 yellow and 2 water" ("nothing" when all are zero)."""
    parts = [f"{n} {name}" for name, n in zip(names, counts, strict=True) if n]
    if not parts:
        return "nothing"
    return listed(parts)


def complete_lines(data: AlchemistsData, player: Player) -> list[tuple[int, str, int]]:
    """Each full line of the chest (its index in ``LINES`` and name) with the bonus it
    scores if sold without tokens."""
    return [(i, LINE_NAMES[i], line_bonus(data, [data.elixirs[player.chest[c]] for c in line],
                                       [-1] * S.LINE_LENGTH))
            for i, line in enumerate(S.LINES)
            if all(player.chest[c] != EMPTY for c in line)]


def actions_left(state: AlchemistsState) -> str:
    """The mover's actions: "2 actions left", or "making, 0 actions left after it"."""
    left = plural(state.actions_left, "action")
    if state.phase == CHOOSE:
        return f"{left} left"
    return f"{PHASE_NAMES[state.phase]}, {left} left after it"
