"""Layer 0, no chess: errors with their place in the input (`errors`), line
handling of input text (`lines`), and the limits every search obeys:
deadline, memory, stop requests (`budget`)."""
