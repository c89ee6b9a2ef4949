"""A review's mark in a text record: a line of its own under the move it judges,

    {{ ?? 51.6% · best play monument 63.1% · then builds layer 1 of the Colossus of Rhodes }}

the mark, the estimated chance of winning after the move played, the move the search
preferred and its chance, and why that move. Doubled braces tell it from a note (`{ ... }`),
which cannot hold a brace. Chances are written to a tenth of a percent, as the save keeps
them (to a thousandth), so a record read back holds the very same marks.
"""

from __future__ import annotations

import re

from monuments_tui.saves.format import Annotation

_LINE = re.compile(
    r"^\{\{\s*(?P<mark>\?\?|\?!|\?)\s+(?P<played>\d{1,3}(?:\.\d)?)%\s+·\s+best\s+(?P<preferred>\S.*?)\s+"
    r"(?P<best>\d{1,3}(?:\.\d)?)%\s+·(?:\s+(?P<why>.*?))?\s*\}\}$"
)
FORM = "{{ ?? 51.6% · best play monument 63.1% · why }}"
"""How a mark is written, for messages."""


def annotation_text(a: Annotation) -> str:
    """`a` as a line of a text record (see the module's note)."""
    why = f" {a.why}" if a.why else ""
    return f"{{{{ {a.mark} {a.played * 100:.1f}% · best {a.preferred} {a.best * 100:.1f}% ·{why} }}}}"


def parse_annotation(line: str, step: int, seat: int) -> Annotation:
    """The mark a text record's `line` writes, on the move recorded as `step`, played by `seat`.

    Raises:
        ValueError: not written as `FORM`, or holding what a mark may not (saying what).
    """
    m = _LINE.match(line.strip())
    if m is None:
        raise ValueError(f"a review mark is written {FORM}")
    return Annotation(
        step,
        seat,
        m["mark"],
        round(float(m["played"]) / 100, 3),
        round(float(m["best"]) / 100, 3),
        m["preferred"],
        m["why"] or "",
    )
