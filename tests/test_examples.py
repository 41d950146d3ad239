"""The example engine client in examples/ (Node.js) runs against the real engine."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from engine_process import engine_command

import valdora_ai as va
from valdora_ai.engine.protocol import PROTOCOL_VERSION

CLIENT = Path(__file__).resolve().parents[1] / "examples" / "engine_client.mjs"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_node_client_talks_to_the_engine() -> None:
    valdora = engine_command()[0]
    if not valdora.endswith("valdora"):
        pytest.skip("the valdora script is not installed next to this Python")
    done = subprocess.run(["node", str(CLIENT), valdora, "greedy"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    game = va.make_game("valdora", players=3)
    state = game.new_state(seed=1)
    moves = " ".join(game.describe_step(state, s) for s in state.legal_steps())
    best = game.describe_step(state, va.make_agent("greedy", game).choose(
        game.observation(state, 0)))
    assert done.stdout.splitlines() == [
        f"engine valdora_ai {va.__version__}, protocol {PROTOCOL_VERSION}, agents "
        f"{' '.join(sorted(n for n, c in va.agent_classes().items() if not c.needs_true_state))}",
        f"seat 0 may play: {moves}",
        f"greedy suggests {best} (1 candidates, 0 partial results)",
        f"after {best}: seat 0 to decide, phase action",
        "a bad step is refused: illegal_move (steps[0])",
        "engine exited with 0",
    ]
    assert done.stderr == ""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_node_client_streams_a_search() -> None:
    valdora = engine_command()[0]
    if not valdora.endswith("valdora"):
        pytest.skip("the valdora script is not installed next to this Python")
    done = subprocess.run(["node", str(CLIENT), valdora, "ismcts:seed=2"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    suggestion = done.stdout.splitlines()[2]
    match = re.fullmatch(r"ismcts:seed=2 suggests (\S+) \((\d) candidates, (\d+) partial "
                         r"results\)", suggestion)
    assert match and int(match.group(3)) >= 1, suggestion
