"""Layer 2, pieces as data: the walk catalogue (`catalogue`: one row per piece,
Popeye's codes), the walk families that build each piece's generator and
observation test (`families`), and the generic generator that is always
right (`generic`)."""
