"""Command-line interface, installed as ``valdora_ai.cli`` (not a top-level ``cli``)."""

INTERRUPTED_EXIT = 130  # Ctrl-C: the shell convention for SIGINT (128 + 2)
