"""Shared test helpers: where the reference data lives, and how its absence is handled.

The reference files sit outside the project, in ../shared/reference (CI has them
beside the checkout; a user's fresh clone does not). Tests that need them call
`reference()`: it returns the path, or skips with the reason printed, or, under
FEERIE_REQUIRE_REFERENCE=1 (set by .ci/run), fails, so CI never skips them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = Path(os.environ.get("FEERIE_REFERENCE", ROOT.parent / "shared" / "reference"))
# FEERIE_SLOW_TESTS=1 also runs the cases listed as too slow for CI
SLOW_TESTS = os.environ.get("FEERIE_SLOW_TESTS") == "1"


def skip_unless_slow_tests(why: str) -> None:
    """Skip a case listed as too slow for CI (`why`: its measured time),
    unless FEERIE_SLOW_TESTS=1."""
    if not SLOW_TESTS:
        pytest.skip(f"too slow for CI ({why}); FEERIE_SLOW_TESTS=1 runs it")


def reference(*parts: str) -> Path:
    """Path of a reference file or folder; skip (or fail under CI) when absent."""
    path = REFERENCE.joinpath(*parts)
    if not path.exists():
        message = f"reference data not found: {path} (../shared/reference is not beside this checkout)"
        if os.environ.get("FEERIE_REQUIRE_REFERENCE") == "1":
            pytest.fail(message + "; FEERIE_REQUIRE_REFERENCE=1 makes this a failure")
        pytest.skip(message)
    return path
