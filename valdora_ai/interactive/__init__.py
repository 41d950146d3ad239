"""Playing against the bots: a game session, its dialogue loop and its record.

:mod:`~valdora_ai.interactive.session` holds the game (state, turn history, record,
undo, resume, the bots' and the hint agent's decisions); :mod:`.loop` talks to people
through an input function and a :class:`~valdora_ai.interactive.view.View`, so it runs
the same in a terminal and in tests. Nothing here renders: the command line supplies
the view.
"""

from __future__ import annotations

from valdora_ai.interactive.loop import Outcome, run_session
from valdora_ai.interactive.seats import HUMAN
from valdora_ai.interactive.session import GameSession

__all__ = ["HUMAN", "GameSession", "Outcome", "run_session"]
