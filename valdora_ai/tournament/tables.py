"""The report as Rich tables: standings, seats, and the SPRT state."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table

from valdora_ai.richtext import literal
from valdora_ai.tournament.report import Line, Report
from valdora_ai.tournament.sprt import EloEstimate


def _row(line: Line) -> list[str]:
    cells = [literal(line.label), str(line.games), f"{line.win_share:.3f}",
             f"[{line.win_ci.low:.3f}, {line.win_ci.high:.3f}]",
             f"{line.score.mean:.1f} ± {line.score.se:.1f}",
             f"{line.rank.mean:.2f} ± {line.rank.se:.2f}"]
    if line.rating is not None:
        cells.append(f"{line.rating.mu:.1f} ± {line.rating.sigma:.1f}")
    return cells


SEATS_CAPTION = ("seats: the seats an entrant played (one game may seat it more than "
                 "once); win share: the share of those seats that won, a tie shared, so "
                 "the shares of entrants need not add up to 1")


def _table(title: str, lines: tuple[Line, ...], first: str, rating: bool,
           caption: str | None = None) -> Table:
    table = Table(title=title, title_justify="left", caption=caption, caption_justify="left")
    table.add_column(first)
    for name in ("seats" if first == "entrant" else "games", "win share", "95% CI",
                 "score ± se", "rank ± se"):
        table.add_column(name, justify="right")
    if rating:
        table.add_column("rating μ ± σ", justify="right")
    for line in lines:
        table.add_row(*_row(line))
    return table


def standings_table(report: Report) -> Table:
    """Entrants, best Plackett–Luce rating first."""
    identity = report.identity
    blocks = f"{report.blocks} complete block{'' if report.blocks == 1 else 's'}"
    title = literal(f"{identity['game']}, {identity['players']} players, "
                    f"seed {identity['seed']}: {report.games} games ({blocks})")
    return _table(title, report.standings, "entrant", rating=True, caption=SEATS_CAPTION)


def seats_table(report: Report) -> Table:
    return _table("By seat", report.seats, "seat", rating=False)


def sprt_line(report: Report) -> str:
    state = report.sprt
    if state is None:
        return ""
    verdict = {"H1": f"H1 accepted: the first entrant is at least {state.elo1:g} Elo stronger",
               "H0": f"H0 accepted: the first entrant is at most {state.elo0:g} Elo stronger",
               None: "undecided"}[state.decision]
    return (f"SPRT [{state.elo0:g}, {state.elo1:g}] after {state.blocks} blocks: "
            f"LLR {state.llr:.2f} (bounds {state.lower:.2f}, {state.upper:.2f}): {verdict}")


def elo_text(estimate: EloEstimate) -> str:
    """``Elo +12 [-20, +44]``: a head-to-head estimate with its 95% interval."""
    return f"Elo {estimate.elo:+.0f} [{estimate.low:+.0f}, {estimate.high:+.0f}]"


def head_to_head_line(report: Report) -> str:
    estimate = report.head_to_head
    if estimate is None:
        return ""
    return (f"Head to head, the first entrant against the second: {elo_text(estimate)} "
            f"(95%), score {estimate.score:.3f} over {estimate.blocks} blocks")


def time_table(report: Report) -> Table:
    """Clock use per entrant: decisions, mean and longest decision, losses on time."""
    controls = report.identity.get("time_controls", [])
    table = Table(title=literal(f"Time (controls {', '.join(dict.fromkeys(controls))}; "
                                f"flag margin {report.identity.get('flag_margin', 0):g} s)"),
                  title_justify="left")
    table.add_column("entrant")
    for name in ("decisions", "mean s", "longest s", "lost on time"):
        table.add_column(name, justify="right")
    for usage in report.time_usage:
        table.add_row(literal(usage.label), str(usage.decisions), f"{usage.mean:.3f}",
                      f"{usage.longest:.3f}", str(usage.losses_on_time))
    return table


def report_renderable(report: Report) -> RenderableType:
    """Everything the terminal shows at the end of a run or for `report`."""
    parts: list[RenderableType] = [standings_table(report), seats_table(report)]
    if report.time_usage:
        parts.append(time_table(report))
    if report.head_to_head is not None:
        parts.append(head_to_head_line(report))
    if report.sprt is not None:
        parts.append(sprt_line(report))
    if report.capped:
        parts.append(f"{report.capped} games stopped at the safety cap")
    if report.forfeits:
        parts.append(literal(f"{len(report.forfeits)} games lost by forfeit: "
                             + "; ".join(report.forfeits[:3])
                             + ("; ..." if len(report.forfeits) > 3 else "")))
    return Group(*parts)
