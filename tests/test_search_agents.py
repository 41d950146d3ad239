"""The search agents: legal, reproducible, observation-only, anytime, tree reuse."""

from __future__ import annotations

from typing import Any

import pytest

import valdora_ai as va
from valdora_ai.agents.ismcts import IsmctsAgent
from valdora_ai.search.report import completed_turn, principal_variation
from valdora_ai.search.reuse import TreeMemory
from valdora_ai.search.tree import Edge, Node
from valdora_ai.search.uct import iterate, select

SPECS = ["ismcts:iterations=60", "ismcts:iterations=60,rollout=random,reward=rank",
         "pimc:iterations=60,worlds=4", "pimc:iterations=60,worlds=3,aggregate=average,"
         "reward=margin"]


def _stable(analysis: va.Analysis) -> dict[str, Any]:
    document = analysis.to_json()
    document.pop("seconds")
    return document


def _decision(game: Any, seed: int, prefix: int = 0) -> Any:
    """The state after `prefix` greedy steps from game `seed`'s start, and on to the
    next decision with a choice (two legal steps or more)."""
    state = game.new_state(seed)
    rng = va.make_rng(seed)
    played = 0
    while played < prefix or len(state.legal_steps()) < 2:
        state.apply(game.greedy_step(state, rng))
        played += 1
    return state


def _positions(name: str) -> list[tuple[Any, Any]]:
    """(game, state): a game start and mid-turn positions, one per player count."""
    found = []
    for players, (seed, prefix) in zip(va.player_counts(name), [(1, 0), (2, 1), (3, 7)],
                                       strict=True):
        game = va.make_game(name, players=players)
        found.append((game, _decision(game, seed, prefix)))
    return found


def _start(name: str, seed: int, prefix: int = 0) -> tuple[Any, Any]:
    """(game, its state at `_decision(game, seed, prefix)`) at 4 players, where each game
    has the positions these tests need (reveals and multi-step turns in reach)."""
    game = va.make_game(name, players=4)
    return game, _decision(game, seed, prefix)


@pytest.mark.parametrize("name", va.game_names())
@pytest.mark.parametrize("spec", SPECS)
def test_suggestions_are_legal_and_reproducible(spec: str, name: str) -> None:
    for game, state in _positions(name):
        obs = game.observation(state, state.current_player)
        first = va.make_agent(spec, game, seed=5).analyze(obs)
        again = va.make_agent(spec, game, seed=5).analyze(obs)
        assert _stable(first) == _stable(again)
        legal = state.legal_steps()
        assert first.best.step in legal and all(c.step in legal for c in first.candidates)
        assert first.iterations == 60 and first.complete
        best = first.best
        assert best.visits > 0 and len(best.values) == game.num_players
        assert 0.0 <= best.win_probability <= 1.0 and best.pv[0] == best.step
        assert len(best.expected_scores) == game.num_players


@pytest.mark.parametrize("name", va.game_names())
@pytest.mark.parametrize("spec", SPECS)
def test_agents_see_only_the_observation(spec: str, name: str) -> None:
    """Two true states that differ only in what seat 0 cannot see give the same analysis."""
    game, state = _start(name, 11)
    seat = state.current_player
    other = game.determinize(game.observation(state, seat), va.make_rng(99))
    assert game.position_to_json(other) != game.position_to_json(state)
    analyses = [_stable(va.make_agent(spec, game, seed=1).analyze(game.observation(s, seat)))
                for s in (state, other)]
    assert analyses[0] == analyses[1]


def _walk(game: Any, node: Node, belief: Any, depth: int = 0,
          only_player: int | None = None) -> int:
    """Replay every tree path on the belief state; count the revealing edges.

    With `only_player`, also check that every node with children is that player's."""
    assert not belief.is_chance_node()
    if only_player is not None and node.children:
        assert belief.current_player == only_player
    legal = belief.legal_steps()
    count = 0
    for step, edge in node.children.items():
        assert step in legal
        for revealed, child in edge.outcomes.items():
            state = belief.copy()
            state.play(step)
            for chance in revealed:  # only ever faces the belief state can reveal now
                assert chance in [s for s, _ in state.chance_outcomes()]
                state.play(chance)
            count += bool(revealed) + _walk(game, child, state, depth + 1, only_player)
    return count


@pytest.mark.parametrize("name", va.game_names())
def test_ismcts_tree_never_branches_on_unseen_faces(name: str) -> None:
    # past the setup, at a decision where each game's searched turns reveal faces (the
    # Alchemists' refills follow makes, which greedy play reaches by step 36 of seed 4)
    game, state = _start(name, 4, prefix=36)
    agent = IsmctsAgent(game, iterations=300, seed=2, reuse=True)
    obs = game.observation(state, state.current_player)
    agent.analyze(obs)
    root = agent.memory._last[2]  # the tree the search built
    assert _walk(game, root, obs.belief_state()) > 0  # reveals happened, all public


@pytest.mark.parametrize("name", va.game_names())
def test_a_turn_tree_ends_where_the_searchers_turn_ends(name: str) -> None:
    """tree=turn: only the searching player's decisions of the current turn are tree
    nodes; whatever follows its turn is play-out."""
    game, state = _start(name, 4)
    seat = state.current_player
    obs = game.observation(state, seat)
    for tree, bounded in (("turn", True), ("game", False)):
        agent = IsmctsAgent(game, iterations=400, seed=2, tree=tree)
        agent.analyze(obs)
        root = agent.memory._last[2]
        if bounded:
            _walk(game, root, obs.belief_state(), only_player=seat)
        else:
            with pytest.raises(AssertionError):
                _walk(game, root, obs.belief_state(), only_player=seat)


@pytest.mark.parametrize("name", va.game_names())
def test_search_streams_partial_results_and_stops_on_request(name: str) -> None:
    game, state = _start(name, 6)
    obs = game.observation(state, state.current_player)
    seen: list[va.Analysis] = []

    def on_progress(analysis: va.Analysis) -> None:
        seen.append(analysis)
        if len(seen) == 3:
            control.stop()

    control = va.SearchControl(on_progress=on_progress, report_every=1e-9)
    agent = va.make_agent("ismcts:seed=1,rollout=random", game)
    result = agent.analyze(obs, va.Budget(iterations=10_000), control)
    assert len(seen) == 3 and not any(a.complete for a in seen)
    assert [a.iterations for a in seen] == [1, 2, 3]
    assert not result.complete and result.iterations == 4
    assert result.best.step in obs.legal_steps()


# Greedy steps before a decision whose best step leaves the turn with its player (20;
# in Zavandor 21 since greedy's change of 2026-11-28: 20 now lands on a gem count,
# which ends the action).
REUSE_PREFIX = {"zavandor": 21}


@pytest.mark.parametrize("name", va.game_names())
def test_ismcts_reuses_the_subtree_of_its_own_step(name: str) -> None:
    game, state = _start(name, 4, prefix=REUSE_PREFIX.get(name, 20))  # a choice after it too
    seat = state.current_player
    agent = IsmctsAgent(game, iterations=200, seed=3)
    first = agent.analyze(game.observation(state, seat))
    state.play(first.best.step)  # the turn goes on: the same player acts next
    assert state.current_player == seat
    second = agent.analyze(game.observation(state, seat))
    assert second.extra["reused"] > 0
    fresh = IsmctsAgent(game, iterations=200, seed=3, reuse=False)
    assert fresh.analyze(game.observation(state, seat)).extra["reused"] == 0


def _step_before_draws(game: Any, draws: int) -> tuple[Any, int]:
    """A greedy game's first true state and legal step after which the observer's
    belief passes chance nodes with at least `draws` ways to resolve (a refill) and
    the draw is public (a private one, as Zavandor's samples, keys no subtree)."""
    state, rng = game.new_state(7), va.make_rng(7)
    while not state.is_terminal():
        belief = game.observation(state, state.current_player).belief_state()
        for step in belief.legal_steps():
            after, ways = belief.copy(), 1
            after.apply(step)
            while after.is_chance_node() and ways < draws:
                outcomes = after.chance_outcomes()
                ways *= len(outcomes)
                after.apply(outcomes[0][0])
            if ways >= draws and game.apply_revealing(state.copy(), step):
                return state, step
        state.play(game.greedy_step(state, rng))
    raise AssertionError(f"{game.name}: no step before {draws} draws")


@pytest.mark.parametrize("name", va.game_names())
def test_tree_recall_tries_only_the_outcomes_the_tree_stored(name: str) -> None:
    """After a step that draws, recall finds the subtree of what was drawn among the
    tree's stored outcomes, never enumerating every draw (Alchemists' loss on time:
    one recall after a refill of three cards took seconds)."""
    game = va.make_game(name)
    state, step = _step_before_draws(game, 20)
    seat = state.current_player
    observation = game.observation(state, seat)
    root, rng = Node(), va.make_rng(1)
    edge = root.children[step] = Edge(step, game.num_players)
    for _ in range(3):  # two other worlds' draws, stored first
        edge.next_node(game.apply_revealing(game.determinize(observation, rng), step))
    drawn = game.apply_revealing(state.copy(), step)
    expected = edge.next_node(drawn)
    memory = TreeMemory(game)
    memory.remember(observation, root, step)
    state.play(step)
    looked: list[int] = []
    json = game.position_to_json
    game.position_to_json = lambda position: looked.append(1) or json(position)
    assert memory.recall(game.observation(state, seat)) is expected
    assert len(looked) <= len(edge.outcomes) + 1  # the target and each stored outcome


@pytest.mark.parametrize("spec,message", [
    ("ismcts:reward=points", "reward must be one of win, rank, margin"),
    ("ismcts:rollout=smart", "rollout must be one of greedy, quick, random"),
    ("pimc:aggregate=max", "aggregate must be one of vote, average"),
    ("pimc:worlds=0", "worlds must be an integer from 1 to 10000, got 0"),
    ("ismcts:jobs=0", "jobs must be an integer from 1 to 64, got 0"),
    ("ismcts:depth=-2", "depth must be an integer from -1 to 1000, got -2"),
    ("ismcts:c=high", "c must be a number from 0 to 100, got 'high'"),
    ("ismcts:tree=round", "tree must be one of game, turn"),
    ("ismcts:prior=-0.1", "prior must be a number from 0 to 1000, got -0.1"),
    ("ismcts:width=3",
     "valid: c, clock, depth, eval, iterations, jobs, line, model, pick, policy, policy_model, "
     "prior, reuse, reward, rollout, seed, settle, stepwise, time, tree, trees, widen"),
])
def test_bad_search_specs_say_what_is_valid(spec: str, message: str) -> None:
    game = va.make_game("valdora", players=3)
    with pytest.raises(va.SpecError, match=message):
        va.make_agent(spec, game)


@pytest.mark.parametrize("name", va.game_names())
def test_time_budget_and_root_parallelism(name: str) -> None:
    game, state = _start(name, 5)
    obs = game.observation(state, state.current_player)
    timed = va.make_agent("ismcts:time=0.05,rollout=random", game).analyze(obs)
    assert timed.iterations >= 1 and timed.complete and timed.best.step in state.legal_steps()
    spec = "pimc:iterations=41,worlds=3,rollout=random,jobs=2"
    merged = va.make_agent(spec, game, seed=4).analyze(obs)
    assert merged.iterations == 41 and merged.extra["searches"] == 2 and merged.worlds == 6
    assert sum(merged.extra["votes"].values()) == 6
    assert sum(c.visits for c in merged.candidates) == 41
    assert _stable(merged) == _stable(va.make_agent(spec, game, seed=4).analyze(obs))
    # play-outs at the horizon are slow in some games; test_expectimax.py splits them
    split = va.make_agent("expectimax:depth=1,playouts=0,jobs=2", game).analyze(obs)
    single = va.make_agent("expectimax:depth=1,playouts=0", game).analyze(obs)
    assert split.complete and single.complete
    assert [c.step for c in split.candidates] == [c.step for c in single.candidates]


@pytest.mark.parametrize("name", va.game_names())
def test_a_root_ensemble_in_one_process_is_the_processes_merge(name: str) -> None:
    """trees=K searches K times in this process, the iterations split and each search
    seeded as a root-parallel job's: the same analysis as jobs=K."""
    game, state = _start(name, 5)
    obs = game.observation(state, state.current_player)
    trees = va.make_agent("ismcts:iterations=61,trees=3,seed=2", game).analyze(obs)
    jobs = va.make_agent("ismcts:iterations=61,jobs=3,seed=2", game).analyze(obs)
    assert trees.iterations == 61 and trees.extra["searches"] == 3
    assert sum(c.visits for c in trees.candidates) == 61
    assert [(c.step, c.visits, c.values) for c in trees.candidates] == [
        (c.step, c.visits, c.values) for c in jobs.candidates]
    single = va.make_agent("ismcts:iterations=61,seed=2", game).analyze(obs)
    assert [(c.step, c.visits) for c in single.candidates] != [
        (c.step, c.visits) for c in trees.candidates]


@pytest.mark.parametrize("spec", ["ismcts:iterations=40,trees=2,seed=3",
                                  "ismcts:iterations=40,jobs=2,seed=3",
                                  "expectimax:depth=1,playouts=2,seed=3"])
@pytest.mark.parametrize("name", va.game_names())
def test_a_position_met_again_is_searched_afresh(name: str, spec: str) -> None:
    """Asked the same decision again, an agent searches it with fresh random numbers,
    and a fresh agent of the same seed repeats its first search. (Seeds fixed by the
    spec alone made each decision a function of the position: two root ensembles in
    Valdora self-play then repeated a cycle of positions up to the safety cap.)"""
    game, state = _start(name, 5)
    obs = game.observation(state, state.current_player)
    agent = va.make_agent(spec, game)
    first, again = _stable(agent.analyze(obs)), _stable(agent.analyze(obs))
    assert _stable(va.make_agent(spec, game).analyze(obs)) == first
    assert again != first


def test_two_seeds_ensembles_share_no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The analyses of seeds 1 and 2 (what flag_errors.py compares for stability) run
    searches of different seeds: when the k-th search's seed was the spec's seed + k,
    three of their four searches were the same search and stability read too high."""
    game, state = _start("zavandor", 5)
    obs = game.observation(state, state.current_player)
    seeds: list[int] = []
    search = IsmctsAgent.search

    def recorded(self: IsmctsAgent, *args: Any) -> va.Analysis:
        seeds.append(self.params["seed"])
        return search(self, *args)

    monkeypatch.setattr(IsmctsAgent, "search", recorded)
    by_seed = []
    for seed in (1, 2):
        seeds.clear()
        va.make_agent(f"ismcts:iterations=40,trees=4,seed={seed}", game).analyze(obs)
        by_seed.append(set(seeds))
    assert len(by_seed[0]) == len(by_seed[1]) == 4
    assert not by_seed[0] & by_seed[1]


def test_a_root_ensemble_splits_a_time_budget_reports_and_stops(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With seconds, each of the trees gets its share (one after another, they must fit
    the budget together); progress reports show the merge so far; a stop request ends
    the ensemble after the current search."""
    game, state = _start("zavandor", 5)
    obs = game.observation(state, state.current_player)
    budgets: list[va.Budget] = []
    original = IsmctsAgent.search

    def recording(self: IsmctsAgent, observation: Any, budget: va.Budget,
                  control: Any) -> va.Analysis:
        budgets.append(budget)
        return original(self, observation, va.Budget(iterations=8), control)

    monkeypatch.setattr(IsmctsAgent, "search", recording)
    agent = va.make_agent("ismcts:trees=4,seed=1", game)
    timed = agent.analyze(obs, va.Budget(seconds=2.0))
    assert [b.seconds for b in budgets] == [0.5] * 4 and timed.extra["searches"] == 4
    reports: list[va.Analysis] = []
    control = va.SearchControl(on_progress=reports.append, report_every=1e-9)
    agent.analyze(obs, va.Budget(iterations=40), control)
    assert [r.extra["searches"] for r in reports] == [1, 2, 3, 4]
    budgets.clear()
    control.stop()
    stopped = agent.analyze(obs, va.Budget(iterations=40), control)
    assert len(budgets) == 1 and stopped.extra["searches"] == 1


@pytest.mark.parametrize("name", va.game_names())
def test_progressive_widening_limits_children(name: str) -> None:
    game, state = _start(name, 4)
    obs = game.observation(state, state.current_player)
    legal = obs.legal_steps()
    for widen, expected in ((0.0, min(10, len(legal))), (1.0, 4)):
        agent = IsmctsAgent(game, iterations=10, seed=1, widen=widen)
        assert len(agent.analyze(obs).candidates) == expected


def test_the_prior_favours_the_policy_step_until_its_own_visits_speak() -> None:
    node = Node()
    for step, rewards in ((7, [0.6, 0.6, 0.6, 0.6]), (3, [0.7, 0.7, 0.7, 0.7])):
        edge = node.children[step] = Edge(step, players=2)
        for reward in rewards:
            edge.add(([reward, 1 - reward], [0.0, 0.0], [0.0, 0.0]))
        edge.avail = 8
    node.policy_step = 7
    assert select(node, [7, 3], 0, c=0.2).step == 3  # no prior: the better mean
    assert select(node, [7, 3], 0, c=0.2, prior=1.0).step == 7  # 0.6 + 1/5 > 0.7
    assert select(node, [7, 3], 1, c=0.2, prior=1.0).step == 7  # the bias is everyone's
    assert select(node, [7, 3], 0, c=0.2, prior=0.4).step == 3  # 0.6 + 0.4/5 < 0.7


@pytest.mark.parametrize("name", va.game_names())
def test_expansion_records_the_policy_step_as_the_first_child(name: str) -> None:
    game, state = _start(name, 4)
    obs = game.observation(state, state.current_player)
    settings = IsmctsAgent(game, seed=1, prior=0.5).settings
    root = Node()
    iterate(root, game.determinize(obs, va.make_rng(2)), settings)
    assert root.policy_step == game.greedy_step(state, va.make_rng(0))
    assert list(root.children) == [root.policy_step]


def test_a_line_stops_before_a_step_with_fewer_visits_than_asked() -> None:
    root = Edge(7, 2)
    below = root.next_node(())
    for step, visits in ((3, 5), (4, 2)):
        below.children[step] = Edge(step, 2)
        below.children[step].visits = visits
    assert principal_variation(root) == (7, 3)
    assert principal_variation(root, least=5) == (7, 3)
    assert principal_variation(root, least=6) == (7,)


@pytest.mark.parametrize("name", va.game_names())
def test_line_completes_a_thin_turn_by_the_greedy_policy_the_same_for_every_seed(
        name: str) -> None:
    """``line=1`` (the search's every iteration, more than any step below the root
    has): each candidate's decision is its root step, then the rest of the turn as the
    greedy policy plays it from the belief state, a legal turn that ends where the
    mover's turn (or a reveal) does, whatever the search's seed."""
    game, state = _start(name, 4)
    observation = game.observation(state, state.current_player)
    lines = []
    for seed in (1, 2):
        analysis = IsmctsAgent(game, iterations=60, line=1, seed=seed).analyze(observation)
        decisions = {}
        for candidate in analysis.candidates:
            belief = observation.belief_state()
            decision = decisions[candidate.step] = completed_turn(game, belief,
                                                                  (candidate.step,))
            assert candidate.pv[:len(decision)] == decision  # then what a reveal showed
            board = belief.copy()
            for step in decision:
                assert step in board.legal_steps()
                board.apply(step)
            assert (board.is_terminal() or board.is_chance_node()
                    or board.current_player != state.current_player)
        lines.append(decisions)
    common = set(lines[0]) & set(lines[1])
    assert common and all(lines[0][step] == lines[1][step] for step in common)
    plain = IsmctsAgent(game, iterations=60, seed=1).analyze(observation)
    assert all(c.pv[0] == c.step for c in plain.candidates)
