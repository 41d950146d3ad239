"""A learned evaluation: position features, a ridge value model, self-play training data.

:mod:`.features` turns a state into one feature row per seat, :mod:`.model` fits,
stores and loads the value model, :mod:`.selfplay_data` plays the seeded self-play
games it learns from, and :mod:`.train` ties them together for ``valdora train``.
The search uses a model through ``eval=learned`` (:class:`~valdora_ai.search.rewards.Evaluator`).
"""
