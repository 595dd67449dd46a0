"""Progress of a batch: a bar with rate and ETA on a terminal, plain lines otherwise.

On a terminal one status line is redrawn in place (`\\r`); in a log or a
pipe every finished problem is one line, so that the output can be read
back (and grepped) after the run.  File names are shown through
`shown_name`, so that a name holding a newline or another control character
cannot break or forge a line.
"""

from __future__ import annotations

import shutil
import sys
import time


def shown_name(name: str) -> str:
    """`name` as it may be printed on one line: unchanged when every
    character is printable, else quoted with backslash escapes as Python's
    repr does ('a\\nb' for a newline, '\\udcff' for an undecodable byte)."""
    return name if name.isprintable() else repr(name)


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"


class Progress:
    def __init__(self, total: int, stream=None, tty: bool | None = None) -> None:
        self.total = total
        self.done = 0
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty() if tty is None else tty
        self.started = time.perf_counter()
        self._last_draw = 0.0

    def rate(self) -> float:
        elapsed = time.perf_counter() - self.started
        return self.done / elapsed if elapsed > 0 else 0.0

    def eta(self) -> float | None:
        rate = self.rate()
        if rate <= 0:
            return None
        return (self.total - self.done) / rate

    def status(self) -> str:
        eta = self.eta()
        return (f"{self.done}/{self.total} {self.rate():.1f}/s "
                f"ETA {_duration(eta) if eta is not None else '?'}")

    def advance(self, label: str, verdict: str, seconds: float) -> None:
        self.done += 1
        if not self.tty:
            self.stream.write(f"[{self.done}/{self.total}] {label}: {verdict} ({seconds:.2f} s)\n")
            self.stream.flush()
            return
        now = time.perf_counter()
        if now - self._last_draw < 0.1 and self.done < self.total:
            return
        self._last_draw = now
        width = shutil.get_terminal_size((80, 20)).columns
        bar_width = 24
        filled = int(bar_width * self.done / self.total) if self.total else bar_width
        text = f"[{'#' * filled}{'.' * (bar_width - filled)}] {self.status()} {label}: {verdict}"
        self.stream.write("\r" + text[:width - 1].ljust(width - 1))
        self.stream.flush()

    def note(self, text: str) -> None:
        """A line of its own (a retry, a warning), above the bar on a terminal."""
        self.stream.write(("\r\x1b[K" if self.tty else "") + text + "\n")
        self.stream.flush()
        self._last_draw = 0.0

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


__all__ = ["Progress"]
