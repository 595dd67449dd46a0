"""Text to problems: the Lark grammars and the Transformers that build `solver.model.Problem`."""
