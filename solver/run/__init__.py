"""Layer 7, solving a problem from end to end: twins, phases, searches, limits
and worker processes (`solve`, `workers`), and loading inputs for the
commands (`runner`)."""
