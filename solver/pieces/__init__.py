"""Pieces as data: the walk catalogue, the family templates that build each
walk's moves and observation test, and a generic legal-move generator that
relies on nothing but them (the reference the fast paths are proven against)."""
