"""An example valdora_ai plugin: see lookahead.py and docs/agents.md#plugin-agents."""
