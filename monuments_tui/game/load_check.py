"""A validated load's check of each recorded command: the rules decide it again, and it
must give exactly the recorded events (equal as values, or as encoded bytes).

A card may be played only if its action can at least partly happen (B59): the rules try
the commands of the action it opens until one is accepted. In a journal the command
recorded next is one of them, so a card play is decided without that check
(`decide(..., check_card_effect=False)`) and owes it to the next record: if the rules
accept that command in the state the card opened, the card had an effect. Anything else (an undo, a note, the journal's end, a refused
command) has the card decided again in full first, so a load refuses what it refused
before, at the same line and with the same message.
"""

from __future__ import annotations

from pathlib import Path

from monuments_tui.rules import decide, events as ev
from monuments_tui.rules.commands import PlayCard
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.events import Event
from monuments_tui.rules.notation import format_command
from monuments_tui.rules.state import GameState
from monuments_tui.saves.format import ENCODER, CmdRecord, SaveError


class CommandChecker:
    """Checks the command records of one journal, in order (`legacy`: a format-1 save)."""

    def __init__(self, path: Path | str, legacy: bool):
        self.path = path
        self.legacy = legacy
        self._owed: tuple[GameState, CmdRecord, int] | None = None
        """A card play whose effect (B59) the next record is to prove: its state, record and line."""

    def events(self, state: GameState, record: CmdRecord, line: int) -> list[Event]:
        """The events the rules give for `record` (on `line`) in `state`; they must be the recorded ones.

        Raises:
            SaveError: naming the line at fault.
        """
        card = isinstance(record.command, PlayCard)
        try:
            events = self._checked(state, record, line, check_card_effect=not card)
        except SaveError:
            self.settle()  # the card played before, if unchecked, is at fault first
            raise
        self._owed = (state, record, line) if card else None  # accepted: the card before had an effect
        return events

    def settle(self) -> None:
        """Check in full the card play still owed a check (before an undo, a note, the end).

        Raises:
            SaveError: if the card had no effect (B59).
        """
        if self._owed is not None:
            state, record, line = self._owed
            self._owed = None
            self._checked(state, record, line)

    def _checked(self, state: GameState, record: CmdRecord, line: int, check_card_effect: bool = True) -> list[Event]:
        path = self.path
        if state.pending is None:
            raise SaveError(
                path, line, f"command {format_command(record.command)!r} recorded after the end of the game"
            )
        if record.seat != state.pending.seat:
            raise SaveError(
                path,
                line,
                f"command {format_command(record.command)!r} is recorded for seat {record.seat}, but seat {state.pending.seat} was to decide",
            )
        try:
            events = decide(state, record.command, check_card_effect=check_card_effect)
        except RuleViolation as exc:  # decide refuses every bad command so (tests/test_fuzz_commands.py)
            raise SaveError(
                path, line, f"command {format_command(record.command)!r} is not legal at this point: {exc}"
            ) from None
        if self.legacy:
            same = rules_view(record.events) == rules_view(events)
        else:
            same = _same_events(record.events, events)
        if not same:
            raise SaveError(
                path,
                line,
                f"command {format_command(record.command)!r} does not give the recorded events (tampered, or saved by incompatible rules): "
                + _divergence(record.events, events),
            )
        return events


def _same_events(recorded: tuple[Event, ...], decided: list[Event]) -> bool:
    """The decided events are the recorded ones: equal as values, or else as encoded bytes.

    Values first, as encoding both sides costs a load more than any rule: msgspec compares
    struct types and every field. A record is read under the save's schema (`saves`), so
    its values have their declared types, and an equal decided event encodes to the same
    bytes unless the rules built a value of another type that Python finds equal (True for
    1): a bug of the rules, caught where their saves are read back. The bytes decide where
    the values differ, so a tuple given for a list (the same bytes) is still accepted.
    """
    return recorded == tuple(decided) or ENCODER.encode(recorded) == ENCODER.encode(decided)


def rules_view(events: tuple[Event, ...] | list[Event]) -> list[bytes]:
    """Events as the rules depend on them: narration dropped, a random draw by its `rng` only.
    A format-1 save is compared so, since its draws and narration were recorded in words."""
    out = []
    for e in events:
        if isinstance(e, (ev.AiNarrated, ev.AiReported)):
            continue
        if isinstance(e, (ev.RngAdvanced, ev.RandomDrawn)):
            out.append(ENCODER.encode({"rng": e.rng}))
        else:
            out.append(ENCODER.encode(e))
    return out


def _short(data: bytes, limit: int = 240) -> str:
    text = data.decode("utf-8", "replace")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _divergence(recorded: tuple[Event, ...], decided: list[Event]) -> str:
    for i in range(max(len(recorded), len(decided))):
        a = ENCODER.encode(recorded[i]) if i < len(recorded) else b"(nothing)"
        b = ENCODER.encode(decided[i]) if i < len(decided) else b"(nothing)"
        if a != b:
            return f"event {i + 1} is recorded as {_short(a)} but the rules now give {_short(b)}"
    return "the events differ"  # pragma: no cover - bytes differed, so some event does
