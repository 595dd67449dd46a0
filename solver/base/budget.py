"""Node counting, the time limit and the memory budget, shared by every search.

Time.  Searches call `tick()` once per position they expand (and the
costly inner loops once per turn they examine).  Now and then it looks at
the clock and raises `TimeUp` past the deadline, so the cost of the time
limit is one integer increment and one comparison per node.  How often the
clock is read adapts to the cost of a node: about every `CHECK_SPAN`
seconds, whether a node takes a microsecond (orthodox play: a read every
few thousand nodes) or a tenth of a second (Marseillais, where one node
generates a thousand turns).  A fixed interval either reads the clock all
the time or lets an expensive search run minutes past its limit.

The deadline is a wall-clock time (`time.time()`), not a `perf_counter`
reading, so that the worker processes of a parallel run share the parent's
deadline: the limit is one deadline for the whole problem, however its
work is spread.

Memory.  Every transposition table and cache of a search is bounded: its
size in entries is its share of one memory budget (`max_mem` bytes, by
default `DEFAULT_MAX_MEM`, set per process with `set_max_mem`: the
`--max-mem` option) divided by what an entry costs.  A full table drops its
older half (`drop_oldest_half`).
"""

from __future__ import annotations

import re
import time
from itertools import islice

CHECK_SPAN = 0.01  # seconds between two clock readings, roughly
_MAX_INTERVAL = 4096  # nodes between two readings at most
_FIRST_INTERVAL = 16  # the first reading comes early: a node may be slow

DEFAULT_MAX_MEM = 1 << 30  # 1 GiB: fits a laptop, beside other programs
# What the interpreter, the code and the solution trees need besides the
# tables; the tables share what is left of the budget.
RESERVED_MEM = 64 << 20
MIN_ENTRIES = 64  # a table never smaller than this (a tiny budget still works)
# Shares of the tables' memory: the search's memo (battle play's two tables
# together, or help play's failures), the intelligent search's mate targets,
# and a condition's own cache (Marseillais).  The memo lives beside one of
# the other two at most (the intelligent search declines conditions), so
# what is alive at once stays within 0.9 of the budget.
SEARCH_SHARE = 0.6
TARGET_SHARE = 0.3
RULES_SHARE = 0.15

_max_mem = DEFAULT_MAX_MEM


class TimeUp(Exception):
    """The time limit cut the search short."""


def set_max_mem(size: int | None) -> None:
    """The memory budget of the searches of this process, in bytes (None: the
    default).  A process-wide setting, as memory is a process's resource: a
    worker process sets its own (each worker has the whole budget)."""
    global _max_mem
    _max_mem = DEFAULT_MAX_MEM if size is None else size


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


def max_mem() -> int:
    """This process's memory budget in bytes (see `set_max_mem`)."""
    return _max_mem


_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*", re.IGNORECASE)
_UNITS = {"": 1 << 10, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def parse_size(text: str) -> int:
    """Bytes of a memory size such as '512M', '2G', '1.5g', '800MB'; a plain
    number counts kilobytes, as Popeye's -maxmem does.  ValueError if
    unreadable."""
    m = _SIZE.fullmatch(text)
    if not m:
        raise ValueError(f"{text!r} is not a memory size (say 512M or 2G)")
    return int(float(m.group(1)) * _UNITS[m.group(2).lower()])


def drop_oldest_half(table: dict) -> None:
    """Make room in a full table: forget the older half of its entries.

    Why this policy: a dict keeps insertion order, so the oldest entries are
    found without any bookkeeping per entry (no counter, no depth stored,
    nothing on the hot path), and the entries kept are the recent ones, those
    of the part of the tree the search is in, which it is the most likely to
    meet again.  Clearing everything (the former policy) threw those away
    too; a depth-preferred scheme would need a fixed array of slots, which in
    Python costs more than it saves.  Dropping half at a time keeps the
    amortised cost at one deletion per insertion.  Forgetting an entry loses
    only time, never a result: every table holds facts that can be
    recomputed."""
    for key in list(islice(table, len(table) // 2)):
        del table[key]


class Budget:
    __slots__ = ("nodes", "deadline", "_next_check", "_interval", "_last", "started", "max_mem")

    def __init__(self, max_seconds: float | None = None, *, deadline: float | None = None,
                 max_mem: int | None = None) -> None:
        """`max_seconds` from now, or an absolute `deadline` (a `time.time()`
        value, given by a parent process); `max_mem` bytes for the tables
        (default: this process's `max_mem()`)."""
        self.nodes = 0
        self.started = time.perf_counter()
        now = time.time()
        if deadline is None and max_seconds is not None:
            deadline = now + max_seconds
        self.deadline = deadline
        self._last = now
        self._interval = _FIRST_INTERVAL
        # Read even without a deadline: Ctrl-C (`request_stop`) is seen there.
        self._next_check = _FIRST_INTERVAL
        self.max_mem = _max_mem if max_mem is None else max_mem

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check()

    def _check(self) -> None:
        """Stopped by the user, or past the deadline? And when to look next: the interval grows while
        readings come quickly, and shrinks in proportion when they are late."""
        if _stop[0]:
            raise Interrupted()
        now = time.time()
        if self.deadline is not None and now > self.deadline:
            raise TimeUp()
        span = now - self._last
        self._last = now
        interval = self._interval
        if span < CHECK_SPAN / 2:
            interval = min(interval * 2, _MAX_INTERVAL)
        elif span > CHECK_SPAN:
            interval = max(1, int(interval * CHECK_SPAN / span))
        self._interval = interval
        self._next_check = self.nodes + interval

    def remaining(self) -> float | None:
        """Seconds left before the deadline (None: no limit)."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - time.time())

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def entries(self, share: float, entry_bytes: int) -> int:
        """How many entries a table may hold: `share` of the memory left for
        tables, at `entry_bytes` each (at least MIN_ENTRIES)."""
        usable = max(self.max_mem - RESERVED_MEM, self.max_mem // 4)
        return max(MIN_ENTRIES, int(usable * share) // entry_bytes)
