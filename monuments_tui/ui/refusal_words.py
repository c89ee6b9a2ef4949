"""A refusal as the screen shows it: plain words first, the rulebook references on a detail line."""

from __future__ import annotations

import re

_REFERENCE = re.compile(r"\s*\[[^\[\]]*\bl\.\s*\d[^\[\]]*\]|\s*\([^()]*\bB\d+\b[^()]*\)")
"""A rulebook reference "[Movement, l.221 (B58)]" or a decision code "(B58)" in a message."""


def split_refusal(message: str) -> tuple[str, str]:
    """(what is wrong and what would work, the rulebook references and decision codes).

    A refusal's message keeps its references for the log and the tests; the screen shows
    the plain words first and the references on a detail line."""
    refs = [m.group().strip() for m in _REFERENCE.finditer(message)]

    def stop(m: re.Match) -> str:  # the reference ended a sentence when a capital follows it
        before, after = message[: m.start()].rstrip()[-1:], message[m.end() :].lstrip()[:1]
        return "." if after.isupper() and before not in ".:;!?" else ""

    plain = re.sub(r"\s{2,}", " ", _REFERENCE.sub(stop, message)).strip()
    first = plain.split(" ", 1)[0]
    if first.isalpha():  # a sentence begins with a capital; an id (q01-fort, D7) is left as typed
        plain = plain[:1].upper() + plain[1:]
    detail = "; ".join(r[1:-1] if r.startswith("[") else r for r in refs)
    return plain, (f"Rulebook: {detail}" if detail else "")
