"""An installed distribution's metadata, written as pip would write it (no files
copied): how the plug-in tests declare entry points without building anything."""

from __future__ import annotations

from pathlib import Path


def declare_entry_points(site: Path, name: str, group: str, points: dict[str, str]) -> None:
    """A distribution `name` in the directory `site` declaring `points` (entry point
    name -> ``module:attribute``) in the entry point group `group`."""
    info = site / f"{name.replace('-', '_')}-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1.0\n")
    lines = "".join(f"{key} = {value}\n" for key, value in points.items())
    (info / "entry_points.txt").write_text(f"[{group}]\n{lines}")
