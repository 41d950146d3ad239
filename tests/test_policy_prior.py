"""The learned policy prior (issue 30 item 3): step features, the fit, the model file,
the search data, the search option and `valdora train --kind policy`."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from cli_checks import one_line_error, runner

from valdora_ai.agents import make_agent
from valdora_ai.agents.mcts_base import SPRT_ACCEPTED_PRIORS
from valdora_ai.backend import make_rng
from valdora_ai.cli.app import app
from valdora_ai.errors import ValdoraError
from valdora_ai.games import game_names, make_game
from valdora_ai.learning.model_file import ModelError
from valdora_ai.learning.policy_fit import Decisions, cross_entropy, fit_policy
from valdora_ai.learning.policy_model import load_policy, policy_for, shipped_policy_path
from valdora_ai.learning.policy_train import train_policy
from valdora_ai.learning.search_data import decisions_of, generate_decisions, play_game_decisions
from valdora_ai.learning.step_features import (
    step_feature_names,
    step_feature_rows,
    step_kinds,
    step_logits,
)
from valdora_ai.rng import derive_seed
from valdora_ai.search.tree import Edge, Node
from valdora_ai.search.uct import iterate, select_guided

TINY = Path(__file__).parent / "data" / "policy-tiny-zavandor.json"
MODELS = shipped_policy_path("zavandor").parent
TINY_RUN = {"game_name": "zavandor", "players": [3], "decisions": 20, "seed": 4,
            "searcher": "ismcts:iterations=20"}


def midgame(game_name: str, steps: int = 40):  # type: ignore[no-untyped-def]
    """A game of `game_name` after `steps` greedy steps, and a world of the mover's."""
    game = make_game(game_name, players=3)
    state = game.new_state(7)
    rng = make_rng(3)
    for _ in range(steps):
        if state.current_player < 0:
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(game.greedy_step(state, rng))
    while state.current_player < 0 or len(state.legal_steps()) < 2:
        state.apply(state.chance_outcomes()[0][0] if state.current_player < 0
                    else state.legal_steps()[0])
    return game, state, game.determinize(game.observation(state, state.current_player), rng)


@pytest.mark.parametrize("game_name", game_names())
def test_step_features_describe_every_legal_step(game_name: str) -> None:
    game, _, world = midgame(game_name)
    legal = world.legal_steps()
    greedy = game.greedy_step(world, make_rng(1))
    before = json.dumps(game.position_to_json(world), sort_keys=True)
    rows = step_feature_rows(game, world, legal, greedy)
    assert json.dumps(game.position_to_json(world), sort_keys=True) == before
    names = step_feature_names(game)
    kinds, kind_index = step_kinds(game)
    assert len(rows) == len(legal) and all(len(row) == len(names) for row in rows)
    x = np.asarray(rows)
    assert x[:, :len(kinds)].sum(axis=1).tolist() == [1.0] * len(legal)
    for row, step in zip(rows, legal, strict=True):
        assert row[kind_index[step]] == 1.0
        assert names[kind_index[step]] == f"kind:{game.step_kind(step)}"
    assert x[:, names.index("greedy")].tolist() == [float(s == greedy) for s in legal]
    after = world.copy()
    game.apply_revealing(after, legal[-1])
    mover = world.current_player
    gain = game.estimate_final_scores(after)[mover] - game.estimate_final_scores(world)[mover]
    assert rows[-1][names.index("estimate_gain")] == pytest.approx(gain)


def synthetic(seed: int, count: int = 300, width: int = 4) -> tuple[Decisions, np.ndarray]:
    """Decisions whose visit shares are the softmax of known weights."""
    rng = np.random.default_rng(seed)
    sizes = rng.integers(2, 8, size=count)
    x = rng.normal(size=(int(sizes.sum()), width))
    truth = rng.normal(size=width)
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    logits = x @ truth
    q = np.concatenate([np.exp(logits[s:s + n]) / np.exp(logits[s:s + n]).sum()
                        for s, n in zip(starts, sizes, strict=True)])
    return Decisions(x, starts, q), truth


def test_the_fit_lowers_the_loss_and_recovers_known_weights() -> None:
    game = make_game("zavandor", players=3)
    data, truth = synthetic(0)
    width = len(step_feature_names(game))
    padded = Decisions(np.hstack([data.x, np.zeros((len(data.x), width - 4))]), data.starts,
                       data.q)
    model, losses = fit_policy(game, padded, {}, l2=1e-9)
    assert all(b <= a for a, b in zip(losses, losses[1:], strict=False))
    assert losses[-1] < losses[0] - 0.1
    assert model.logits(padded.x) == pytest.approx(padded.x[:, :4] @ truth, abs=1e-4)
    assert cross_entropy(model.logits(padded.x), padded) == pytest.approx(losses[-1])
    again, _ = fit_policy(game, padded, {}, l2=1e-9)
    assert json.dumps(again.to_json()) == json.dumps(model.to_json())


def test_decisions_take_keeps_each_block_whole() -> None:
    data, _ = synthetic(1, count=5)
    part = data.take(np.array([1, 3]))
    assert part.count == 2
    assert part.sizes.tolist() == data.sizes[[1, 3]].tolist()
    first = data.starts[3]
    assert part.x[part.starts[1]].tolist() == data.x[first].tolist()


def test_search_data_are_visit_shares_of_legal_steps_and_reproducible() -> None:
    data, game_of = generate_decisions("valdora", [3], 15, seed=2,
                                       searcher="ismcts:iterations=30")
    assert data.count >= 15 and len(game_of) == data.count
    shares = np.add.reduceat(data.q, data.starts)
    assert shares == pytest.approx(np.ones(data.count))
    assert (data.sizes >= 2).all()
    again, _ = generate_decisions("valdora", [3], 15, seed=2, searcher="ismcts:iterations=30")
    assert again.digest() == data.digest()


def test_a_tiny_model_is_rebuilt_byte_for_byte_from_its_seed() -> None:
    """The fixture was written by ``valdora train --kind policy`` with TINY_RUN's
    settings; its data must come back bit for bit, its weights to BLAS rounding."""
    model, losses, acc = train_policy(**TINY_RUN)  # type: ignore[arg-type]
    again, _, _ = train_policy(**TINY_RUN)  # type: ignore[arg-type]
    assert json.dumps(again.to_json()) == json.dumps(model.to_json())
    stored = json.loads(TINY.read_text())
    made = json.loads(json.dumps(model.to_json()))
    assert made["provenance"] == stored["provenance"]
    assert made["weights"] == pytest.approx(stored["weights"], rel=1e-6, abs=1e-9)
    assert made["scale"] == pytest.approx(stored["scale"], rel=1e-9)
    assert losses[-1] < losses[0] and 0 <= acc.learned_top1 <= 1


@pytest.mark.parametrize("game_name", game_names())
def test_every_game_ships_a_policy_model_that_sums_to_one(game_name: str) -> None:
    game, _, world = midgame(game_name)
    model = policy_for(game)
    assert model.game == game_name and model.provenance["decisions"] >= 1000
    legal = world.legal_steps()
    priors = model.priors(game, world, legal, game.greedy_step(world, make_rng(1)))
    assert list(priors) == legal
    assert sum(priors.values()) == pytest.approx(1.0)
    rows = np.asarray(step_feature_rows(game, world, legal, -1))
    assert model.priors(game, world, legal, -1) == pytest.approx(
        dict(zip(legal, np.exp(model.logits(rows)) / np.exp(model.logits(rows)).sum(),
                 strict=True)))


@pytest.mark.slow  # the first game of each shipped file's self-play (a minute in all)
@pytest.mark.parametrize("game_name", game_names())
def test_the_shipped_policys_first_game_is_what_its_seed_replays(game_name: str) -> None:
    """The shipped model's data begin as its recorded seed and searcher replay them: the
    first game's decisions hash to the provenance's ``first_game_sha256`` (the whole
    rebuild, minutes a game, is the ``rebuild`` test below)."""
    made = json.loads(shipped_policy_path(game_name).read_text())["provenance"]
    found = play_game_decisions(game_name, made["players"][0], made["searcher"],
                                derive_seed(made["seed"], 0))
    assert decisions_of(found).digest() == made["first_game_sha256"]


@pytest.mark.slow
@pytest.mark.rebuild  # a whole generation per game and file (minutes each)
@pytest.mark.parametrize("path", sorted(MODELS.glob("*-policy*.json")), ids=lambda p: p.stem)
def test_the_shipped_policy_is_what_its_recorded_seed_rebuilds(path: Path) -> None:
    shipped = json.loads(path.read_text())
    made = shipped["provenance"]
    model, _, _ = train_policy(shipped["game"], made["players"], made["decisions"],
                               made["seed"], made["searcher"])
    rebuilt = json.loads(json.dumps(model.to_json()))
    assert rebuilt["provenance"] == made  # the data's hash included
    assert rebuilt["weights"] == pytest.approx(shipped["weights"], rel=1e-6, abs=1e-9)


@pytest.mark.parametrize("game_name", game_names())
def test_the_search_option_is_legal_seeded_and_not_the_greedy_prior(game_name: str) -> None:
    game, state, _ = midgame(game_name)
    observation = game.observation(state, state.current_player)

    def visits(spec: str) -> list[tuple[int, int]]:
        analysis = make_agent(spec, game).analyze(observation)
        return [(c.step, c.visits) for c in analysis.candidates]

    learned = visits("ismcts:iterations=200,seed=5,policy=learned")
    assert {step for step, _ in learned} <= set(state.legal_steps())
    assert visits("ismcts:iterations=200,seed=5,policy=learned") == learned
    assert visits("ismcts:iterations=200,seed=5,policy=greedy") != learned
    assert make_agent("ismcts:policy=greedy", game).settings.guide is None  # type: ignore[attr-defined]
    assert make_agent("pimc:policy=learned", game).settings.guide is policy_for(game)  # type: ignore[attr-defined]
    assert make_agent("ismcts:policy=auto", game).settings.guide is policy_for(game)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game_name", game_names())
def test_the_searchs_logits_are_the_rows_dot_products_to_the_last_bit(game_name: str) -> None:
    """step_logits skips building the rows; it must not change a single visit, so its
    logits equal the rows' dot products exactly (with the shipped weights, at a
    position with many legal steps and without a greedy step among them)."""
    game, _, world = midgame(game_name)
    weights = policy_for(game)._folded
    legal = world.legal_steps()
    for greedy in (legal[len(legal) // 2], -1):
        rows = step_feature_rows(game, world, legal, greedy)
        dots = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
        assert step_logits(game, world, legal, greedy, weights) == dots


@pytest.mark.parametrize("game_name", game_names())
def test_the_default_prior_is_learned_only_where_its_sprt_accepted_it(game_name: str) -> None:
    """``policy=default`` (the default) is the learned prior for ismcts in the games of
    SPRT_ACCEPTED_PRIORS (the Alchemists) and the greedy prior everywhere else, pimc
    and oracle-ismcts included; the spec of the default leaves it out."""
    game = make_game(game_name)
    accepted = game_name in {g for a, g in SPRT_ACCEPTED_PRIORS if a == "ismcts"}
    assert (game_name == "alchemists") == accepted
    for spec in ("ismcts", "ismcts:policy=default"):
        agent = make_agent(spec, game)
        expected = policy_for(game) if accepted else None
        assert agent.settings.guide is expected  # type: ignore[attr-defined]
        assert agent.spec == "ismcts"
    for spec in ("pimc", "oracle-ismcts"):
        assert make_agent(spec, game).settings.guide is None  # type: ignore[attr-defined]
    level = make_agent("level:5", game)
    assert level.search.settings.guide is None  # type: ignore[attr-defined]


def test_the_search_expands_the_greedy_step_then_in_order_of_the_learned_probability(
        tmp_path: Path) -> None:
    """The greedy step comes first even where the model rates it lowest (a tiny model
    whose greedy weight is made strongly negative), then the others by probability."""
    document = json.loads(TINY.read_text())
    document["weights"][document["features"].index("greedy")] = -5.0
    averse = tmp_path / "greedy-averse.json"
    averse.write_text(json.dumps(document))
    game, _, world = midgame("zavandor")
    agent = make_agent(f"ismcts:seed=1,policy=learned,widen=0,policy_model={averse}", game)
    root = Node()
    for _ in range(4):
        iterate(root, world.copy(), agent.settings)  # type: ignore[attr-defined]
    priors = root.priors
    assert priors is not None and list(priors) == world.legal_steps()
    greedy = root.policy_step
    order = sorted(priors, key=lambda step: -priors[step])  # ties: in legal order
    assert order[-1] == greedy
    assert list(root.children) == [greedy] + order[:3]


def test_the_learned_bias_adds_to_the_greedy_steps() -> None:
    """Two children equal in visits and reward: the greedy step keeps its own bias and
    gains the learned one, so it is chosen over a step of higher learned probability
    unless that probability exceeds the greedy step's by more than one."""
    node = Node()
    for step in (3, 7):
        edge = node.children[step] = Edge(step, 2)
        edge.visits, edge.avail, edge.reward_sum = 4, 8, [2.0, 2.0]
    node.policy_step = 3
    assert select_guided(node, [3, 7], 0, 0.2, 2.0, {3: 0.1, 7: 0.9}).step == 3
    assert select_guided(node, [3, 7], 0, 0.2, 2.0, {3: 0.0, 7: 0.0}).step == 3
    node.policy_step = -1
    assert select_guided(node, [3, 7], 0, 0.2, 2.0, {3: 0.1, 7: 0.9}).step == 7


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="valdora-value-model"), "not a policy model"),
    (lambda d: d.update(version=2), "version 2 is not supported"),
    (lambda d: d.update(game="valdora"), "for game 'valdora'"),
    (lambda d: d["features"].pop(), "feature list differs"),
    (lambda d: d["weights"].pop(), "'weights' must be a list of"),
    (lambda d: d["scale"].__setitem__(0, -1.0), "'scale' must be positive"),
    (lambda d: d.update(l2="x"), "'l2' must be a non-negative number"),
])
def test_a_bad_policy_file_is_one_clear_error(tmp_path: Path, change, message) -> None:  # type: ignore[no-untyped-def]
    document = json.loads(TINY.read_text())
    change(document)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    with pytest.raises(ModelError, match=message) as info:
        load_policy(path, make_game("zavandor", players=3))
    assert str(info.value).startswith(str(path)) and "\n" not in str(info.value)


def test_a_missing_policy_is_a_library_error(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    game = make_game("zavandor", players=3)
    with pytest.raises(ValdoraError, match="cannot read the policy model file"):
        make_agent(f"ismcts:policy=learned,policy_model={tmp_path / 'none.json'}", game)
    monkeypatch.setattr("valdora_ai.learning.policy_model.shipped_policy_path",
                        lambda name: tmp_path / f"{name}.json")
    with pytest.raises(ValdoraError, match="no policy model is shipped for zavandor"):
        make_agent("ismcts:policy=learned", game)


def test_train_policy_writes_the_same_file_whatever_the_jobs(tmp_path: Path) -> None:
    outputs = []
    for name, jobs in (("a", 1), ("b", 2)):
        path = tmp_path / f"{name}.json"
        result = runner.invoke(app, ["train", "--kind", "policy", "-g", "zavandor",
                                     "--positions", "20", "--seed", "4", "-j", str(jobs),
                                     "--searcher", "ismcts:iterations=20", "-o", str(path)])
        assert result.exit_code == 0, result.output
        assert "held-out fit" in result.output and "Newton steps" in result.output
        outputs.append(path.read_bytes())
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize(("args", "message"), [
    (["--kind", "polcy"], "--kind must be one of value, policy"),
    (["--kind", "policy", "--positions", "5"], "--positions must be at least 10"),
    (["--kind", "policy", "--searcher", "greedy"], "--searcher 'greedy': the policy learns"),
    (["--kind", "policy", "--searcher", "ismcts:time=1"], "--searcher 'ismcts:time=1': needs"),
    (["--kind", "policy", "--searcher", "ismcts:iterations=9,seed=2"], "--searcher 'ismcts:"),
    (["--kind", "policy", "--searcher", "ismcts:iterations=9,policy=learned"],
     "--searcher 'ismcts:iterations=9,policy=learned': searches valdora with the shipped"),
    (["--kind", "policy", "-g", "alchemists", "--searcher", "ismcts:iterations=9"],
     "--searcher 'ismcts:iterations=9': searches alchemists with the shipped learned prior"),
])
def test_train_policy_refuses_bad_options(tmp_path: Path, args: list[str], message: str) -> None:
    """... the last two: a searcher with the shipped learned prior (asked for, or the
    search's default in the Alchemists) could not be replayed once the shipped model
    changes, or after the new model is written over it."""
    error = one_line_error(["train", "-o", str(tmp_path / "m.json"), *args])
    assert error.startswith(f"error: {message}"), error
    assert not (tmp_path / "m.json").exists()
