"""feerie's problem headers against Popeye's over the example collections:
`python bench/headers.py`.

Compares `solver.output.popeye_writer.header_text` with the header Popeye
printed (the diagram, the stipulation, the attribute and condition lines)
for every corpus problem feerie reads (tests/corpus_headers.py), prints the
counts and the differences grouped by their first differing line, with one
example each.  tests/test_corpus_headers.py checks the same thing.
"""

from __future__ import annotations

import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import corpus_headers  # noqa: E402


def main() -> int:
    groups: collections.Counter = collections.Counter()
    examples: dict[str, tuple[str, list[str]]] = {}
    equal = 0
    for case in corpus_headers.comparable_cases():
        diff = corpus_headers.compare(case)
        if not diff:
            equal += 1
            continue
        key = diff[0][:60]
        groups[key] += 1
        examples.setdefault(key, (case, diff[:4]))
    print(f"equal {equal}, different {sum(groups.values())}")
    for key, n in groups.most_common():
        case, diff = examples[key]
        print(n, case, diff)
    return 0


if __name__ == "__main__":
    sys.exit(main())
