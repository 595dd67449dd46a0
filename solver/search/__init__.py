"""Layer 5, the searches: direct, self and reflex play (`battle`), help and
series play (`helpplay`), and the intelligent helpmate search
(`intelligent*`)."""
