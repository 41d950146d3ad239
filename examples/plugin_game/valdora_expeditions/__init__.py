"""Expeditions, a game plugged into valdora_ai from outside (see docs/new-game.md).

A small card game with hidden hands and a shuffled deck, in the spirit of Lost Cities,
for 2 to 4 players; the rules are in :mod:`valdora_expeditions.rules`. Installing this
distribution declares :class:`valdora_expeditions.game.ExpeditionsGame` in the entry
point group ``valdora_ai.games``, and the library's registry loads it from there.
"""

from __future__ import annotations

from valdora_ai.games import GameType

GAME_TYPE = GameType(
    name="expeditions", title="Expeditions", min_players=2, max_players=4,
    default_players=3, shared_belief=False,
    turn_examples="'R7' (play the red 7 onto your expedition) or 'xY*' (discard a "
                  "yellow stake)",
    step_example="R7")
"""The game's facts: the registry answers from them without building the game."""
