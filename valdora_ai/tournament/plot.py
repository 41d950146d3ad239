"""A PNG of a report: win shares with their 95% intervals, and ratings over the games.

matplotlib is an optional extra (``pip install matplotlib``, or the ``plot`` extra); it is imported
only here, with the file-only Agg backend.
"""

from __future__ import annotations

from pathlib import Path

from valdora_ai.atomic import atomic_write
from valdora_ai.tournament.config import TournamentError
from valdora_ai.tournament.report import Report


def write_plot(report: Report, path: str | Path) -> None:
    """Write the two panels to `path` (PNG), atomically."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise TournamentError("--plot needs matplotlib: pip install matplotlib (or the "
                              "'plot' extra)") from None
    entrants = list(report.identity["entrants"])
    figure, (shares, ratings) = plt.subplots(1, 2, figsize=(11, 4.5))
    lines = report.standings
    positions = range(len(lines))
    shares.errorbar(
        list(positions), [line.win_share for line in lines],
        yerr=[[line.win_share - line.win_ci.low for line in lines],
              [line.win_ci.high - line.win_share for line in lines]],
        fmt="o", capsize=4)
    shares.axhline(1 / int(report.identity["players"]), color="grey", linestyle=":",
                   label="equal strength")
    shares.set_xticks(list(positions), [line.label for line in lines], rotation=20)
    shares.set_ylabel("win share (95% CI)")
    shares.set_ylim(0, 1)
    shares.legend()
    games = range(len(report.history))
    for e, label in enumerate(entrants):
        mu = [step[e].mu for step in report.history]
        sigma = [step[e].sigma for step in report.history]
        ratings.plot(list(games), mu, label=label)
        ratings.fill_between(list(games), [m - s for m, s in zip(mu, sigma, strict=True)],
                             [m + s for m, s in zip(mu, sigma, strict=True)], alpha=0.15)
    ratings.set_xlabel("games")
    ratings.set_ylabel("Plackett–Luce rating μ ± σ")
    ratings.legend()
    figure.suptitle(f"{report.identity['game']}, {report.identity['players']} players: "
                    f"{report.games} games")
    figure.tight_layout()
    try:
        with atomic_write(path, "wb") as stream:
            figure.savefig(stream, format="png", dpi=100)
    finally:
        plt.close(figure)
