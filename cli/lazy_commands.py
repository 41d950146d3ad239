"""The top-level `valdora` commands, each imported only when it runs.

Importing every command module at start-up would pull in numpy, joblib, the search
agents and the tournament machinery for `valdora --help` or `valdora new-position`.
:class:`LazyCommands`, the root group, instead starts with a placeholder per command that
carries only its one-line summary (all the root's `--help` needs) and builds the real
command from its module when the command is resolved to run, or asked for its `--help`.
`tests/test_cli_startup.py` checks that the summaries below are the commands' own, and
that starting the CLI imports none of the heavy modules.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import import_module
from typing import Any

import typer
from typer import _click as click  # the copy of Click that Typer (0.26 on) is built on
from typer.core import TyperCommand, TyperGroup

USAGE_ERROR_EXIT = 1  # as every other bad input (cli/common.py), not Click's 2

# Command name -> (module of this package, attribute: a command function or a Typer app,
# summary: the first paragraph of its help on one line), in the order `--help` lists them.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "play": ("game_commands", "play",
             "Play a complete game between agents and print the final score table; with "
             "human seats (or --resume), play it at the terminal."),
    "replay": ("game_commands", "replay",
               "Re-play a record, check it, and print its score table (or export a position)."),
    "new-position": ("game_commands", "new_position",
                     "Write the position (JSON) of a fresh setup."),
    "engine": ("engine_commands", "engine",
               "Answer JSON-lines requests on stdin (see docs/engine-protocol.md)."),
    "suggest": ("suggest_commands", "suggest",
                "Rank the moves of the player to move: whole turn, first step and statistics."),
    "analyze": ("analyze_commands", "analyze",
                "Review every turn of a game: expected points and win chance before it, the "
                "best turn found, the loss of the played decision with its 95% interval; "
                "mistakes flagged when the loss is significant; a summary per player."),
    "render": ("render_commands", "render",
               "Draw a position as an SVG picture: the board and every player's holdings."),
    "bench": ("bench_commands", "bench",
              "Benchmark the reference and the compiled engine (copies, legal steps, applies, "
              "play-outs, greedy games, determinizations, search iterations of each search "
              "agent) for every player count of the game."),
    "serve": ("serve_commands", "serve",
              "Play and analyse in the browser (see docs/serve.md)."),
    "train": ("train_commands", "train_command",
              "Train a value model for eval=learned: greedy self-play positions, a ridge "
              "regression of each seat's final score on position features, and its accuracy "
              "on held-out games against the hand-written estimate. With --kind policy, a "
              "policy prior for policy=learned: self-play by --searcher, a softmax over each "
              "decision's steps fitted to the search's visit shares, and its held-out fit. The "
              "same seed and options write the same file."),
    "engine-info": ("info_commands", "engine_info",
                    "Show which engine (compiled or pure Python) runs each game and the random "
                    "generator, and where each compiled extension is."),
    "data": ("data_commands", "data_app",
             "Inspect and validate the component data (board, cards, tiles)."),
    "position": ("position_commands", "position_app",
                 "Check, list legal steps of, and play turns on position files."),
    "tournament": ("tournament_commands", "tournament_app",
                   "Self-play tournaments: play (or resume) with options, or `report` a "
                   "database."),
}


def short_help(help_text: str) -> str:
    """The first paragraph of `help_text` on one line, as the list of commands shows it
    (Typer would keep a docstring's line breaks there)."""
    return " ".join(inspect.cleandoc(help_text).split("\n\n")[0].split())


def command_target(name: str) -> Callable[..., Any] | typer.Typer:
    """The command function or Typer app of the top-level command `name` (imports it)."""
    module, attribute, _ = COMMANDS[name]
    target: Callable[..., Any] | typer.Typer = getattr(
        import_module(f".{module}", __package__), attribute)
    return target


def _build(name: str) -> click.Command:
    """The Click command of `name`, built by Typer as if registered on the root app."""
    holder = typer.Typer()
    target = command_target(name)
    if isinstance(target, typer.Typer):
        holder.add_typer(target, name=name)
    else:
        holder.command(name, short_help=short_help(target.__doc__ or ""))(target)
    return typer.main.get_group(holder).commands[name]


@contextmanager
def one_line_usage_errors() -> Iterator[None]:
    """Report a mistyped command line (an unknown option or command, a missing argument,
    a value of the wrong type) as every other bad input is reported: one line on standard
    error naming what is wrong and where to read how, and exit code 1, instead of
    Click's boxed usage block and exit code 2. A bare group (`valdora`, `valdora
    tournament`) still shows its help."""
    try:
        yield
    except click.exceptions.NoArgsIsHelpError:
        raise
    except click.exceptions.UsageError as exc:
        from .common import print_error

        message = exc.format_message().rstrip(".")
        if exc.ctx is not None:
            message += f"; see '{exc.ctx.command_path} -h'"
        print_error(message)
        raise typer.Exit(USAGE_ERROR_EXIT) from None


class _Summary(TyperCommand):
    """A command not loaded yet: its name and summary, for the root's `--help`."""


class LazyCommands(TyperGroup):
    """The root group: every command of :data:`COMMANDS`, each built on first use."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for name, (_, _, summary) in COMMANDS.items():
            self.add_command(_Summary(name, short_help=summary))

    def load(self, name: str) -> click.Command:
        """The real command `name`, built now unless it was before."""
        command = self.commands[name]
        if isinstance(command, _Summary):
            command = self.commands[name] = _build(name)
        return command

    def load_all(self) -> LazyCommands:
        """Build every command (for what walks the whole tree: docs/cli_reference.py)."""
        for name in COMMANDS:
            self.load(name)
        return self

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        with one_line_usage_errors():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        with one_line_usage_errors():
            return super().invoke(ctx)

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if name is not None and isinstance(command, _Summary):
            command = self.load(name)
        return name, command, rest


def every_command(app: typer.Typer) -> LazyCommands:
    """The Click group of the root `app` with every command built (what
    ``typer.main.get_command`` gives, with no placeholder left)."""
    group = typer.main.get_command(app)
    assert isinstance(group, LazyCommands)
    return group.load_all()
