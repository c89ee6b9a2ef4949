"""The records of a save after its header: commands with their events, undo, redo, teaching
switches, notes, the coach's hints and reviews. Each is a tagged msgspec Struct (`kind`); see docs/save-format.md."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast, get_args

import msgspec

from monuments_tui.rules.commands import Command, CommandAny
from monuments_tui.rules.events import Event, EventAny


class Record(msgspec.Struct, frozen=True, tag_field="kind"):
    """Base of every journal record."""

    seq: int
    """1, 2, 3... in file order; the record's line is `seq + 1`."""


class CmdRecord(Record, frozen=True, tag="cmd", omit_defaults=True):
    """A command executed by `seat`, and the events it produced."""

    seat: int
    command: CommandAny
    events: tuple[EventAny, ...]
    binds: str | None = None
    """Format 4, on a game's first command record only: the digest of the header's rules
    (`format.rules_digest`), so that the rules of a written game cannot be edited."""
    ask: str | None = None
    """A network game's: the seat and the id of the client's message that did this (`SEAT:ID`),
    so that the message sent again is answered again, not done twice (docs/network.md)."""


_SAVED_TYPES: tuple[type, ...] = get_args(CommandAny) + get_args(EventAny)
_SAVED_TYPE_SET = frozenset(_SAVED_TYPES)
"""The same, for the common case of an exact type: one lookup, not a walk through ~100 classes."""


def as_saved(command: Command, events: Iterable[Event]) -> tuple[CommandAny, tuple[EventAny, ...]]:
    """`command` and `events` as a record holds them, each of a type the save format reads back."""
    saved = tuple(events)
    unsaved = [
        type(x).__name__
        for x in (command, *saved)
        if type(x) not in _SAVED_TYPE_SET and not isinstance(x, _SAVED_TYPES)
    ]
    if unsaved:
        raise TypeError(f"{', '.join(unsaved)} missing from CommandAny or EventAny: a save could not read it back")
    # checked just above: each is a member of the union it is stored as
    return cast(CommandAny, command), cast(tuple[EventAny, ...], saved)


class UndoRecord(Record, frozen=True, tag="undo", omit_defaults=True):
    """The last step of the line of play (the command record `step`) was taken back."""

    step: int
    ask: str | None = None
    """A network game's: the seat and the id of the client's message that did this (`SEAT:ID`),
    so that the message sent again is answered again, not done twice (docs/network.md)."""


class RedoRecord(Record, frozen=True, tag="redo", omit_defaults=True):
    """The step last taken back (the command record `step`) was played again as recorded."""

    step: int
    ask: str | None = None
    """A network game's: the seat and the id of the client's message that did this (`SEAT:ID`),
    so that the message sent again is answered again, not done twice (docs/network.md)."""


class TeachingRecord(Record, frozen=True, tag="teaching"):
    """Teaching mode was switched on or off."""

    on: bool


NOTE_MAX = 500
"""The longest note, in characters: a comment on a position, not a document."""
TEXT_MAX = 500
"""The longest line of other text a save holds (a title, a hint and its reason)."""


def text_problem(text: str, what: str, limit: int = TEXT_MAX) -> str | None:
    """What is wrong with `text`, a line of a save shown to players, or None.

    A line of printable text, so that nothing from a file can write to a terminal: no
    escape (ESC, CSI, OSC), no other control character (C0 or C1), no bidirectional
    override or other format character, no line break; and at most `limit` characters.
    """
    if len(text) > limit:
        return f"{what} is at most {limit} characters; this one has {len(text)}"
    if not text.isprintable():
        bad = next(ch for ch in text if not ch.isprintable())
        return f"{what} is one line of printable text, without control characters (it holds U+{ord(bad):04X})"
    return None


class NoteRecord(Record, frozen=True, tag="note", omit_defaults=True):
    """Format 3: a comment on the position after command record `after` (0: the start), one line
    without the braces that mark notes in a text record (`{ ... }`). It changes nothing in the game."""

    after: int
    text: str
    ask: str | None = None
    """A network game's: the seat and the id of the client's message that did this (`SEAT:ID`),
    so that the message sent again is answered again, not done twice (docs/network.md)."""

    def __post_init__(self) -> None:
        for bad, why in (
            (not self.text.strip(), "a note needs some text, e.g. note move the army first"),
            (len(self.text) > NOTE_MAX, f"a note is at most {NOTE_MAX} characters; this one has {len(self.text)}"),
            ("{" in self.text or "}" in self.text, "a note cannot hold { or }, which mark notes in records; use ( )"),
            (not self.text.isprintable(), "a note is one line of printable text (no line breaks, tabs or controls)"),
        ):
            if bad:
                raise ValueError(why)


class SavedHint(msgspec.Struct, frozen=True):
    """One move the coach suggested: the command as typed, and its line of why."""

    command: str
    why: str

    def __post_init__(self) -> None:
        problem = text_problem(self.command, "a hint's command") or text_problem(self.why, "a hint's reason")
        if problem is not None:
            raise ValueError(problem)


class HintRecord(Record, frozen=True, tag="hint"):
    """Format 3: the coach's hints shown to `seat` when the line of play had `position` steps, the
    last of them the command record `after` (0: none yet). Kept for the log; replay ignores it."""

    seat: int
    position: int
    after: int
    hints: tuple[SavedHint, ...]

    def __post_init__(self) -> None:
        # Where it belongs in the game (the seat waiting, the steps before it) is checked on load.
        if len(self.hints) > HINTS_MAX:
            raise ValueError(f"at most {HINTS_MAX} hints are shown at once; this record has {len(self.hints)}")
        if min(self.seat, self.position, self.after) < 0:
            raise ValueError("a hint record's seat, position and step are 0 or more")


HINTS_MAX = 20
"""The most hints one record holds: the coach shows a few."""


MARK_SYMBOLS = ("?!", "?", "??")
"""A review's marks: an inaccuracy, a mistake, a blunder (`ai.review`)."""


class Annotation(msgspec.Struct, frozen=True):
    """A decision the review marked: the command record `step` (played by `seat`), its mark, the
    estimated chance of winning after it (`played`) and after the move the search preferred
    (`best`, the move as typed in `preferred`), and why that move, in the coach's words."""

    step: int
    seat: int
    mark: str
    played: float
    best: float
    preferred: str
    why: str

    def __post_init__(self) -> None:
        problem = _annotation_problem(self)
        if problem is not None:
            raise ValueError(problem)


def _annotation_problem(a: Annotation) -> str | None:
    if a.mark not in MARK_SYMBOLS:
        return f"a review mark is one of {', '.join(MARK_SYMBOLS)}, not {a.mark!r}"
    if not (0 <= a.played <= 1 and 0 <= a.best <= 1):
        return "a review's win chances are from 0 to 1"
    if a.step < 1 or a.seat < 0:
        return "a review mark's step is 1 or more and its seat 0 or more"
    if any(ch in text for text in (a.preferred, a.why) for ch in "{}"):
        return "a review's text cannot hold { or }, which mark notes in records"
    return text_problem(a.preferred, "a review's preferred move") or text_problem(a.why, "a review's reason")


class ReviewRecord(Record, frozen=True, tag="review"):
    """The review of `seats` (every decision of theirs on the line of play as it then was): the
    decisions it marked. A later review of a seat takes the place of an earlier one. Kept for the
    log and export; replay ignores it. Where its steps lie is checked on load."""

    seats: tuple[int, ...]
    annotations: tuple[Annotation, ...]

    def __post_init__(self) -> None:
        if not self.seats or min(self.seats) < 0:
            raise ValueError("a review record names the seats it reviewed (0 or more)")
        if any(a.seat not in self.seats for a in self.annotations):
            raise ValueError("a review record marks decisions of the seats it reviewed only")


RecordAny = CmdRecord | UndoRecord | RedoRecord | TeachingRecord | NoteRecord | HintRecord | ReviewRecord
