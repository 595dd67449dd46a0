"""Layer 8, the composition checker: verdicts (`check`), intended solutions
(`intended`), legality of the position (`legality`), verdict text
(`verdict_text`)."""
