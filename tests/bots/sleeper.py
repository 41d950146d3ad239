"""A slow in-process agent for the clock tests: ``py:bots.sleeper:Sleeper,sleep=0.1``
sleeps that long at every decision, then plays the first legal step."""

from __future__ import annotations

import time
from typing import ClassVar

from valdora_ai.agents.base import Agent, Param
from valdora_ai.games.base import Observation


class Sleeper(Agent):
    name = "sleeper"
    summary = "sleeps, then plays the first legal step"
    PARAMS: ClassVar[dict[str, Param]] = {
        **Agent.PARAMS, "sleep": Param(float, 0.1, "seconds to sleep per decision", 0, 10)}

    def choose(self, observation: Observation) -> int:
        time.sleep(self.params["sleep"])
        return observation.belief_state().legal_steps()[0]
