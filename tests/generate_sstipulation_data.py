"""Generate the data of tests/test_sstipulation.py: problems already solved
by Popeye in a plain stipulation (tests/data/popeye_generated/,
tests/data/popeye_goals/), restated as Popeye's structured stipulation
(`SStipulation`) and solved by Popeye again.

Not a test: run it by hand where a Popeye binary is at hand, to renew the
files under tests/data/sstipulation/ (`FORM.inp` and Popeye's `FORM.out`):

    python tests/generate_sstipulation_data.py /path/to/popeye/py [FORM...]

Each FORM names its source file and how a plain stipulation is written
structurally (`structured`); the test then requires Popeye's solutions of the
structured form equal to its solutions of the plain one, and feerie's equal
to both.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
OUT_DIR = DATA / "sstipulation"

_PLAIN = re.compile(r"(?P<play>semi-r|ser-h|ser-s|ser-|reci-h|h|s|r|)(?P<goal>#|=|x|\+|00|z[a-h][1-8])"
                    r"(?P<moves>\d+)(?P<half>\.5)?\Z")


def structured(plain: str, variant: str = "") -> str:
    """The structured stipulation (side included) that Popeye's manual
    gives for `plain`; `variant` picks another spelling of the same form
    ('inverted': `black - 5h[#]h` for `white 5h[#]h`, 'short': the one-move
    nested branch without its closing letter, 'help-leaf': `1h[G]h` for
    `1a[G]d`)."""
    m = _PLAIN.match(plain)
    assert m, plain
    play, goal, n = m["play"], m["goal"], int(m["moves"])
    one = "1h[{g}]h" if variant == "help-leaf" else "1a[{g}]d"
    one = one.format(g=goal)
    if play == "" and variant == "postkey":
        return f"white - {2 * n - 2}da[{goal}]"
    if play == "s" and variant == "postkey":
        return f"white - {2 * n - 1}d[{goal}]a"
    if play == "":
        return f"white {2 * n - 1}a[{goal}]d"
    if play == "s":
        return f"white {2 * n}ad[{goal}]"
    forced = "" if variant == "unforced" else ">"
    if play == "semi-r":
        return f"white {2 * n - 1}a[{forced}{one}]d"
    if play == "r":
        return f"white {2 * n - 1}a[{forced}{one}]d{{!{one}}}"
    if play == "h" and m["half"]:
        return f"black - {2 * n + 1}h[{goal}]h"
    if play == "h":
        return f"black {2 * n}hh[{goal}]"
    if play == "ser-":
        return f"white {n}s[{goal}]"
    if play == "ser-h":
        return f"black {n}s[{one}]"
    if play == "reci-h":   # py-engl.txt: "1h[#]h & 2hh[#]  #1 and h#1 (i.e. reci-h#1)"
        end = f"1h[{goal}]h&2hh[{goal}]" if variant == "reversed" else f"2hh[{goal}]&1h[{goal}]h"
        return f"black {2 * n - 2}hh[{end}]" if n > 1 else f"black {end}"
    if play == "ser-s":
        return f"white {n}s[1d[{goal}]a]"
    raise AssertionError(plain)


# form: (source file under tests/data, variant)
FORMS = {
    "direct_mate2": ("popeye_generated/d2try", ""),
    "direct_z2": ("popeye_goals/d_z2", ""),
    "postkey_direct2": ("popeye_generated/d2postkey", "postkey"),
    "postkey_self": ("sstipulation/postkey_self_plain", "postkey"),
    "self_mate2": ("popeye_generated/s2", ""),
    "self_x2": ("popeye_goals/s_x2", ""),
    "semir_x2": ("popeye_goals/semir_x2", ""),
    "semir_check2": ("popeye_goals/semir_check2", "unforced"),
    "reflex_x2": ("popeye_goals/r_x2", ""),
    "reflex_z2": ("popeye_goals/r_z2", ""),
    "reflex_check2": ("popeye_goals/r_check2", "unforced"),
    "help_mate2": ("popeye_generated/h2", ""),
    "help_castling2": ("popeye_goals/h_002", ""),
    "help_mate2_5": ("popeye_generated/h2_5", ""),
    "help_mate1_5": ("popeye_generated/h1_5", ""),
    "series_x3": ("popeye_goals/ser_x3", ""),
    "serh_mate3": ("popeye_generated/serh3", "help-leaf"),
    "serh_z3": ("popeye_goals/serh_z3", ""),
    "sers_mate3": ("popeye_generated/sers3", ""),
    "sers_x2": ("popeye_goals/sers_x2", ""),
    "reci_mate2": ("popeye_goals/reci_h2", ""),
    "reci_mate2_reversed": ("popeye_goals/reci_h2", "reversed"),
}

# Written by hand (twins that change a structured stipulation; s#1 and sx2 problems of
# popeye_generated and popeye_goals under PostKeyPlay, but for four positions
# in which Black to move could take the White king, not a position after a
# key, and s#1 #12 of popeye_generated, in which feerie marks the
# stalemating refutations of post-key play '=' and Popeye does not, with
# the plain option as well): only Popeye's output is made.
HAND_FORMS = ("postkey_self_plain", "twins")

_STIP = re.compile(r"^Stipulation (\S+)$", re.M)


def restate(text: str, variant: str) -> str:
    """A Popeye input file with each `Stipulation X` as `SStipulation ...`
    (and without Option PostKeyPlay where the structured form says it)."""
    if variant == "postkey":
        text = text.replace(" PostKeyPlay", "")
    return _STIP.sub(lambda m: "SStipulation " + structured(m[1], variant), text)


def main(popeye: str, only: list[str]) -> None:
    """Renew every form, or only those named in `only`."""
    OUT_DIR.mkdir(exist_ok=True)
    for form, (source, variant) in FORMS.items():
        if not only or form in only:
            (OUT_DIR / f"{form}.inp").write_text(restate((DATA / f"{source}.inp").read_text(), variant))
    for form in list(HAND_FORMS) + list(FORMS):
        if only and form not in only:
            continue
        inp = OUT_DIR / f"{form}.inp"
        out = subprocess.run([popeye, "-maxtime", "60"], input=inp.read_text(), capture_output=True,
                             text=True, timeout=600).stdout
        (OUT_DIR / f"{form}.out").write_text(out)
        print(form, "done")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
