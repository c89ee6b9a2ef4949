"""Import a text record: parse its header and command lines, decide every command again."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, NamedTuple

import msgspec

from monuments_tui.game.session import GameSession, UndoRefused, check_seats
from monuments_tui.game.timeline import Step
from monuments_tui.records.export import RECORD_VERSION
from monuments_tui.records.review_text import parse_annotation
from monuments_tui.records.scores import final_scores, result_line
from monuments_tui.rules import waiting_for
from monuments_tui.rules.commands import Command
from monuments_tui.rules.config import GameConfig, RuleOptions, check_ai_seat
from monuments_tui.rules.errors import MonumentsError, NotationError, RuleViolation
from monuments_tui.rules.notation import parse_command
from monuments_tui.saves.format import Annotation, Header, now_iso, read_text_file
from monuments_tui.saves.journal import create_journal


class RecordError(ValueError, MonumentsError):
    """A text record that cannot be imported; the message names the line.

    Attributes:
        line: the 1-based line at fault (None for the whole record).
    """

    def __init__(self, source: str, line: int | None, reason: str):
        self.source = source
        self.line = line
        self.reason = reason
        where = f"{source}, line {line}" if line is not None else source
        super().__init__(f"{where}: {reason}")


_HEADER_LINE = re.compile(r'^\[(\w+)\s+(".*")\]\s*$')
_STEP_LINE = re.compile(r"^\s*(?:(\d+)\.\s+)?([a-z]+)\s+([^;]+?)\s*(?:;.*)?$")


class Item(NamedTuple):
    """A line of a record's game, in order: a step, a note, a review's mark, or where a side line
    opens or closes."""

    kind: Literal["step", "note", "annotation", "open", "close"]
    line: int
    number: int | None = None
    civ: str = ""
    text: str = ""
    """The step's notation, the note's text, or the mark's line."""


def parse_record(text: str, source: str = "<record>") -> tuple[Header, list[Item]]:
    """Split a text record into a save header and the items of its game, in order.

    Raises:
        RecordError: naming the line that is not understood.
    """
    pairs: dict[str, str] = {}
    items: list[Item] = []
    in_header = True
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if in_header and line.startswith("["):
            m = _HEADER_LINE.match(line)
            if not m:
                raise RecordError(source, lineno, 'a header line is written [Key "value"]')
            value = _quoted(m.group(2))
            if value is None:
                raise RecordError(source, lineno, f"the value of {m.group(1)} is not a quoted string")
            if m.group(1) in pairs:
                raise RecordError(source, lineno, f"{m.group(1)} is given twice; a header names each key once")
            pairs[m.group(1)] = value
            continue
        in_header = False
        if line.startswith("== Final"):
            break  # the score table follows: for reading only
        if line.startswith(("==", "--", "|")):
            continue
        items += _line_items(line, lineno, source)
    return _record_header(pairs, source), items


def _quoted(raw: str) -> str | None:
    """The string a header value quotes (JSON), or None if it is not one string."""
    try:
        return msgspec.json.decode(raw, type=str)
    except (msgspec.DecodeError, RecursionError):
        return None


def _options(text: str) -> RuleOptions:
    """The record's `Options` (JSON), refused if it nests deeper than options ever do.

    Raises:
        ValueError: not an object of known options with their values.
    """
    try:
        return msgspec.json.decode(text, type=RuleOptions)
    except RecursionError:
        raise ValueError("Options: JSON nested deeper than rule options ever are") from None
    except msgspec.DecodeError as exc:
        raise ValueError(f"Options: {exc}") from None


def _line_items(line: str, lineno: int, source: str) -> list[Item]:
    """A line's items: `(` opens a side line (a step may follow on the line), a line of `)`
    closes as many, `{ text }` is a note, `{{ ... }}` a review's mark, anything else is a step."""
    if not line.strip(") "):
        return [Item("close", lineno)] * line.count(")")
    items = []
    while line.startswith("("):
        items.append(Item("open", lineno))
        line = line[1:].lstrip()
    if not line:
        return items
    if line.startswith("{{"):
        return [*items, Item("annotation", lineno, text=line)]
    if line.startswith("{"):
        if not line.endswith("}") or line.count("}") != 1:
            raise RecordError(source, lineno, "a note is written on a line of its own: { text }")
        return [*items, Item("note", lineno, text=line[1:-1].strip())]
    m = _STEP_LINE.match(line)
    if not m:
        raise RecordError(source, lineno, "expected a step such as '12. greece play movement'")
    number = int(m.group(1)) if m.group(1) else None
    return [*items, Item("step", lineno, number, m.group(2), m.group(3))]


def _record_header(pairs: dict[str, str], source: str) -> Header:
    if pairs.get("Game", "Monuments") != "Monuments" or "Civs" not in pairs:
        raise RecordError(source, 1, 'not a Monuments record: the header needs at least [Civs "greece,egypt"]')
    version = pairs.get("Record", str(RECORD_VERSION))
    if not version.isdigit() or int(version) > RECORD_VERSION:
        raise RecordError(source, 1, f"record version {version} is newer than this program reads ({RECORD_VERSION})")
    if "View" in pairs:
        raise RecordError(
            source,
            1,
            f"this record is {pairs['View']} view of a network game: the cards it never saw are hidden and it "
            "has no seed, so it can be read but not played again (the server's save can: monuments export there)",
        )
    try:
        options = _options(pairs.get("Options", "{}"))
        fields = {  # converted, so a civilisation, mode or solo level out of its Literal is refused
            "civs": [c.strip() for c in pairs["Civs"].split(",") if c.strip()],
            "mode": pairs.get("Mode", "abundance"),
            "seed": int(pairs.get("Seed", "0")),
            "solo": pairs.get("Solo") or None,
        }
        config = msgspec.structs.replace(msgspec.convert(fields, GameConfig), options=options)
        check_ai_seat(config.solo, int(pairs["AiSeat"]) if pairs.get("AiSeat", "None") not in ("None", "") else None)
        seats = tuple(s.strip() for s in pairs["Seats"].split(",")) if pairs.get("Seats") else ()
        return Header(
            config=config,
            seats=check_seats(config, seats),
            teaching=pairs.get("Teaching", "no").lower() in ("yes", "true", "on", "1"),
            created=pairs.get("Date") or now_iso(),
            title=pairs.get("Title", ""),
            position=pairs.get("Position"),
        )
    except (ValueError, msgspec.ValidationError) as exc:
        raise RecordError(source, 1, f"bad header: {exc}") from None


def import_text(text: str, source: str = "<record>") -> tuple[Header, list[Step], list[str]]:
    """Rebuild a game from a text record: its header, its main line, and warnings.

    Raises:
        RecordError: naming the line of the first command that is wrong.
    """
    session, warnings = import_game(text, source)
    return session.header, session.history(), warnings


def import_game(text: str, source: str = "<record>") -> tuple[GameSession, list[str]]:
    """Rebuild a game from a text record, side lines and notes too: a session that writes
    nothing (its records are the save to write), and warnings.

    Every command is decided again from the seed, so rolls and draws come out as they did.
    Each side line is played where it leaves its parent line and taken back again, so the
    save holds it as an undone line, as play would have left it.

    Raises:
        RecordError: naming the line of the first item that is wrong.
    """
    header, items = parse_record(text, source)
    try:
        session = GameSession.from_steps(header, [], autosave=False)
    except (ValueError, KeyError) as exc:
        raise RecordError(source, 1, f"bad header: {exc}") from None
    builder = _TreeBuilder(session, source)
    for item in items:
        builder.add(item)
    builder.finish()
    marks = builder.annotations
    if marks:
        session.record_review(sorted({a.seat for a in marks.values()}), marks.values())
    if _said(text, "TeachingAtEnd") == "no":
        session.set_teaching(False)  # as the game that was exported ended
    warnings = []
    said = _said_result(text)
    if said is not None:
        got = result_line(session.state, final_scores(session.state))
        if said != got:
            warnings.append(f"{source}: the header says Result {said!r}, but the moves give {got!r}")
    return session, warnings


@dataclass
class _Frame:
    """A side line being read: where it opened, where it leaves its parent line, and the
    parent line's moves to play again after it."""

    line: int
    start: int = 0
    resume: list[Command] = field(default_factory=list)


class _TreeBuilder:
    """Plays a record's items into a session: steps, notes, and side lines (played, then taken back)."""

    def __init__(self, session: GameSession, source: str):
        self.session = session
        self.source = source
        self.frames: list[_Frame] = []
        self.first = False
        """The next step is the first of a side line just opened."""
        self.annotations: dict[int, Annotation] = {}
        """The review's marks read, by the `seq` of the move they judge."""

    def error(self, line: int, reason: str) -> RecordError:
        return RecordError(self.source, line, reason)

    def add(self, item: Item) -> None:
        s = self.session
        if item.kind == "open":
            if self.first:
                raise self.error(item.line, "a side line opens before the one just opened has a step")
            self.frames.append(_Frame(item.line))
            self.first = True
        elif item.kind == "close":
            if not self.frames or self.first:
                raise self.error(item.line, "a ) with no side line open before it, or a side line with no step")
            self._close(item.line)
        elif item.kind == "annotation":
            self._annotation(item)
        elif item.kind == "note":
            try:
                s.note(item.text)
            except ValueError as exc:
                raise self.error(item.line, str(exc)) from None
        else:
            if self.first:
                self._branch(item)
            self._step(item)

    def _annotation(self, item: Item) -> None:
        """A review's mark on the move just read (never at the start, nor where a side line opens)."""
        steps = self.session.history()
        if not steps or self.first:
            raise self.error(item.line, "a review mark {{ ... }} comes under the move it judges")
        step = steps[-1]
        if step.seq in self.annotations:
            raise self.error(item.line, "this move has a review mark already: one mark a move")
        try:
            self.annotations[step.seq] = parse_annotation(item.text, step.seq, step.seat)
        except ValueError as exc:
            raise self.error(item.line, str(exc)) from None

    def _branch(self, item: Item) -> None:
        """Take back the step a side line is an alternative to (or none: it follows the position)."""
        here = len(self.session.history())
        start = here - 1 if item.number is None else item.number - 1
        if start not in (here - 1, here) or start < 0:
            raise self.error(
                item.line,
                f"a side line here begins with step {here} (instead of the one before it) or {here + 1} "
                f"(from this position), not {item.number}",
            )
        frame = self.frames[-1]
        frame.start = start
        frame.resume.extend(step.command for step in self.session.history()[start:])
        self._take_back_to(start, item.line)
        self.first = False

    def _close(self, line: int) -> None:
        frame = self.frames.pop()
        self._take_back_to(frame.start, line)
        for command in frame.resume:
            redo = self.session.redo_line
            if redo and redo[0].command == command:
                self.session.redo()
            else:
                self.session.execute(command)

    def _take_back_to(self, length: int, line: int) -> None:
        while len(self.session.history()) > length:
            try:
                self.session.undo()
            except UndoRefused as exc:
                raise self.error(
                    line,
                    f'this side line cannot be taken back in a standard game ({exc}); mark the record [Teaching "yes"]',
                ) from None

    def _step(self, item: Item) -> None:
        s = self.session
        state = s.state
        civs = s.config.civs
        expected = len(s.history()) + 1
        if item.number is not None and item.number != expected:
            raise self.error(item.line, f"step {item.number} where step {expected} was expected")
        if state.pending is None:
            raise self.error(item.line, f"{item.text!r} comes after the end of the game")
        if item.civ not in civs:
            raise self.error(
                item.line,
                f"expected a step such as '12. {civs[0]} play movement': {item.civ!r} is not a civilisation "
                f"of this game ({', '.join(civs)})",
            )
        if item.civ != civs[state.pending.seat]:
            raise self.error(item.line, f"the record has {item.civ} play, but {waiting_for(state)}")
        try:
            s.execute(parse_command(item.text))
        except (NotationError, RuleViolation) as exc:
            raise self.error(item.line, f"{item.text!r}: {exc}") from None

    def finish(self) -> None:
        if self.frames:
            raise self.error(self.frames[-1].line, "this side line is not closed: end it with a line holding )")


def _said_result(text: str) -> str | None:
    return _said(text, "Result")


def _said(text: str, tag: str) -> str | None:
    """The value of the header's `tag`, or None."""
    for line in text.splitlines():
        m = _HEADER_LINE.match(line.strip())
        if m and m.group(1) == tag:
            return _quoted(m.group(2))
    return None


def import_record(
    path: Path | str, *, out: Path | None = None, saves_dir: Path | None = None
) -> tuple[GameSession, list[str]]:
    """Import the text record at `path` into a new save (at `out`, or named in the saves folder).

    Raises:
        RecordError: a bad record (names the line); SaveError: not a regular file, too large,
            unreadable or not UTF-8 (names the file, and the line of a bad byte).
    """
    path = Path(path)
    built, warnings = import_game(read_text_file(path, "a text record"), str(path))
    journal = create_journal(built.header, built.records(), out, saves_dir)
    journal.close()
    session, _ = GameSession.load(journal.path, saves_dir=saves_dir)  # checks what was written
    session.close()
    return session, warnings
