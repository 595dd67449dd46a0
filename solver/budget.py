"""Node counting and the time limit, shared by every search.

Searches call `tick()` once per position they expand; every 4096 ticks it
looks at the clock and raises `TimeUp` past the deadline, so the cost of
the time limit is one integer increment per node.
"""

from __future__ import annotations

import time


class TimeUp(Exception):
    """The time limit cut the search short."""


class Budget:
    __slots__ = ("nodes", "deadline", "_next_check", "started")

    def __init__(self, max_seconds: float | None = None) -> None:
        self.nodes = 0
        self.started = time.perf_counter()
        self.deadline = None if max_seconds is None else self.started + max_seconds
        self._next_check = 4096

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + 4096
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise TimeUp()

    def elapsed(self) -> float:
        return time.perf_counter() - self.started
