"""Command-line interface, installed as ``valdora_ai.cli`` (not a top-level ``cli``)."""
