"""Node counting and the time limit, shared by every search.

Searches call `tick()` once per position they expand; every 4096 ticks it
looks at the clock and raises `TimeUp` past the deadline, so the cost of
the time limit is one integer increment per node.
"""

from __future__ import annotations

import time


class TimeUp(Exception):
    """The time limit cut the search short."""


class Interrupted(TimeUp):
    """The user stopped the search (Ctrl-C): it ends as at a time limit,
    keeping what was found."""


_stop = [False]  # set from a signal handler (`request_stop`), read by every budget


def request_stop() -> None:
    """Make every search stop at its next clock check (raising Interrupted).
    Safe to call from a signal handler: it only sets a flag."""
    _stop[0] = True


def clear_stop() -> None:
    _stop[0] = False


def stop_requested() -> bool:
    return _stop[0]


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
            if _stop[0]:
                raise Interrupted()
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise TimeUp()

    def elapsed(self) -> float:
        return time.perf_counter() - self.started
