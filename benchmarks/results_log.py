"""The results file of a resumable measurement (flag_errors.py, win_calibration.py).

JSON lines: the first holds the settings the others were measured with, each other line
one result. The file is made with its first result, so a run that fails before any
(a bad game or spec) leaves nothing that would refuse its corrected re-run; a re-run
with other settings is refused, one with the same settings goes on where it stopped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class ResultsLog:
    """The results on file at `path` for `settings` (no file at all when `path` is None:
    the results are then kept by the caller only)."""

    def __init__(self, path: Path | None, settings: dict[str, Any]) -> None:
        self.path = path
        self.settings = settings
        self._started = False

    def read(self) -> list[dict[str, Any]]:
        """The results already on file, in order; a line cut short by an interruption is
        dropped (its result is measured again)."""
        text = "" if self.path is None or not self.path.exists() else self.path.read_text()
        if not text.strip():
            return []
        first, *rest = text.splitlines()
        if json.loads(first).get("settings") != self.settings:
            raise SystemExit(f"error: {self.path} holds a measurement with other settings; "
                             "use another --out-dir or delete it")
        self._started = True
        results = []
        for line in rest:
            try:
                results.append(json.loads(line))
            except json.JSONDecodeError:
                continue
        return results

    def append(self, result: dict[str, Any]) -> None:
        """Write one result, making the file with its settings line first if need be."""
        if self.path is None:
            return
        if not self._started and not (self.path.exists() and self.path.read_text().strip()):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps({"settings": self.settings}) + "\n")
        self._started = True
        with self.path.open("a") as out:
            out.write(json.dumps(result) + "\n")
