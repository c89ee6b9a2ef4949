"""Import a text record: parse its header and command lines, decide every command again."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec

from monuments_tui.records.export import RECORD_VERSION
from monuments_tui.records.scores import final_scores, result_line
from monuments_tui.rules import decide, waiting_for
from monuments_tui.rules.config import GameConfig, RuleOptions, check_ai_seat
from monuments_tui.rules.errors import NotationError, RuleViolation
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.notation import parse_command
from monuments_tui.saves import Header, now_iso
from monuments_tui.session import GameSession, check_seats
from monuments_tui.timeline import Step, make_step, starting_state


class RecordError(ValueError):
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


def parse_record(text: str, source: str = "<record>") -> tuple[Header, list[tuple[int, int | None, str, str]]]:
    """Split a text record into a save header and its command lines (line, number, civ, notation).

    Raises:
        RecordError: naming the line that is not understood.
    """
    pairs: dict[str, str] = {}
    commands: list[tuple[int, int | None, str, str]] = []
    in_header = True
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if in_header and line.startswith("["):
            m = _HEADER_LINE.match(line)
            if not m:
                raise RecordError(source, lineno, 'a header line is written [Key "value"]')
            try:
                value = json.loads(m.group(2))
            except json.JSONDecodeError:
                raise RecordError(source, lineno, f"the value of {m.group(1)} is not a quoted string") from None
            pairs[m.group(1)] = str(value)
            continue
        in_header = False
        if line.startswith("== Final"):
            break  # the score table follows: for reading only
        if line.startswith(("==", "--", "|")):
            continue
        m = _STEP_LINE.match(raw)
        if not m:
            raise RecordError(source, lineno, "expected a step such as '12. greece play movement'")
        number = int(m.group(1)) if m.group(1) else None
        commands.append((lineno, number, m.group(2), m.group(3)))
    return _record_header(pairs, source), commands


def _record_header(pairs: dict[str, str], source: str) -> Header:
    if pairs.get("Game", "Monuments") != "Monuments" or "Civs" not in pairs:
        raise RecordError(source, 1, 'not a Monuments record: the header needs at least [Civs "greece,egypt"]')
    version = pairs.get("Record", str(RECORD_VERSION))
    if not version.isdigit() or int(version) > RECORD_VERSION:
        raise RecordError(source, 1, f"record version {version} is newer than this program reads ({RECORD_VERSION})")
    try:
        options = msgspec.convert(json.loads(pairs.get("Options", "{}")), RuleOptions)
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
    except (ValueError, msgspec.ValidationError, json.JSONDecodeError) as exc:
        raise RecordError(source, 1, f"bad header: {exc}") from None


def import_text(text: str, source: str = "<record>") -> tuple[Header, list[Step], list[str]]:
    """Rebuild a game from a text record: its header, its line of play, and warnings.

    Every command is decided again from the seed, so rolls and draws come out as they did.

    Raises:
        RecordError: naming the line of the first command that is wrong.
    """
    header, commands = parse_record(text, source)
    civs = header.config.civs
    try:
        state = starting_state(header)
    except ValueError as exc:
        raise RecordError(source, 1, f"bad header: {exc}") from None
    steps: list[Step] = []
    for lineno, number, civ, notation in commands:
        if number is not None and number != len(steps) + 1:
            raise RecordError(source, lineno, f"step {number} where step {len(steps) + 1} was expected")
        if state.pending is None:
            raise RecordError(source, lineno, f"{notation!r} comes after the end of the game")
        seat = state.pending.seat
        if civ not in civs:
            raise RecordError(
                source,
                lineno,
                f"expected a step such as '12. {civs[0]} play movement': {civ!r} is not a civilisation "
                f"of this game ({', '.join(civs)})",
            )
        if civ != civs[seat]:
            raise RecordError(source, lineno, f"the record has {civ} play, but {waiting_for(state)}")
        try:
            command = parse_command(notation)
            events = decide(state, command)
        except (NotationError, RuleViolation) as exc:
            raise RecordError(source, lineno, f"{notation!r}: {exc}") from None
        steps.append(make_step(len(steps) + 1, seat, command, events, state))
        state = fold(state, events)
    warnings = []
    said = _said_result(text)
    if said is not None:
        got = result_line(state, final_scores(state))
        if said != got:
            warnings.append(f"{source}: the header says Result {said!r}, but the moves give {got!r}")
    return header, steps, warnings


def _said_result(text: str) -> str | None:
    for line in text.splitlines():
        m = _HEADER_LINE.match(line.strip())
        if m and m.group(1) == "Result":
            return str(json.loads(m.group(2)))
    return None


def import_record(
    path: Path | str, *, out: Path | None = None, saves_dir: Path | None = None
) -> tuple[GameSession, list[str]]:
    """Import the text record at `path` into a new save (at `out`, or named in the saves folder).

    Raises:
        RecordError: a bad record (names the line); OSError: unreadable file.
    """
    path = Path(path)
    header, steps, warnings = import_text(path.read_text(encoding="utf-8"), str(path))
    session = GameSession.from_steps(header, steps, path=out, saves_dir=saves_dir)
    session.close()
    return session, warnings
