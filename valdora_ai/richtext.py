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
