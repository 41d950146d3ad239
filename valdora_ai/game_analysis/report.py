"""Pictures of a game analysis: the win-chance plot and a self-contained HTML report.

The report draws its plot as inline SVG (:func:`plot_svg`, no dependency), with the
board picture (``Game.render_svg``) before every flagged turn and the explanations, so
the one HTML file is all a reader needs and it works on the plain install. The PNG of
``--plot`` (:func:`plot_png`) needs matplotlib.
"""

from __future__ import annotations

import html
import io
from typing import Any

from valdora_ai.errors import ValdoraError
from valdora_ai.game_analysis import GameAnalysis
from valdora_ai.games.base import Pictured
from valdora_ai.records import Replay
from valdora_ai.svgdoc import SvgDoc

SEAT_COLOURS = ("#00acc1", "#e91e8c", "#ff8f00", "#43a047", "#1e88e5")
PLURALS = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}


def plot_png(analysis: GameAnalysis) -> bytes:
    """Each seat's win chance at every position evaluated, as a PNG image."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot as plt
    except ImportError:
        raise ValdoraError("--plot needs matplotlib: pip install matplotlib (or the "
                           "'plot' extra; --html draws its plot without it)") from None
    points = _win_chances(analysis)
    figure, axes = plt.subplots(figsize=(9, 4), dpi=100)
    try:
        for seat in range(analysis.players):
            axes.plot([i for i, _ in points], [w[seat] for _, w in points],
                      label=f"seat {seat}", color=SEAT_COLOURS[seat % len(SEAT_COLOURS)],
                      linewidth=1.6)
        for review in analysis.reviews:
            if review.flag in ("mistake", "blunder"):
                axes.axvline(review.turn - 1, color="#999999", linewidth=0.6, linestyle=":")
        axes.set(xlabel="turn", ylabel="win chance", ylim=(-0.02, 1.02),
                 title=f"Win chance ({analysis.agent})")
        axes.yaxis.set_major_formatter(lambda value, _: f"{value:.0%}")
        axes.legend(loc="upper left", fontsize="small")
        axes.grid(alpha=0.3)
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", bbox_inches="tight")
    finally:
        plt.close(figure)
    return buffer.getvalue()


def _win_chances(analysis: GameAnalysis) -> list[tuple[int, tuple[float, ...]]]:
    points = analysis.win_chances()
    if not points:
        raise ValdoraError(f"{analysis.agent} reports no win chances to plot")
    return points


PLOT_WIDTH, PLOT_HEIGHT = 900, 340
PLOT_MARGIN = {"left": 58, "right": 18, "top": 34, "bottom": 44}


def plot_svg(analysis: GameAnalysis) -> str:
    """Each seat's win chance at every position evaluated, as an SVG picture: labelled
    axes, a line per seat, a dotted line at each mistake and blunder."""
    points = _win_chances(analysis)
    left, right = PLOT_MARGIN["left"], PLOT_WIDTH - PLOT_MARGIN["right"]
    top, bottom = PLOT_MARGIN["top"], PLOT_HEIGHT - PLOT_MARGIN["bottom"]
    last = max(max(i for i, _ in points), 1)

    def x(position: float) -> float:
        return left + (right - left) * position / last

    def y(chance: float) -> float:
        return bottom - (bottom - top) * chance

    svg = SvgDoc(PLOT_WIDTH, PLOT_HEIGHT, css_class="win-chance",
                 title=f"Win chance per seat ({analysis.agent})")
    svg.text(left, 20, f"Win chance ({analysis.agent})", font_size=14)
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        svg.element("line", x1=left, x2=right, y1=y(tick), y2=y(tick), stroke="#e0e0e0")
        svg.text(left - 6, y(tick) + 4, f"{tick:.0%}", font_size=11, text_anchor="end")
    step = max(1, round(last / 10))
    for turn in range(0, last + 1, step):
        svg.text(x(turn), bottom + 16, str(turn + 1), font_size=11, text_anchor="middle")
    svg.text((left + right) / 2, PLOT_HEIGHT - 8, "turn", font_size=12, text_anchor="middle")
    svg.text(14, (top + bottom) / 2, "win chance", font_size=12, text_anchor="middle",
             transform=f"rotate(-90 14 {(top + bottom) / 2:.0f})")
    svg.element("line", x1=left, x2=left, y1=top, y2=bottom, stroke="#555")
    svg.element("line", x1=left, x2=right, y1=bottom, y2=bottom, stroke="#555")
    for review in analysis.reviews:
        if review.flag in ("mistake", "blunder"):
            svg.element("line", x1=x(review.turn - 1), x2=x(review.turn - 1), y1=top,
                        y2=bottom, stroke="#999999", stroke_dasharray="2 3")
    for seat in range(analysis.players):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        line = " ".join(f"{x(i):.1f},{y(w[seat]):.1f}" for i, w in points)
        svg.element("polyline", points=line, fill="none", stroke=colour, stroke_width=1.8)
        svg.text(right - 70 * (analysis.players - seat), top - 8, f"seat {seat}",
                 font_size=12, fill=colour)
    return svg.render()


_STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; max-width: 1250px; }
table { border-collapse: collapse; margin: 1em 0; }
td, th { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
td.turn { text-align: left; font-family: monospace; }
td.turn .words { font-family: sans-serif; color: #555; }
tr.blunder td { background: #f8d0d0; } tr.mistake td { background: #fbe3c8; }
tr.inaccuracy td { background: #fdf5cc; }
section.flagged { border-top: 2px solid #888; margin-top: 2em; }
section.flagged svg { max-width: 100%; height: auto; }
"""


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{value:.0%}"


def _interval(value: float, interval: list[float], scale: float, digits: int) -> str:
    low, high = interval
    return (f"{value * scale:.{digits}f} [{low * scale:.{digits}f}, "
            f"{high * scale:.{digits}f}]")


def _loss(review: dict[str, Any]) -> str:
    if review["sameDecision"]:
        return "–"
    return _interval(review["loss"], review["lossInterval"], 1, 1)


def _win_loss(review: dict[str, Any]) -> str:
    if review["sameDecision"]:
        return "–"
    return _interval(review["winLoss"], review["winLossInterval"], 100, 0)


def html_report(analysis: GameAnalysis, replayed: Replay) -> str:
    """The whole report as one HTML document (no external files or scripts)."""
    e = html.escape
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Analysis of "
             f"{e(analysis.game)} seed {analysis.seed}</title><style>{_STYLE}</style></head>"
             f"<body><h1>{e(analysis.game)}, seed {analysis.seed}, {analysis.players} "
             f"players</h1><p>Searched by <code>{e(analysis.agent)}</code>; seats: "
             f"{e(', '.join(replayed.header.seats))}.</p>",
             plot_svg(analysis),
             _summary_table(analysis), _turn_table(analysis)]
    game = replayed.game
    for review in analysis.reviews:
        if review.flag is None:
            continue
        state = replayed.positions[review.turn - 1]
        data = review.to_json()
        parts.append(f"<section class='flagged' id='turn-{review.turn}'><h2>Turn "
                     f"{review.turn}, seat {review.seat}: {e(review.flag)}</h2>"
                     f"<p>Played <code>{e(review.played)}</code> (the decision "
                     f"<code>{e(review.played_decision)}</code>: "
                     f"{e('; '.join(review.played_words))}); the search prefers "
                     f"<code>{e(review.best)}</code> ({e('; '.join(review.best_words))})."
                     f" On {data['worlds']} common sampled "
                     f"worlds it lost {_loss(data)} points and {_win_loss(data)} "
                     "percentage points of win chance (95% intervals).</p>")
        if review.explanation:
            parts.append(_explanation(review.explanation))
        if isinstance(game, Pictured):
            parts.append(game.render_svg(state, observer=review.seat))
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _summary_table(analysis: GameAnalysis) -> str:
    rows = "".join(
        f"<tr><td>{s.seat}</td><td>{s.turns}</td><td>{s.within_noise}</td>"
        f"<td>{s.accuracy:.1f}%</td><td>{s.mean_loss:.2f}</td>"
        + "".join(f"<td>{s.flags[name]}</td>" for name in s.flags) + "</tr>"
        for s in analysis.summaries)
    flags = "".join(f"<th>{PLURALS[name]}</th>" for name in analysis.summaries[0].flags)
    return (f"<h2>Players</h2><table><tr><th>seat</th><th>turns</th><th>within noise</th>"
            f"<th>accuracy</th><th>mean loss</th>{flags}</tr>{rows}</table>"
            "<p>Within noise: decisions not significantly worse than the best found. "
            "Accuracy: lichess's formula on the win chance each decision lost, counted "
            "when significant (docs/analysis.md).</p>")


def _in_words(turn: str, words: tuple[str, ...]) -> str:
    """A turn in the notation over its decision in words, escaped."""
    said = f"<br><span class='words'>{html.escape('; '.join(words))}</span>" if words else ""
    return html.escape(turn) + said


def _turn_table(analysis: GameAnalysis) -> str:
    e = html.escape
    rows = []
    for r in analysis.reviews:
        data = r.to_json()
        link = f"<a href='#turn-{r.turn}'>{r.turn}</a>" if r.flag else str(r.turn)
        expected = "–" if r.expected_before is None else f"{r.expected_before:.1f}"
        rows.append(f"<tr class='{r.flag or ''}'><td>{link}</td><td>{r.seat}</td>"
                    f"<td class='turn'>{_in_words(r.played, r.played_words)}</td>"
                    f"<td class='turn'>"
                    f"{'=' if r.same_decision else _in_words(r.best, r.best_words)}</td>"
                    f"<td>{expected}</td><td>{_loss(data)}</td>"
                    f"<td>{_percent(r.win_before)}</td><td>{_win_loss(data)}</td>"
                    f"<td>{e(r.flag or '')}</td></tr>")
    return ("<h2>Turns</h2><p>Loss: the points (and win chance) the played decision gave "
            f"away against the best found, on {analysis.worlds} common sampled worlds or more "
            "(more where the flag was close), with "
            "95% intervals; (sampled: …) marks what followed a reveal in one sampled world. "
            "A flag needs the whole interval above its threshold.</p>"
            "<table><tr><th>turn</th><th>seat</th><th>played</th><th>best</th>"
            "<th>expected</th><th>loss [95%]</th><th>win</th><th>win lost [95%]</th>"
            "<th>flag</th></tr>" + "".join(rows) + "</table>")


def _explanation(document: dict[str, Any]) -> str:
    e = html.escape
    does = "".join(f"<li>{e(s)}</li>" for s in document.get("does", []))
    why = " ".join(e(s) for s in document.get("why", []))
    return (f"<p>The best turn <code>{e(document.get('turn', ''))}</code> does:</p>"
            f"<ul>{does}</ul><p>{why}</p>")
