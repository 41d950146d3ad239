"""`valdora play`, `valdora replay` and `valdora new-position`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import Progress, SpinnerColumn, TextColumn

from valdora_ai.clock import DEFAULT_FLAG_MARGIN, Flagged, SeatClock, TimeControl
from valdora_ai.errors import RecordError, ValdoraError
from valdora_ai.games import DEFAULT_GAME, DEFAULT_PLAYERS, make_game
from valdora_ai.interactive import GameSession
from valdora_ai.interactive.seats import is_human
from valdora_ai.interactive.session import per_seat, resume_command
from valdora_ai.records import replay as replay_record
from valdora_ai.richtext import literal
from valdora_ai.rng import check_seed
from valdora_ai.selfplay import GameResult, play_game

from .common import (
    FileGame,
    GameName,
    RulesData,
    check_range,
    console,
    user_errors,
    write_json,
)
from .play_session import default_record_path, play_interactive
from .render import result_table


def play(
    seat: Annotated[list[str] | None, typer.Option(
        "--seat", help="Agent spec for the next seat (repeat once per player), e.g. "
                       "greedy, random, greedy:seed=3, or human (you play it at the "
                       "terminal). Missing seats are greedy.")] = None,
    players: Annotated[int | None, typer.Option(
        "--players", "-p", help=f"Number of players (default {DEFAULT_PLAYERS}).")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed of the setup and the agents (default 1).")] = None,
    record: Annotated[Path | None, typer.Option(
        "--record", help="Write the game record (JSON lines) to this file.")] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Print every turn.")] = False,
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="Continue the saved game in this record (its seats, seed and "
                         "turns); the record is updated unless --record is given.")
    ] = None,
    hint_agent: Annotated[str, typer.Option(
        "--hint-agent", help="Agent spec that answers 'hint' in an interactive game.")
    ] = "greedy",
    game_name: Annotated[str | None, typer.Option(
        "--game", "-g", help="The game: valdora, zavandor, alchemists or an installed "
                             "plug-in (default valdora; with --resume, the one the "
                             "record names).")] = None,
    rules_data: RulesData = None,
    tc: Annotated[list[str] | None, typer.Option(
        "--tc", help="Time control BASE+INC: seconds for the game plus seconds added after "
                     "each decision (a step), e.g. 10+0.1. Once: every seat; repeated: one "
                     "per seat in order. Human seats too: their clock runs while they "
                     "decide. Search agents plan their time by it; a seat that overruns it "
                     "loses on time. Undo is off in a timed game.")] = None,
    flag_margin: Annotated[float, typer.Option(
        "--flag-margin", help="With --tc: seconds a seat may overrun its clock before it "
                              "flags.")] = DEFAULT_FLAG_MARGIN,
) -> None:
    """Play a complete game between agents and print the final score table; with
    human seats (or --resume), play it at the terminal.

    Example: valdora play --game zavandor -p 4 --seat human --seat ismcts:time=1
    --record game.jsonl
    """
    with user_errors():
        if resume is not None:
            for name, given in (("--seat", seat), ("--players", players), ("--seed", seed)):
                if given:
                    raise ValdoraError(f"{name}: not allowed with --resume (the record "
                                       "names the seats, players and seed)")
            if tc:
                raise ValdoraError("--tc: not allowed with --resume (a record keeps no "
                                   "clocks: a resumed game is untimed)")
            play_interactive(GameSession.resume(resume, rules_data=rules_data,
                                                expect_game=game_name),
                             record or resume, hint_agent)
            return
        seed = 1 if seed is None else seed
        check_seed(seed, "--seed")
        game = make_game(game_name or DEFAULT_GAME, players=players, rules_data=rules_data)
        players = game.num_players
        seats = list(seat or [])
        if len(seats) > players:
            raise ValdoraError(f"--seat: {len(seats)} seats given for {players} players")
        seats += ["greedy"] * (players - len(seats))
        controls = per_seat([TimeControl.parse(t) for t in tc], players, "--tc") if tc else None
        if any(is_human(s) for s in seats):
            session = GameSession.new(game, seats, seed)
            if controls is not None:
                session.start_clocks(controls, flag_margin)
            play_interactive(session, record or default_record_path(seed), hint_agent)
            return
        with Progress(SpinnerColumn(), TextColumn("{task.description}"), console=console,
                      transient=True, disable=verbose) as progress:
            task = progress.add_task("setting up")

            stood: list[Any] = [0, game.new_state(seed)]  # turns played, the state after

            def on_turn(number: int, who: int, play_text: str, state: object) -> None:
                stood[:] = [number, state]
                if verbose:
                    console.print(f"{number:4d}  seat {who}  {literal(play_text)}")
                progress.update(task, description=f"turn {number}: seat {who} {literal(play_text)}")

            clocks = (None if controls is None
                      else [SeatClock(control, flag_margin) for control in controls])
            try:
                result = play_game(game, seats, seed, record=record, on_turn=on_turn,
                                   clocks=clocks)
            except Flagged as flag:
                progress.stop()
                console.print(literal(f"{flag}: the game ends there"))
                turns, state = stood
                result = GameResult.of(game, state, seed, tuple(seats), turns)
                _print_result(result.forfeited(flag.seat))
                return
        _print_result(result)
        if clocks is not None:
            console.print(literal("clocks: " + "; ".join(
                f"seat {s} {sum(c.used):.2f} s in {len(c.used)} decisions, "
                f"{c.remaining:.2f} s left" for s, c in enumerate(clocks))))
        if record is not None:
            console.print(f"record written to {literal(record)}")


def _print_result(result: GameResult) -> None:
    console.print(result_table(result))


def replay(
    record: Annotated[Path, typer.Argument(help="A game record written by `valdora play`.")],
    at: Annotated[int | None, typer.Option(
        "--at", help="Stop before turn N (1 is the first turn).")] = None,
    export_position: Annotated[Path | None, typer.Option(
        "--export-position", help="Write the position (JSON) before turn --at, or the final "
                                  "one, to this file.")] = None,
    game_name: FileGame = None,
    rules_data: RulesData = None,
) -> None:
    """Re-play a record, check it, and print its score table (or export a position).

    Example: valdora replay game.jsonl --at 12 --export-position p.json
    """
    with user_errors():
        check_range("--at", at, 1)
        result = replay_record(record, rules_data=rules_data, expect_game=game_name)
        if at is not None and at > len(result.plays) + 1:
            raise RecordError(f"--at {at}: the record has only {len(result.plays)} turns")
        position = result.positions[at - 1] if at is not None else result.final
        if export_position is not None:
            write_json(result.game.position_to_json(position), export_position,
                       f"position before turn {at or len(result.plays) + 1}")
        if at is None:
            final = result.final
            summary = GameResult.of(result.game, final, result.header.seed,
                                    result.header.seats, len(result.plays))
            if result.finished:
                _print_result(summary)
            else:
                where = "" if summary.rounds is None else f" in round {summary.rounds + 1}"
                console.print(result_table(summary, title=(
                    f"Seed {summary.seed}: unfinished game ({len(result.plays)} turns, seat "
                    f"{final.current_player} to move{where}): points so far")))
                console.print("continue it with: "
                              f"{literal(resume_command(result.game.name, record))}")


def new_position(
    players: Annotated[int | None, typer.Option(
        "--players", "-p", help=f"Number of players (default {DEFAULT_PLAYERS}).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the setup.")] = 1,
    public: Annotated[bool, typer.Option(
        "--public", help="Leave out what the player to move cannot see (the position as "
                         "that player sees it).")
    ] = False,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", help="Write to this file instead of standard output.")] = None,
    game_name: GameName = DEFAULT_GAME,
    rules_data: RulesData = None,
) -> None:
    """Write the position (JSON) of a fresh setup.

    Example: valdora new-position --game alchemists -p 3 --seed 7 -o p.json
    """
    with user_errors():
        check_seed(seed, "--seed")
        game = make_game(game_name, players=players, rules_data=rules_data)
        state = game.new_state(seed)
        if public:  # as the player to move sees it, so that `suggest` can read it
            state = game.observation(state, max(state.current_player, 0)).belief_state()
        write_json(game.position_to_json(state), output)
