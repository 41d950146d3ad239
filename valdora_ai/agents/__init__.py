"""Agents and the one parser of agent specs (``name:key=value,key=value``).

A name is a built-in agent, an installed plugin (entry point group ``valdora_ai.agents``),
``py:package.module:Class``, one of OpenSpiel's bots ``openspiel:ismcts`` or
``openspiel:mcts`` (see :mod:`valdora_ai.agents.plugins`) or an external program
``cmd:"program args"`` (see :mod:`valdora_ai.agents.external`).
"""

from __future__ import annotations

from valdora_ai.agents import external
from valdora_ai.agents import plugins as plugins_module
from valdora_ai.agents.base import Agent, Param, spec_parts, spec_text
from valdora_ai.errors import SpecError
from valdora_ai.games.base import Game
from valdora_ai.rng import check_seed


def agent_classes() -> dict[str, type[Agent]]:
    """Every agent by name: the built-in ones, then the installed plugins."""
    builtin = _builtin_classes()
    plugins = {name: plugins_module.entry_point_class(name, frozenset(builtin))
               for name in plugins_module.plugin_names()}
    return builtin | {name: cls for name, cls in plugins.items() if cls is not None}


def _builtin_classes() -> dict[str, type[Agent]]:
    from valdora_ai.agents.expectimax import ExpectimaxAgent
    from valdora_ai.agents.greedy import GreedyAgent
    from valdora_ai.agents.ismcts import IsmctsAgent
    from valdora_ai.agents.levels import LevelAgent
    from valdora_ai.agents.oracle import OracleIsmctsAgent
    from valdora_ai.agents.pimc import PimcAgent
    from valdora_ai.agents.random_agent import RandomAgent
    from valdora_ai.agents.styles import HoarderAgent, PlannerAgent

    return {cls.name: cls for cls in (RandomAgent, GreedyAgent, PlannerAgent, HoarderAgent,
                                      IsmctsAgent, PimcAgent, ExpectimaxAgent,
                                      OracleIsmctsAgent, LevelAgent)}


def parse_spec(spec: str) -> tuple[type[Agent], dict[str, object]]:
    """Split, type-check and range-check a spec string; SpecError names what is wrong.

    Spaces around the name, keys and values, empty parts (a trailing comma) and the
    order of the keys do not matter: :func:`canonical_spec` writes them all one way.
    """
    cls, rest = _agent_class(spec)
    name = cls.name
    params: dict[str, object] = {}
    for index, part in enumerate(filter(None, (p.strip() for p in rest.split(",")))):
        if index == 0 and "=" not in part and cls.POSITIONAL is not None:
            part = f"{cls.POSITIONAL}={part}"  # `level:3` is `level:level=3`
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or not key:
            raise SpecError(f"{_short(spec)}: expected key=value, got {_short(part)}")
        if key not in cls.PARAMS:
            raise SpecError(f"{_short(spec)}: unknown parameter {_short(key)} for {name} "
                            f"(valid: {', '.join(sorted(cls.PARAMS))})")
        if key in params:
            raise SpecError(f"{_short(spec)}: {key} is given twice")
        params[key] = _convert(spec, key, value.strip(), cls.PARAMS[key])
        if key == "seed":
            check_seed(params[key], repr(spec), SpecError)
    return cls, params


def _agent_class(spec: str) -> tuple[type[Agent], str]:
    """The class a spec names and the text of its parameters."""
    if spec.lstrip().startswith(external.PREFIX):
        return external.split_spec(spec)
    if spec.lstrip().startswith(plugins_module.PY_PREFIX):
        target, _, rest = spec.lstrip()[len(plugins_module.PY_PREFIX):].partition(",")
        return plugins_module.py_class(target), rest
    if spec.lstrip().startswith(plugins_module.OPENSPIEL_PREFIX):
        bot, _, rest = spec.lstrip()[len(plugins_module.OPENSPIEL_PREFIX):].partition(",")
        return plugins_module.openspiel_class(bot.strip()), rest
    name, _, rest = spec.partition(":")
    name = name.strip()
    builtin = _builtin_classes()
    cls = builtin.get(name) or plugins_module.entry_point_class(name, frozenset(builtin))
    if cls is None:
        known = [*builtin, *plugins_module.plugin_names(), "py:package.module:Class",
                 "openspiel:ismcts", "openspiel:mcts", 'cmd:"program args"']
        raise SpecError(f"unknown agent {_short(name)} in {_short(spec)} "
                        f"(known: {', '.join(known)})")
    return cls, rest


def canonical_spec(spec: str) -> str:
    """The one way of writing `spec`: keys in the agent's order, values as it formats
    them (``"ismcts: c=0.50, seed=3,"`` is ``"ismcts:seed=3,c=0.5"``).

    Keys given at their default value stay (an explicit ``seed=0`` is not the seed a
    game would derive). Specs are stored and compared in this form.
    """
    cls, params = parse_spec(spec)
    return spec_text(cls.name, spec_parts(cls, params, [k for k in cls.PARAMS if k in params]))


def _convert(spec: str, key: str, value: str, param: Param) -> object:
    try:
        parsed = param.parse(value)
    except ValueError:
        raise SpecError(f"{_short(spec)}: {key} must be {param.accepts()}, "
                        f"got {_short(value)}") from None
    return param.check(_short(spec), key, parsed)


def _short(text: str) -> str:
    """`text` quoted, cut to a readable length (a spec may come from anyone)."""
    return repr(text) if len(text) <= 60 else repr(text[:57] + "...")


def refuse_world_seer(agent: Agent | str, where: str) -> None:
    """SpecError when `agent` (an agent or a spec) is an evaluation-only agent that sees
    the true world: such an agent never plays against people or advises them."""
    cls = type(agent) if isinstance(agent, Agent) else parse_spec(agent)[0]
    if cls.needs_true_state:
        raise SpecError(f"{cls.name} sees the hidden cards and is for evaluation only "
                        f"(tournaments, benchmarks): it cannot be used for {where}")


def make_agent(spec: str, game: Game, *, seed: int | None = None) -> Agent:
    """Build an agent from its spec; `seed` applies unless the spec sets one.

    `seed` must be a seed (0 to 2**64 - 1): callers that derive one (a game's seed
    plus the seat) use :func:`valdora_ai.rng.derive_seed`, which wraps.
    """
    cls, params = parse_spec(spec)
    if seed is not None and "seed" in cls.PARAMS:
        params.setdefault("seed", check_seed(seed))
    return cls(game, **params)


__all__ = ["Agent", "Param", "agent_classes", "canonical_spec",
           "make_agent", "parse_spec", "refuse_world_seer"]
