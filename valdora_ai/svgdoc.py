"""A tiny SVG writer: elements with escaped attributes and text, nothing external.

Game renderers build their pictures with it. Every attribute value and every text is
escaped here, once, so names read from a data file can never break the document.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
CHAR_WIDTH = 0.66  # a generous average glyph width, as a fraction of the font size


def text_width(text: str, size: float) -> float:
    """An upper estimate of the width of `text` at font size `size` (for placing only)."""
    return len(text) * size * CHAR_WIDTH


def _attrs(attrs: dict[str, object]) -> str:
    parts = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        if isinstance(value, float):
            value = f"{value:.1f}".rstrip("0").rstrip(".")
        parts.append(f" {name.rstrip('_').replace('_', '-')}={quoteattr(str(value))}")
    return "".join(parts)


class SvgDoc:
    """An SVG document built element by element (``class_`` writes ``class``;
    other underscores become hyphens, so ``font_size`` writes ``font-size``)."""

    def __init__(self, width: float, height: float, *, css_class: str, title: str) -> None:
        self.width = width
        self.height = height
        self.css_class = css_class
        self.title = title
        self.parts: list[str] = []

    def element(self, tag: str, **attrs: object) -> None:
        self.parts.append(f"<{tag}{_attrs(attrs)}/>")

    def text(self, x: float, y: float, content: str, **attrs: object) -> None:
        self.parts.append(f"<text{_attrs({'x': x, 'y': y, **attrs})}>{escape(content)}</text>")

    def open(self, tag: str = "g", **attrs: object) -> None:
        self.parts.append(f"<{tag}{_attrs(attrs)}>")

    def close(self, tag: str = "g") -> None:
        self.parts.append(f"</{tag}>")

    def title_of_group(self, content: str) -> None:
        """A tooltip for the enclosing group (shown on hover by browsers)."""
        self.parts.append(f"<title>{escape(content)}</title>")

    def render(self, size: int | None = None) -> str:
        """The document; `size` sets the displayed width in pixels (height follows)."""
        width = self.width if size is None else size
        height = self.height * width / self.width
        head = _attrs({"xmlns": "http://www.w3.org/2000/svg", "class_": self.css_class,
                       "viewBox": f"0 0 {self.width:g} {self.height:g}",
                       "width": float(width), "height": float(height),
                       "font_family": FONT})
        return (f"<svg{head}><title>{escape(self.title)}</title>"
                + "".join(self.parts) + "</svg>\n")
