"""Agents and the one parser of agent specs (``name:key=value,key=value``)."""

from __future__ import annotations

from valdora_ai.agents.base import Agent, Param
from valdora_ai.errors import SpecError
from valdora_ai.games.base import Game
from valdora_ai.rng import check_seed


def agent_classes() -> dict[str, type[Agent]]:
    """Every agent by name."""
    from valdora_ai.agents.expectimax import ExpectimaxAgent
    from valdora_ai.agents.greedy import GreedyAgent
    from valdora_ai.agents.ismcts import IsmctsAgent
    from valdora_ai.agents.pimc import PimcAgent
    from valdora_ai.agents.random_agent import RandomAgent

    return {cls.name: cls for cls in (RandomAgent, GreedyAgent, IsmctsAgent, PimcAgent,
                                          ExpectimaxAgent)}


def parse_spec(spec: str) -> tuple[type[Agent], dict[str, object]]:
    """Split and type-check a spec string; SpecError names what is wrong."""
    classes = agent_classes()
    name, _, rest = spec.strip().partition(":")
    if name not in classes:
        raise SpecError(f"unknown agent {name!r} in {spec!r} (known: {', '.join(classes)})")
    cls = classes[name]
    params: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or not key:
            raise SpecError(f"{spec!r}: expected key=value, got {part!r}")
        if key not in cls.PARAMS:
            raise SpecError(f"{spec!r}: unknown parameter {key!r} for {name} "
                            f"(valid: {', '.join(sorted(cls.PARAMS))})")
        params[key] = _convert(spec, key, value.strip(), cls.PARAMS[key])
        if key == "seed":
            check_seed(params[key], repr(spec), SpecError)
    return cls, params


def _convert(spec: str, key: str, value: str, param: Param) -> object:
    try:
        if param.type is bool:
            if value.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError(value)
            return value.lower() in ("true", "1", "yes")
        return param.type(value)
    except ValueError:
        raise SpecError(f"{spec!r}: {key} must be {param.type.__name__}, got {value!r}") from None


def make_agent(spec: str, game: Game, *, seed: int | None = None) -> Agent:
    """Build an agent from its spec; `seed` applies unless the spec sets one."""
    cls, params = parse_spec(spec)
    if seed is not None and "seed" in cls.PARAMS:
        params.setdefault("seed", seed)
    return cls(game, **params)


__all__ = ["Agent", "Param", "agent_classes", "make_agent", "parse_spec"]
