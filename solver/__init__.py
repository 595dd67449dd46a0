"""feerie's solver: the problem model, the chess engine, the search and the checker."""

__version__ = "0.1.0"

import os as _os

if _os.environ.get("FEERIE_CHECK_POSITION") == "1":
    # Debug mode: every make/unmake checked (solver.engine.consistency says why).
    from solver.engine.consistency import install as _install

    _install()
