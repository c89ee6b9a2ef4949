"""A game hosted by the server: its session (the one writer of its journal), its codes, and
the answers it has given.

Everything here is synchronous and runs under the game's lock, in a worker thread (a
command is fsynced before it is answered). The files of game `ID` in the server's folder:
`ID.jsonl` the save (today's format: `monuments load`, `replay` and `check` read it) and
`ID.net.json` the codes' hashes and the table's settings. Every command, undo, redo and note
done for a client keeps the client's id in its own record of the save (`ask`), written in
the same fsynced line, so that one sent again after a lost connection, or after the server
restarted, is answered again and never done twice. (Servers before this wrote the ids to
`ID.acks.jsonl`; it is still read.)
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import msgspec

from monuments_tui.ai.coach import hints
from monuments_tui.game.session import GameSession, UndoRefused, bot_command_for
from monuments_tui.game.timeline import step_text
from monuments_tui.net import codes
from monuments_tui.net.messages import Ack, Deadline, Refusal, Role, Seat, Steps
from monuments_tui.net.views import seat_step, seat_view
from monuments_tui.rules import NotationError, RuleViolation
from monuments_tui.rules.commands import Command
from monuments_tui.rules.config import GameConfig
from monuments_tui.rules.state import GameState
from monuments_tui.saves.format import CmdRecord, NoteRecord, RecordAny, RedoRecord, UndoRecord, now_iso

TIMEOUT_RULES = {
    "": "no time limit",
    "bot": "the heuristic bot plays the move",
}
"""What happens when a move's time runs out, by name: shown to every seat."""
DAY = 86_400.0
TIMEOUT_BOT = "heuristic"


class CodeEntry(msgspec.Struct, frozen=True):
    hash: str
    role: Role
    seat: int | None


class Table(msgspec.Struct, frozen=True):
    """The server's record of one game beside its save: who may come in, and the time limit."""

    game: str
    codes: tuple[CodeEntry, ...]
    created: str
    move_days: int = 0
    timeout_rule: str = ""


class Done(msgspec.Struct, frozen=True):
    """A command or request done, as the `ID.acks.jsonl` of older servers keeps it."""

    seat: int
    id: str
    line: int
    said: str = ""


@dataclass
class Outcome:
    """What a command or request did: the answer for the sender, and what to tell the others."""

    answer: Ack | Refusal
    start: int | None = None
    """The line of play changed from this step on (None: it did not change)."""
    said: str = ""


@dataclass
class HostedGame:
    game: str
    folder: Path
    session: GameSession
    table: Table
    done: dict[tuple[int, str], Ack] = field(default_factory=dict)
    refused: dict[tuple[int, str], Refusal] = field(default_factory=dict)
    undo_asked: tuple[int, frozenset[int]] | None = None
    """In a teaching game: the seat that asked to take back a step, and the seats yet to accept."""
    teaching_asked: tuple[int, frozenset[int]] | None = None
    """The seat that asked to switch teaching mode on, and the seats yet to agree."""
    rnd: random.Random = field(default_factory=random.Random)
    moved_at: float = field(default_factory=time.time)
    """When the line of play last changed (on opening: when its save was last written)."""

    # -- making and opening -----------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        folder: Path,
        config: GameConfig,
        seats: tuple[str, ...],
        *,
        teaching: bool = False,
        hints: bool = False,
        move_days: int = 0,
        timeout_rule: str = "",
        watch_seats: tuple[int, ...] = (),
    ) -> tuple[HostedGame, dict[str, str]]:
        """A new game in `folder`, and its codes by what they are for ("seat 0", "watch", "teacher 1").

        Raises:
            ValueError: a configuration or seats the rules refuse, or an unknown time-out rule.
        """
        if timeout_rule not in TIMEOUT_RULES or move_days < 0 or (move_days == 0) != (timeout_rule == ""):
            raise ValueError("a time limit needs both a number of days (1 or more) and a rule: bot")
        folder.mkdir(parents=True, exist_ok=True)
        game = codes.new_game_id()
        # the title is sent to every viewer: it names no seed (a new game's default title does)
        title = " v ".join(c.capitalize() for c in config.civs) + f", {config.mode}, network game {game}"
        session = GameSession.new(
            config,
            seats=seats,
            teaching=teaching,
            hints=hints,
            path=folder / f"{game}.jsonl",
            saves_dir=folder,
            title=title,
        )
        plain: dict[str, str] = {}
        entries = []
        for seat, controller in enumerate(session.seats):
            if controller == "human":
                plain[f"seat {seat}"] = code = codes.new_code(game)
                entries.append(CodeEntry(codes.code_hash(code), "seat", seat))
        plain["watch"] = code = codes.new_code(game)
        entries.append(CodeEntry(codes.code_hash(code), "watch", None))
        for seat in watch_seats:
            plain[f"teacher {seat}"] = code = codes.new_code(game)
            entries.append(CodeEntry(codes.code_hash(code), "teacher", seat))
        table = Table(game, tuple(entries), now_iso(), move_days, timeout_rule)
        _write_atomic(folder / f"{game}.net.json", msgspec.json.encode(table))
        return cls(game, folder, session, table), plain

    @classmethod
    def open(cls, folder: Path, game: str) -> tuple[HostedGame, list[str]]:
        """The game `game` of `folder`, from its save and its table (the server starting again).

        Raises:
            SaveError, SaveInUse, OSError, msgspec.DecodeError: it cannot be opened.
        """
        table = msgspec.json.decode((folder / f"{game}.net.json").read_bytes(), type=Table)
        session, warnings = GameSession.load(folder / f"{game}.jsonl", saves_dir=folder)
        hosted = cls(game, folder, session, table, moved_at=(folder / f"{game}.jsonl").stat().st_mtime)
        acks = folder / f"{game}.acks.jsonl"
        if acks.exists():  # written by servers before the ids went into the save's records
            for line in acks.read_bytes().splitlines():
                try:
                    d = msgspec.json.decode(line, type=Done)
                except msgspec.DecodeError:
                    continue  # a torn last line: its command's answer was never sent
                hosted.done[(d.seat, d.id)] = Ack(d.id, d.line, d.said)
        hosted.done.update(asked_in(session.records()))
        return hosted, warnings

    def close(self) -> None:
        self.session.close()

    # -- who is who -------------------------------------------------------------------------------
    def access(self, code: str) -> CodeEntry | None:
        """The entry `code` opens, or None. Every entry is compared, each in constant time."""
        found = None
        for entry in self.table.codes:
            if codes.matches(code, entry.hash) and found is None:
                found = entry
        return found

    def seat_list(self, connected: set[int]) -> tuple[Seat, ...]:
        state = self.session.state
        return tuple(
            Seat(
                p.seat, p.civ, self.session.seats[p.seat], p.seat in connected or self.session.seats[p.seat] != "human"
            )
            for p in state.players
        )

    def line(self) -> int:
        return len(self.session.history())

    def steps_for(self, viewer: int | None, start: int) -> Steps:
        """The line of play from `start` on, as `viewer` may see it."""
        session = self.session
        line = session.history()
        start = max(0, min(start, len(line)))
        shown = tuple(seat_step(session.state_at(i), line[i], viewer) for i in range(start, len(line)))
        state = session.state
        return Steps(start, shown, seat_view(state, viewer) if state.phase == "over" else None)

    def resume_from(self, have: int, last: int) -> int:
        """Where a client holding `have` steps, the last recorded as `last`, goes on from: the steps
        it holds are the same as the server's if the last one is (record numbers are never reused)."""
        line = self.session.history()
        if 0 < have <= len(line) and line[have - 1].seq == last:
            return have
        return 0

    # -- the time limit ----------------------------------------------------------------------------
    def due(self) -> float | None:
        """When the person to move must have moved (seconds since the epoch), or None: no limit applies."""
        state = self.session.state
        if not self.table.move_days or state.pending is None or self.session.controller() != "human":
            return None
        return self.moved_at + self.table.move_days * DAY

    def deadline(self) -> Deadline:
        """The time limit as every seat is shown it."""
        due = self.due()
        pending = self.session.state.pending
        when = datetime.fromtimestamp(due, UTC).strftime("%Y-%m-%d %H:%M UTC") if due is not None else ""
        rule = TIMEOUT_RULES[self.table.timeout_rule]
        return Deadline(pending.seat if pending is not None and due is not None else None, when, rule)

    def timed_out(self, now: float) -> GameState | None:
        """The state in which the person to move has run out of time (the bot then plays for them), or None."""
        due = self.due()
        if due is None or now < due or self.table.timeout_rule != "bot":
            return None
        return self.session.state

    # -- commands and requests --------------------------------------------------------------------
    def answered(self, seat: int, cid: str) -> Ack | Refusal | None:
        return self.done.get((seat, cid)) or self.refused.get((seat, cid))

    def play(self, seat: int, cid: str, text: str) -> Outcome:
        """`text` played for `seat`, if it is that seat's decision and the rules allow it."""
        session = self.session
        pending = session.state.pending
        if pending is None:
            return self._refuse(seat, cid, "The game is over: nothing more can be played.")
        if pending.seat != seat:
            who = session.state.players[pending.seat].civ.capitalize()
            return self._refuse(seat, cid, f"Not your decision now: {who} is to decide.")
        start = self.line()
        try:
            session.execute_text(text, ask=_ask(seat, cid))
        except (NotationError, RuleViolation) as exc:
            return self._refuse(seat, cid, exc.problem, exc.hint, exc.rule)
        except OSError as exc:  # the session changes nothing it could not write
            return self._refuse(seat, cid, f"The server could not write the game's save ({exc}): nothing was played.")
        self.undo_asked = None
        return self._done(seat, cid, start)

    def undo(self, seat: int, cid: str) -> Outcome:
        """Take back the last step: in a standard game the asking seat's own, while it is still to
        decide; in a teaching game once the other people accept (`accept`), at once if there are none."""
        session = self.session
        if session.teaching:
            reason = session.can_undo(seat)[1]
            if reason:
                return self._refuse(seat, cid, reason[:1].upper() + reason[1:])
            others = frozenset(s for s, c in enumerate(session.seats) if c == "human" and s != seat)
            if others:
                self.undo_asked = (seat, others)
                return Outcome(Ack(cid, self.line(), "asked the others to accept the undo"))
            return self._undo_now(seat, cid)
        pending = session.state.pending
        if pending is not None and pending.seat != seat:
            return self._refuse(seat, cid, "In a standard game a player may undo only their own steps of their turn.")
        return self._undo_now(seat, cid)

    def answer(self, seat: int, cid: str, accept: bool) -> Outcome:
        """A seat's answer to what another seat asked of it: an undo, or teaching mode on."""
        asked = self.teaching_asked
        if (self.undo_asked is None or seat not in self.undo_asked[1]) and asked is not None and seat in asked[1]:
            if not accept:
                self.teaching_asked = None
                return Outcome(
                    Ack(cid, self.line(), "declined teaching mode"), said=f"seat {seat} declined teaching mode"
                )
            if asked[1] - {seat}:
                self.teaching_asked = (asked[0], asked[1] - {seat})
                return Outcome(Ack(cid, self.line(), "agreed; waiting for the others"))
            return self._set_teaching(seat, cid, True)
        return self.answer_undo(seat, cid, accept)

    def teaching(self, seat: int, cid: str, text: str) -> Outcome:
        """Teaching mode off at once; on once every other person agrees (`answer`), at once if there are none."""
        on = text.strip().lower() != "off"
        if on == self.session.teaching:
            return self._refuse(seat, cid, f"Teaching mode is {'on' if on else 'off'} already.")
        others = frozenset(s for s, c in enumerate(self.session.seats) if c == "human" and s != seat)
        if on and others:
            self.teaching_asked = (seat, others)
            return Outcome(Ack(cid, self.line(), "asked the others to agree to teaching mode"))
        return self._set_teaching(seat, cid, on)

    def _set_teaching(self, seat: int, cid: str, on: bool) -> Outcome:
        self.teaching_asked = None
        try:
            self.session.set_teaching(on)
        except OSError as exc:
            return self._refuse(seat, cid, f"The server could not write the game's save ({exc}): nothing changed.")
        return self._done(seat, cid, None, f"teaching mode {'on' if on else 'off'}")

    def answer_undo(self, seat: int, cid: str, accept: bool) -> Outcome:
        """A seat's answer to another seat's undo asked in a teaching game."""
        asked = self.undo_asked
        if asked is None or seat not in asked[1]:
            return self._refuse(seat, cid, "No undo is waiting for your answer.")
        if not accept:
            self.undo_asked = None
            return Outcome(Ack(cid, self.line(), "declined the undo"), said=f"seat {seat} declined the undo")
        waiting = asked[1] - {seat}
        if waiting:
            self.undo_asked = (asked[0], waiting)
            return Outcome(Ack(cid, self.line(), "accepted; waiting for the others"))
        return self._undo_now(seat, cid)

    def _undo_now(self, seat: int, cid: str) -> Outcome:
        self.undo_asked = None
        try:
            step = self.session.undo(seat, ask=_ask(seat, cid))
        except UndoRefused as exc:
            why = str(exc)
            return self._refuse(seat, cid, why[:1].upper() + why[1:])
        return self._done(seat, cid, self.line(), f"Took back: {step_text(step, seat)}")

    def redo(self, seat: int, cid: str) -> Outcome:
        """Play again the step taken back last, if it was the asking seat's."""
        line = self.session.redo_line
        if not line:
            return self._refuse(seat, cid, "Cannot redo: nothing was taken back.")
        if line[0].seat != seat:
            return self._refuse(seat, cid, "Cannot redo: the step taken back last was another seat's.")
        start = self.line()
        step = self.session.redo(ask=_ask(seat, cid))
        return self._done(seat, cid, start, f"Played again: {step_text(step, seat)}")

    def note(self, seat: int, cid: str, author: str, text: str) -> tuple[Outcome, NoteRecord | None]:
        """A note at the current position, kept in the save and shown to everyone."""
        try:
            # the author goes into the save's note, so that late joiners and the replay read who wrote it
            record = self.session.note(
                f"{author}: {text.strip()}" if author and text.strip() else text, ask=_ask(seat, cid)
            )
        except (ValueError, OSError) as exc:
            return self._refuse(seat, cid, str(exc)), None
        return self._done(seat, cid, None, f"note by {author}"), record

    def hint(self, seat: int, cid: str) -> tuple[Outcome, tuple[tuple[str, str], ...]]:
        """The coach's moves for `seat` (kept in the save, as hints are): only on its own decision."""
        session = self.session
        refusal = session.hint_refusal()
        pending = session.state.pending
        if refusal is None and (pending is None or pending.seat != seat):
            refusal = "The coach helps the person whose turn it is: wait for your turn, then ask again."
        if refusal:
            return self._refuse(seat, cid, refusal), ()
        moves = tuple((h.command, h.why) for h in hints(seat_view(session.state, seat)))  # from its own view
        if moves:
            session.record_hint(moves)
        return Outcome(Ack(cid, self.line())), moves

    def notes(self) -> list[NoteRecord]:
        return [r for r in self.session.records() if isinstance(r, NoteRecord)]

    # -- bots -------------------------------------------------------------------------------------
    def bot_to_play(self) -> tuple[str, GameState] | None:
        """The bot that decides now and the state it decides in, or None when a person does (or it is over)."""
        state = self.session.state
        if state.pending is None:
            return None
        controller = self.session.controller(state.pending.seat)
        return None if controller == "human" else (controller, state)

    @staticmethod
    def bot_command(controller: str, state: GameState, seed: int) -> Command:
        """The command a bot plays in `state` (pure: runs off the game's lock)."""
        return bot_command_for(controller, state, random.Random(seed))

    def play_bot(self, state: GameState, command: Command) -> int | None:
        """Play a bot's command if the game is still where it thought; the line's old length, or None."""
        if self.session.state is not state:
            return None
        start = self.line()
        self.session.execute(command)
        self.undo_asked = None
        self.moved_at = time.time()
        return start

    # -- answers ----------------------------------------------------------------------------------
    def _refuse(self, seat: int, cid: str, reason: str, hint: str = "", rule: str = "") -> Outcome:
        refusal = Refusal(cid, reason, hint, rule)
        if len(self.refused) > 10_000:
            self.refused.clear()  # kept only so that a refusal sent again reads the same
        self.refused[(seat, cid)] = refusal
        return Outcome(refusal)

    def _done(self, seat: int, cid: str, start: int | None, said: str = "") -> Outcome:
        """The answer to what the save's last record did (it holds `cid`: the answer is remembered there)."""
        ack = Ack(cid, self.line(), said)
        if start is not None:
            self.moved_at = time.time()
        self.done[(seat, cid)] = ack
        return Outcome(ack, start, said)


def _ask(seat: int, cid: str) -> str:
    """What a record keeps of the client message that asked for it (`CmdRecord.ask`)."""
    return f"{seat}:{cid}"


def asked_in(records: list[RecordAny]) -> dict[tuple[int, str], Ack]:
    """The answer to every client message a save's records did, by (seat, id): what a server
    starting again answers when one is sent again. `line` is the line of play's length after it."""
    done: dict[tuple[int, str], Ack] = {}
    line = 0
    for record in records:
        if isinstance(record, (CmdRecord, RedoRecord)):
            line += 1
        elif isinstance(record, UndoRecord):
            line -= 1
        ask = getattr(record, "ask", None)
        if ask:
            seat, _, cid = ask.partition(":")
            if seat.isdigit() and cid:
                done[(int(seat), cid)] = Ack(cid, line, "done before the server started again")
    return done


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
