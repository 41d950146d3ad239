"""Positions for the nodes of a small board graph, computed from its edges alone.

A board picture needs coordinates, but a game's data file describes only which spaces
are joined. Stress majorization (Gansner, Koren and North, "Graph drawing by stress
majorization", 2004) places the nodes so that their distances on the page follow their
distances in the graph: rings come out as rings, spokes as spokes, and no coordinates
have to be invented and maintained by hand. The result is deterministic: a classical
scaling start (no random numbers) followed by a fixed number of majorization steps.
"""

from __future__ import annotations

from collections import deque

import numpy as np

ITERATIONS = 400


def graph_distances(n: int, edges: tuple[tuple[int, int], ...]) -> np.ndarray:
    """All-pairs shortest path lengths (in edges) of a connected undirected graph."""
    neighbours: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    dist = np.zeros((n, n))
    for source in range(n):
        seen = {source: 0}
        todo = deque([source])
        while todo:
            here = todo.popleft()
            for nb in neighbours[here]:
                if nb not in seen:
                    seen[nb] = seen[here] + 1
                    todo.append(nb)
        if len(seen) != n:
            raise ValueError("the graph is not connected")
        for node, d in seen.items():
            dist[source, node] = d
    return dist


def _classical_scaling(dist: np.ndarray) -> np.ndarray:
    """The best 2-D embedding of `dist` in the least-squares sense of its inner products."""
    n = len(dist)
    centre = np.eye(n) - np.full((n, n), 1.0 / n)
    inner = -0.5 * centre @ (dist**2) @ centre
    values, vectors = np.linalg.eigh(inner)
    top = np.argsort(values)[::-1][:2]
    coords = vectors[:, top] * np.sqrt(np.maximum(values[top], 1e-9))
    # An eigenvector's sign is arbitrary: fix it so the layout does not flip between runs.
    for axis in range(2):
        pivot = int(np.argmax(np.abs(coords[:, axis])))
        if coords[pivot, axis] < 0:
            coords[:, axis] *= -1
    return coords  # type: ignore[no-any-return]


def stress_layout(n: int, edges: tuple[tuple[int, int], ...]) -> list[tuple[float, float]]:
    """Node positions (one unit is one edge) whose distances follow the graph's."""
    if n == 1:
        return [(0.0, 0.0)]
    dist = graph_distances(n, edges)
    pos = _classical_scaling(dist)
    weight = np.where(dist > 0, 1.0 / np.where(dist > 0, dist, 1.0) ** 2, 0.0)
    total = weight.sum(axis=1)
    for _ in range(ITERATIONS):
        delta = pos[:, None, :] - pos[None, :, :]
        length = np.sqrt((delta**2).sum(axis=2))
        np.fill_diagonal(length, 1.0)
        length = np.maximum(length, 1e-9)
        pull = weight * dist / length  # how far each pair wants to be, per unit of delta
        pos = ((weight[:, :, None] * pos[None, :, :]).sum(axis=1)
               + (pull[:, :, None] * delta).sum(axis=1)) / total[:, None]
    pos -= pos.mean(axis=0)
    return [(float(x), float(y)) for x, y in pos]


def orient(points: list[tuple[float, float]], anchor: int) -> list[tuple[float, float]]:
    """`points` rotated about their centre so that node `anchor` lies straight below it
    (on a page, y grows downwards): a board then always shows the same way up."""
    ax, ay = points[anchor]
    if abs(ax) < 1e-9 and abs(ay) < 1e-9:
        return points
    angle = np.pi / 2 - np.arctan2(ay, ax)
    c, s = float(np.cos(angle)), float(np.sin(angle))
    return [(x * c - y * s, x * s + y * c) for x, y in points]


def separate(points: list[tuple[float, float]], radii: list[float],
             box: tuple[float, float, float, float], rounds: int = 200
             ) -> list[tuple[float, float]]:
    """`points` nudged apart until no two discs (centre, radius) overlap, each kept
    inside `box` (x, y, width, height): the last touch after a layout that knows
    nothing of how large each node is drawn."""
    pos = np.array(points, dtype=float)
    r = np.array(radii, dtype=float)
    x0, y0, w, h = box
    low, high = np.array([x0, y0]) + r[:, None], np.array([x0 + w, y0 + h]) - r[:, None]
    need = r[:, None] + r[None, :]
    np.fill_diagonal(need, 0.0)
    for _ in range(rounds):
        delta = pos[:, None, :] - pos[None, :, :]
        length = np.maximum(np.sqrt((delta**2).sum(axis=2)), 1e-6)
        short = np.maximum(need - length, 0.0)
        if not short.any():
            break
        push = (short / length / 2)[:, :, None] * delta
        pos = np.clip(pos + push.sum(axis=1), low, high)
    return [(float(x), float(y)) for x, y in pos]
