"""feerie's solver: the problem model, the chess engine, the search and the checker."""

__version__ = "0.1.0"
