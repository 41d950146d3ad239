"""User text in Rich output: printed literally, never read as markup.

Rich reads ``[...]`` in any string it prints (console lines, table cells, titles,
progress descriptions) as markup: ``x[/y]`` raises MarkupError and ``[red]`` vanishes.
Everything that comes from a user -- agent specs, paths, typed turns, ids from a data
file, record contents, error messages quoting any of these -- goes through `literal`
before it is put into text Rich will parse.
"""

from __future__ import annotations

from rich.markup import escape


def literal(text: object) -> str:
    """`text` as markup that Rich prints exactly as written."""
    return escape(str(text))


SEAT_STYLES = ("bold cyan", "bold magenta", "bold yellow", "bold green", "bold blue")


def flow(prefix: str, items: list[str], width: int) -> str:
    """`items` after `prefix`, three spaces apart, broken into lines between items only."""
    lines, line = [], prefix
    for item in items:
        if line.strip() and len(line) + 3 + len(item) > width:
            lines.append(line)
            line = " " * len(prefix)
        line += ("" if line.isspace() or line == prefix else "   ") + item
    lines.append(line)
    return "\n".join(lines)
