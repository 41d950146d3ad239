"""The version, in one place: pyproject.toml reads it from here (``dynamic``), the package
re-exports it as ``valdora_ai.__version__``, and the CLI, records and engine report it."""

__version__ = "0.1.0"
