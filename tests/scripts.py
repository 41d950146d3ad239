"""Scripts that are not modules of a package (benchmarks/*.py, docs/cli_reference.py),
loaded by path for the tests that run their functions."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_script(path: Path) -> ModuleType:
    """The script at `path` as a module named after its file, registered in
    `sys.modules` (a dataclass in it looks its module up there). Its directory goes on
    `sys.path`, as when it is run, so its imports of modules beside it resolve."""
    if str(path.parent) not in sys.path:
        sys.path.append(str(path.parent))
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
