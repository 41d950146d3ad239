"""Agents from outside the library: installed plugins and ``py:`` specs.

A plugin agent is a subclass of :class:`valdora_ai.agents.base.Agent` (the documented
protocol: built as ``cls(game, **params)``, ``choose(observation)`` returns a step,
``analyze`` may return an :class:`~valdora_ai.analysis.Analysis`). It is named either

* by an entry point in the group ``valdora_ai.agents`` of an installed distribution:
  the entry point's name is the spec name (``mybot:seed=3``), its value
  ``package.module:Class``; or
* directly, as ``py:package.module:Class`` (``py:mybots.lookahead:Lookahead,worlds=4``),
  for a module on the Python path.

OpenSpiel's search bots are named ``openspiel:ismcts`` and ``openspiel:mcts`` (see
:mod:`valdora_ai.interop.openspiel_bots`); they need the ``openspiel`` extra.

Its parameters are the class's ``PARAMS`` table, typed and range-checked exactly as a
built-in agent's. The class is handed out as a subclass whose ``name`` is the name it
was asked by, so ``agent.spec`` (what records, analyses and tournaments store) is a
spec that builds it again.
"""

from __future__ import annotations

import functools
import importlib
from importlib.metadata import entry_points

from valdora_ai.agents.base import Agent
from valdora_ai.errors import SpecError

GROUP = "valdora_ai.agents"
PY_PREFIX = "py:"
OPENSPIEL_PREFIX = "openspiel:"
OPENSPIEL_MODULE = "valdora_ai.interop.openspiel_bots"
OPENSPIEL_BOTS = {"ismcts": "Ismcts", "mcts": "Mcts"}  # spec name -> class in that module


def plugin_names() -> list[str]:
    """The spec names installed distributions declare in the ``valdora_ai.agents`` group."""
    return sorted({entry.name for entry in entry_points(group=GROUP)})


def entry_point_class(name: str, builtin: frozenset[str]) -> type[Agent] | None:
    """The agent class installed as `name`, None if no distribution declares it.

    A plugin cannot take a built-in agent's name: the built-in would silently win.
    """
    found = [entry for entry in entry_points(group=GROUP) if entry.name == name]
    if not found:
        return None
    if name in builtin:
        raise SpecError(f"plugin agent {name!r} ({found[0].value}) takes the name of a "
                        "built-in agent; rename its entry point")
    if len({entry.value for entry in found}) > 1:
        raise SpecError(f"plugin agent {name!r} is declared twice: "
                        f"{', '.join(sorted(entry.value for entry in found))}")
    module, _, attribute = found[0].value.partition(":")
    return _agent_class(name, module.strip(), attribute.strip(), f"entry point {name!r}")


def py_class(target: str) -> type[Agent]:
    """The agent class a ``py:`` spec names (`target` is ``package.module:Class``)."""
    module, colon, attribute = target.partition(":")
    module, attribute = module.strip(), attribute.strip()
    if not colon or not module or not attribute:
        raise SpecError(f"{PY_PREFIX}{target!r}: expected py:package.module:Class")
    return _agent_class(f"{PY_PREFIX}{module}:{attribute}", module, attribute,
                        f"{PY_PREFIX}{module}:{attribute}")


def openspiel_class(bot: str) -> type[Agent]:
    """The agent class of ``openspiel:<bot>``; a SpecError for an unknown bot or when
    OpenSpiel is not installed."""
    name = f"{OPENSPIEL_PREFIX}{bot}"
    if bot not in OPENSPIEL_BOTS:
        raise SpecError(f"unknown OpenSpiel bot {name!r} (known: "
                        f"{', '.join(OPENSPIEL_PREFIX + known for known in OPENSPIEL_BOTS)})")
    from valdora_ai.interop import MissingExtraError

    try:
        importlib.import_module(OPENSPIEL_MODULE)
    except MissingExtraError as exc:
        raise SpecError(f"{name} needs OpenSpiel: {exc}") from None
    return _agent_class(name, OPENSPIEL_MODULE, OPENSPIEL_BOTS[bot], name)


@functools.cache
def _agent_class(name: str, module: str, attribute: str, where: str) -> type[Agent]:
    """Import `module`, check that `attribute` is an agent class, name it `name`."""
    try:
        loaded = importlib.import_module(module)
    except ImportError as exc:
        raise SpecError(f"{where}: cannot import module {module!r} ({exc})") from None
    except Exception as exc:  # the plugin's own code failed while importing
        raise SpecError(f"{where}: importing {module!r} failed: "
                        f"{type(exc).__name__}: {exc}") from None
    cls: object = loaded
    for part in attribute.split("."):
        cls = getattr(cls, part, None)
        if cls is None:
            raise SpecError(f"{where}: module {module!r} has no {attribute!r}")
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise SpecError(f"{where}: {attribute!r} is not an agent (a subclass of "
                        "valdora_ai.Agent)")
    if getattr(cls, "__abstractmethods__", None):
        raise SpecError(f"{where}: {attribute!r} does not implement "
                        f"{', '.join(sorted(cls.__abstractmethods__))}")
    return type(cls.__name__, (cls,), {"name": name, "__module__": cls.__module__,
                                       "__doc__": cls.__doc__})
