"""``valdora serve``: play and analyse in the browser, over the engine protocol.

- :mod:`~valdora_ai.serve.config`: where the server listens and its limits;
- :mod:`~valdora_ai.serve.table`: one game played from the page, shown as its human
  seat knows it;
- :mod:`~valdora_ai.serve.sessions`: the session requests added to the protocol;
- :mod:`~valdora_ai.serve.connection`: one WebSocket, its engine and its sessions;
- :mod:`~valdora_ai.serve.app`: the ASGI application (Starlette) and the page.

Starlette and uvicorn come with the ``serve`` extra; importing this package needs
them. The page and its messages are documented in ``docs/serve.md``.
"""
