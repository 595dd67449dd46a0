"""Layer 3, the problem and its solution as data: the problem read from a file
(`problem`: pieces, stipulation, conditions, options, twins), twins
(`twins`), the starting position of a problem (`setup`), the solution tree
(`tree`) and how an engine move becomes a tree component (`record`)."""
