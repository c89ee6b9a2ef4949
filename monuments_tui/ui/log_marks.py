"""Lines the log shows between steps, for every player: when teaching mode was switched.

Pure: reads the session's records and steps, never Textual. A switch is recorded in the save
(`TeachingRecord`), so the line comes back at its place when the game is loaded again.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import NamedTuple

from monuments_tui.saves.format import RecordAny, TeachingRecord


class LogMark(NamedTuple):
    """A line for everyone, shown before the first step of the line of play recorded after it."""

    seq: int
    """The record number of what it marks (steps with a larger `seq` come after it)."""
    text: str


def teaching_words(on: bool, round_no: int) -> str:
    when = "during set-up" if round_no == 0 else f"at round {round_no}"
    if on:
        return (
            f"Teaching mode switched on {when}: every hand is open to everyone at the screen, "
            "and any step can be undone"
        )
    return f"Teaching mode switched off {when}: quests are private again, and undo keeps to the standard rules"


def teaching_marks(records: Iterable[RecordAny], steps: Sequence, round_now: int) -> list[LogMark]:
    """A mark for every switch of teaching mode in `records`, placed among `steps` (the live line).

    The round is the one the next step was played in (the state did not move between the
    switch and it), or `round_now` for a switch after the last step.
    """
    out = []
    for record in records:
        if isinstance(record, TeachingRecord):
            after = bisect_right(steps, record.seq, key=_SEQ)  # the line's steps are in the order recorded
            later = steps[after].round if after < len(steps) else round_now
            out.append(LogMark(record.seq, teaching_words(record.on, later)))
    return out


_SEQ = attrgetter("seq")


class TeachingMarks:
    """`teaching_marks` of one session's records as they grow: each call reads only the records
    added since the last one (a journal only grows), so a step costs the same all game long."""

    def __init__(self) -> None:
        self._read = 0
        self._switches: list[TeachingRecord] = []

    def __call__(self, records: Sequence[RecordAny], steps: Sequence, round_now: int) -> tuple[LogMark, ...]:
        self._switches += [r for r in records[self._read :] if isinstance(r, TeachingRecord)]
        self._read = len(records)
        return tuple(teaching_marks(self._switches, steps, round_now))
