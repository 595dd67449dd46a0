"""Layer 1, the chess engine: 0x88 board and piece codes (`board`), move ints
(`move`), the position with incremental make/unmake and Zobrist hashing
(`position`), the fast orthodox generator and attack test (`movegen`), king-
escape geometry (`escapes`), perft, the debug consistency checker, and the
vocabulary of the engine's shortcuts (`capabilities`: which properties each
fast path needs)."""
