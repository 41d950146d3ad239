"""The learned evaluation: features, the ridge model, its file, training, the search option."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from cli_checks import one_line_error
from typer.testing import CliRunner

from valdora_ai.agents import make_agent
from valdora_ai.cli.app import app
from valdora_ai.errors import ValdoraError
from valdora_ai.games import make_game
from valdora_ai.learning.features import feature_names, features
from valdora_ai.learning.model import (
    ModelError,
    data_hash,
    fit,
    load_model,
    model_for,
    shipped_path,
)
from valdora_ai.learning.selfplay_data import generate
from valdora_ai.learning.train import train
from valdora_ai.search.rewards import Evaluator

runner = CliRunner()


GAMES = ("valdora", "zavandor", "alchemists")


def midgame(players: int = 3, steps: int = 60, game_name: str = "valdora"):  # type: ignore[no-untyped-def]
    game = make_game(game_name, players=players)
    state = game.new_state(7)
    greedy = make_agent("greedy:seed=3", game)
    for _ in range(steps):
        if state.current_player < 0:
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(greedy.choose(game.observation(state, state.current_player)))
    return game, state


def test_features_one_row_per_seat_with_the_estimate_and_score_rows() -> None:
    game, state = midgame(4)
    x = features(game, state)
    names = feature_names(game)
    assert x.shape == (4, len(names))
    est = game.estimate_final_scores(state)
    assert x[:, names.index("estimate")].tolist() == pytest.approx(est)
    assert x[:, names.index("lead")][0] == pytest.approx(est[0] - max(est[1:]))
    total = names.index("score:total")
    assert x[:, total].tolist() == [row[5] for row in game.score_rows(state)]
    assert x[:, names.index("to_move")].sum() == 1.0


def test_fit_recovers_a_linear_rule() -> None:
    game = make_game("valdora", players=3)
    rng = np.random.default_rng(0)
    x = rng.normal(size=(2000, len(feature_names(game))))
    x[:, 0] = 1.0
    truth = rng.normal(size=x.shape[1])
    model = fit(game, x, x @ truth, {}, ridge=0.0)
    assert model.predict_rows(x) == pytest.approx(x @ truth, abs=1e-6)


def test_model_file_round_trip(tmp_path: Path) -> None:
    game, state = midgame()
    model, rows = train("valdora", [3], 300, seed=5)
    assert [r.stage for r in rows] == ["all", "quarter 1", "quarter 2", "quarter 3",
                                       "quarter 4"]
    assert sum(r.positions for r in rows[1:]) == rows[0].positions > 0
    assert all(0 <= r.learned_winner <= 1 and r.estimate_mae > 0 for r in rows)
    model.save(tmp_path / "m.json")
    again = load_model(tmp_path / "m.json", game)
    assert again.predict(game, state) == pytest.approx(model.predict(game, state))
    assert again.provenance["data_sha256"] == model.provenance["data_sha256"]
    assert again.provenance["seed"] == 5 and again.provenance["positions"] >= 300


def good_document() -> dict:  # type: ignore[type-arg]
    return json.loads(shipped_path("valdora").read_text())


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="other"), "not a value model"),
    (lambda d: d.update(version=99), "version 99 is not supported"),
    (lambda d: d.update(game="zavandor"), "for game 'zavandor'"),
    (lambda d: d["features"].pop(), "feature list differs"),
    (lambda d: d["weights"].pop(), "'weights' must be a list of"),
    (lambda d: d.update(mean=["x"] * len(d["mean"])), "'mean' must be a list of"),
    (lambda d: d["scale"].__setitem__(1, 0.0), "'scale' must be positive"),
])
def test_a_bad_model_file_is_one_clear_error(tmp_path: Path, change, message) -> None:  # type: ignore[no-untyped-def]
    document = good_document()
    change(document)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    with pytest.raises(ModelError, match=message) as info:
        load_model(path, make_game("valdora", players=3))
    assert str(info.value).startswith(str(path)) and "\n" not in str(info.value)


def test_unreadable_model_files(tmp_path: Path) -> None:
    game = make_game("valdora", players=3)
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(ModelError, match="not valid JSON"):
        load_model(tmp_path / "bad.json", game)
    with pytest.raises(ModelError, match="cannot read"):
        load_model(tmp_path / "missing.json", game)


@pytest.mark.parametrize("game_name", GAMES)
def test_every_game_ships_a_valid_model_trained_on_enough_positions(game_name: str) -> None:
    game, state = midgame(4, game_name=game_name)
    model = model_for(game)
    assert model.game == game_name
    assert model.provenance["positions"] >= 100_000
    assert 4 in model.provenance["players"]
    assert len(model.predict(game, state)) == 4
    assert model.predict(game, state) == pytest.approx(
        model.predict_rows(features(game, state)).tolist(), abs=1e-9)


@pytest.mark.slow  # a whole training run per game; the quick loop checks reproducibility small
@pytest.mark.parametrize("game_name", GAMES)
def test_the_shipped_model_is_what_its_recorded_seed_rebuilds(game_name: str) -> None:
    shipped = json.loads(shipped_path(game_name).read_text())
    made = shipped["provenance"]
    model, _ = train(game_name, made["players"], 100_000, made["seed"])
    rebuilt = json.loads(json.dumps(model.to_json()))
    # The training data must match bit for bit (its hash is in the provenance); the
    # solved weights only to rounding: BLAS picks its summation order by CPU, and the
    # solve magnifies that rounding (1e-7 relative seen in Zavandor, against changes of
    # 1e-3 and more when the data or the training change).
    numeric = ("mean", "scale", "weights")
    for key in numeric:
        assert rebuilt[key] == pytest.approx(shipped[key], rel=1e-5, abs=1e-8), key
    assert {k: v for k, v in rebuilt.items() if k not in numeric} == {
        k: v for k, v in shipped.items() if k not in numeric}


def test_training_is_reproducible_from_a_seed_whatever_the_jobs(tmp_path: Path) -> None:
    paths = []
    for name, seed, jobs in (("a", 11, 1), ("b", 11, 2), ("c", 12, 1)):
        path = tmp_path / f"{name}.json"
        result = runner.invoke(app, ["train", "-o", str(path), "--positions", "250",
                                     "--seed", str(seed), "-j", str(jobs), "-p", "3"])
        assert result.exit_code == 0, result.output
        assert "held-out accuracy" in result.output
        paths.append(path.read_bytes())
    assert paths[0] == paths[1]
    assert paths[0] != paths[2]


def test_generate_collects_whole_games_labelled_with_final_scores() -> None:
    samples = generate("valdora", [3, 4], 400, seed=2)
    assert samples.positions >= 400
    assert data_hash(samples.x, samples.y) == data_hash(*_xy(generate("valdora", [3, 4], 400, 2)))
    # every position of a game carries that game's final scores and one winner at least
    for g in np.unique(samples.game):
        rows = samples.game == g
        assert samples.won[rows].sum() >= 1


def _xy(samples):  # type: ignore[no-untyped-def]
    return samples.x, samples.y


@pytest.mark.parametrize(("args", "message"), [
    (["-p", "9"], "--players: "), (["--positions", "5"], "--positions must be at least"),
    (["-j", "0"], "--jobs must be from 1 to 1024, or negative"),
    (["--seed", "-1"], "--seed: -1 is not a seed"),
])
def test_train_refuses_bad_options(tmp_path: Path, args: list[str], message: str) -> None:
    error = one_line_error(["train", "-o", str(tmp_path / "m.json"), *args])
    assert error.startswith(f"error: {message}"), error
    assert not (tmp_path / "m.json").exists()


def test_train_refuses_an_output_it_cannot_write_before_playing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import valdora_ai.learning.train as learning

    def no_training(*args: object) -> None:
        pytest.fail("trained before checking the output")

    monkeypatch.setattr(learning, "train", no_training)
    for target, message in ((tmp_path / "no" / "m.json", "cannot write (No such file"),
                            (tmp_path, "cannot write (it is a directory)")):
        assert f"{target}: {message}" in one_line_error(["train", "-o", str(target),
                                                         "--positions", "100"])


@pytest.mark.parametrize("game_name", GAMES)
def test_the_search_option_uses_the_model_at_cut_offs(game_name: str) -> None:
    game, state = midgame(game_name=game_name)
    model = model_for(game)
    evaluator = Evaluator(game, "margin", model)
    _, scores, wins = evaluator.evaluate(state)
    assert scores == pytest.approx(model.predict(game, state))
    assert sum(wins) == pytest.approx(1.0)
    agent = make_agent("ismcts:eval=learned,depth=1,iterations=30,seed=1", game)
    assert agent.evaluator.model is model
    assert agent.choose(game.observation(state, state.current_player)) in state.legal_steps()
    assert make_agent("ismcts", game).evaluator.model is None


def test_a_bad_model_path_in_a_spec_is_a_library_error(tmp_path: Path) -> None:
    game = make_game("valdora", players=3)
    with pytest.raises(ValdoraError, match="cannot read the model file"):
        make_agent(f"ismcts:eval=learned,model={tmp_path / 'none.json'}", game)


def test_a_game_without_a_shipped_model_is_a_library_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("valdora_ai.learning.model.shipped_path",
                        lambda name: tmp_path / f"{name}.json")
    with pytest.raises(ValdoraError, match="no learned model is shipped for zavandor"):
        make_agent("ismcts:eval=learned", make_game("zavandor", players=3))


@pytest.mark.parametrize(("game_name", "spec", "learned", "depth"), [
    ("valdora", "ismcts", False, -1),
    ("valdora", "ismcts:eval=learned", True, 6),
    ("valdora", "ismcts:eval=learned,depth=2", True, 2),
    ("valdora", "pimc:eval=learned", True, 6),
    ("valdora", "pimc", False, -1),
    ("zavandor", "ismcts", False, -1),
    ("zavandor", "ismcts:eval=learned", True, 6),
    ("alchemists", "ismcts:eval=learned", True, 6),
])
def test_a_learned_estimate_cuts_play_outs_off_at_its_tested_depth_by_default(
        game_name: str, spec: str, learned: bool, depth: int) -> None:
    agent = make_agent(spec, make_game(game_name, players=3))
    assert (agent.evaluator.model is not None) == learned
    assert agent.settings.depth == depth
