"""GameSession: one game being played, its journal, undo/redo, and fast snapshots.

A session is the only object the app talks to while a game is played. It decides each
command with the rules, appends the command and its events to the save (fsynced) and
only then folds the events into a new state, so a shown result is always on disk.

Undo drops the last step of the line of play and folds again from the nearest
snapshot (one every `SNAPSHOT_EVERY` steps); redo re-applies the recorded events, so
nothing is ever rolled or shuffled twice. Undo and redo are journal records of their
own: the file stays append-only and replay can show what was taken back. See
docs/session.md for the API and docs/save-format.md for the file.
"""

from __future__ import annotations

import random
from pathlib import Path

import msgspec

from monuments_tui.rules import events as ev
from monuments_tui.rules.commands import Command, CommandAny
from monuments_tui.rules.config import GameConfig
from monuments_tui.rules.decide import decide, waiting_for
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.events import EventAny
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.legal import legal_commands
from monuments_tui.rules.notation import format_command, parse_command
from monuments_tui.rules.setup import new_game
from monuments_tui.rules.state import GameState
from monuments_tui.saves import (
    ENCODER,
    CmdRecord,
    Header,
    Journal,
    RecordAny,
    RedoRecord,
    SaveError,
    SaveFile,
    TeachingRecord,
    UndoRecord,
    default_saves_dir,
    now_iso,
    read_save,
    save_name,
    unique_path,
    write_save,
)

SNAPSHOT_EVERY = 32
"""A snapshot of the state is kept every this many steps of the line of play."""
CONTROLLERS = ("human", "random", "heuristic", "ai")


class UndoRefused(Exception):
    """An undo (or redo) that is not allowed now; the message says why and which step blocks it."""


class Step(msgspec.Struct, frozen=True):
    """One command of the line of play, with what it caused."""

    seq: int
    """The command's record number in the journal (its line in the file is `seq + 1`)."""
    seat: int
    """The seat that issued it."""
    command: CommandAny
    events: tuple[EventAny, ...]
    round: int
    """The round in which it was played (0 = set-up)."""
    turn: int
    """Turns begun before it, over all seats (0 = set-up, 1 = the first turn)."""
    text: str
    """The command in notation."""


class TakenBack(msgspec.Struct, frozen=True):
    """Steps played at `position` of the final line and later undone for good."""

    position: int
    steps: tuple[Step, ...]


def make_step(seq: int, seat: int, command: Command, events, state: GameState) -> Step:
    """The Step for `command` played by `seat` in `state` (the state before it)."""
    return Step(
        seq=seq,
        seat=seat,
        command=command,
        events=tuple(events),
        round=state.round,
        turn=sum(p.turns for p in state.players),
        text=format_command(command),
    )


class Timeline:
    """A line of play from an initial state, with the redo line and snapshots.

    `snapshots[k]` is the state after the first k steps, for every multiple k of `every`
    up to the length of the line (kept across undo, so redo and replay reuse them).
    States are shared, never mutated: each step folds into a new state.
    """

    def __init__(self, initial: GameState, every: int = SNAPSHOT_EVERY):
        self.every = every
        self.initial = initial
        self.steps: list[Step] = []
        self.redo_stack: list[Step] = []
        """Steps taken back and not yet redone; the next to redo is last."""
        self.snapshots: dict[int, GameState] = {0: initial}
        self.state = initial

    def push(self, step: Step) -> list[Step]:
        """Play `step` (a new command). Returns the redo line it discards, in play order."""
        discarded = self.redo_stack[::-1]
        if discarded:
            self.redo_stack = []
            for k in [k for k in self.snapshots if k > len(self.steps)]:
                del self.snapshots[k]
        self._advance(step)
        return discarded

    def undo(self) -> Step:
        """Take back the last step; the state is folded again from the nearest snapshot."""
        step = self.steps.pop()
        self.redo_stack.append(step)
        self.state = self.state_at(len(self.steps))
        return step

    def redo(self) -> Step:
        """Play the last step taken back again, applying its recorded events."""
        step = self.redo_stack.pop()
        self._advance(step)
        return step

    def _advance(self, step: Step) -> None:
        self.state = fold(self.state, step.events)
        self.steps.append(step)
        if len(self.steps) % self.every == 0:
            self.snapshots[len(self.steps)] = self.state

    def state_at(self, position: int) -> GameState:
        """The state after the first `position` steps of the line (0 = the initial state)."""
        if not 0 <= position <= len(self.steps):
            raise IndexError(f"position {position} is outside 0..{len(self.steps)}")
        base = position - position % self.every
        while base not in self.snapshots:
            base -= self.every
        state = self.snapshots[base]
        if base == position:
            return state
        return fold(state, [e for step in self.steps[base:position] for e in step.events])


# -- the undo policy ---------------------------------------------------------------------------
def hidden_or_random(events) -> str | None:
    """Why a step's events may not be taken back in a standard game, or None.

    A step that drew randomness (dice, draws, shuffles, the AI deck) or revealed hidden
    information, or that began a turn, is a wall for undo [issue 5, item 7].
    """
    for e in events:
        if isinstance(e, ev.BattleBegan):
            return "it rolled the battle dice"
        if isinstance(e, ev.QuestsDealt):
            return "it drew quest cards"
        if isinstance(e, ev.QuestDeckShuffled):
            return "it shuffled a quest deck"
        if isinstance(e, ev.AiStateSet):
            return "the AI deck drew a card"
        if isinstance(e, ev.RngAdvanced):
            return f"it rolled a die{f' ({e.note})' if e.note else ''}"
        if "rng" in type(e).__struct_fields__:
            return "it drew from the random generator"
    for e in events:
        if isinstance(e, ev.TurnBegan):
            return "a new turn began with it"
    return None


def undo_refusal(timeline: Timeline, teaching: bool) -> str | None:
    """Why the last step cannot be undone now, or None if it can."""
    if not timeline.steps:
        return "nothing to undo: no command has been played"
    if teaching:
        return None
    state = timeline.state
    step = timeline.steps[-1]
    civ = state.players[step.seat].civ.capitalize()
    label = f"step {step.seq} ({civ}: {step.text})"
    if state.pending is None:
        return f"cannot undo {label}: the game is over (replay it, or switch on teaching mode)"
    reason = hidden_or_random(step.events)
    if reason:
        return (
            f"cannot undo {label}: {reason}; in a standard game undo stops at dice rolls, card draws "
            "and the start of a turn (switch on teaching mode to undo further)"
        )
    if step.seat != state.pending.seat:
        now = state.players[state.pending.seat].civ.capitalize()
        return (
            f"cannot undo {label}: it was {civ}'s step and it is {now} to decide; "
            "in a standard game a player may undo only their own steps of their current turn"
        )
    return None


# -- rebuilding a game from its journal ---------------------------------------------------------
class Rebuilt(msgspec.Struct):
    """A journal replayed into a line of play."""

    timeline: Timeline
    teaching: bool
    taken_back: list[TakenBack]


def _short(data: bytes, limit: int = 240) -> str:
    text = data.decode("utf-8", "replace")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _divergence(recorded: tuple, decided: list) -> str:
    for i in range(max(len(recorded), len(decided))):
        a = ENCODER.encode(recorded[i]) if i < len(recorded) else b"(nothing)"
        b = ENCODER.encode(decided[i]) if i < len(decided) else b"(nothing)"
        if a != b:
            return f"event {i + 1} is recorded as {_short(a)} but the rules now give {_short(b)}"
    return "the events differ"  # pragma: no cover - bytes differed, so some event does


def rebuild(header: Header, records: list[RecordAny], path: Path | str = "<memory>", *, validate: bool = True) -> Rebuilt:
    """Replay a journal into a line of play, checking it record by record.

    With `validate`, every command is decided again and must yield exactly the recorded
    events (compared as encoded bytes); undo records must obey the undo policy in force.
    Without it (a session's own in-memory journal), the recorded events are trusted.

    Raises:
        SaveError: at the first record that does not hold, naming its line.
    """
    try:
        initial = new_game(header.config)
    except (ValueError, KeyError) as exc:
        raise SaveError(path, 1, f"the game configuration is not valid: {exc}") from None
    timeline = Timeline(initial)
    teaching = header.teaching
    taken_back: list[TakenBack] = []
    for record in records:
        line = record.seq + 1
        if isinstance(record, CmdRecord):
            state = timeline.state
            if validate:
                events = _check_command(state, record, path, line)
            else:
                events = list(record.events)
            step = make_step(record.seq, record.seat, record.command, events, state)
            discarded = timeline.push(step)
            if discarded:
                taken_back.append(TakenBack(len(timeline.steps) - 1, tuple(discarded)))
        elif isinstance(record, UndoRecord):
            if validate:
                refusal = undo_refusal(timeline, teaching)
                if refusal:
                    raise SaveError(path, line, f"this undo was not allowed: {refusal}")
            if not timeline.steps or timeline.steps[-1].seq != record.step:
                raise SaveError(path, line, f"undo of step {record.step}, which is not the last step of the line of play")
            timeline.undo()
        elif isinstance(record, RedoRecord):
            if not timeline.redo_stack or timeline.redo_stack[-1].seq != record.step:
                raise SaveError(path, line, f"redo of step {record.step}, which is not the last step taken back")
            timeline.redo()
        elif isinstance(record, TeachingRecord):
            teaching = record.on
    if timeline.redo_stack:
        taken_back.append(TakenBack(len(timeline.steps), tuple(timeline.redo_stack[::-1])))
    taken_back.sort(key=lambda t: t.position)
    return Rebuilt(timeline, teaching, taken_back)


def _check_command(state: GameState, record: CmdRecord, path, line: int) -> list:
    text = format_command(record.command)
    if state.pending is None:
        raise SaveError(path, line, f"command {text!r} recorded after the end of the game")
    if record.seat != state.pending.seat:
        raise SaveError(
            path, line, f"command {text!r} is recorded for seat {record.seat}, but seat {state.pending.seat} was to decide"
        )
    try:
        events = decide(state, record.command)
    except RuleViolation as exc:
        raise SaveError(path, line, f"command {text!r} is not legal at this point: {exc}") from None
    except Exception as exc:  # a tampered file must give a message, never a traceback
        raise SaveError(path, line, f"command {text!r} cannot be decided: {type(exc).__name__}: {exc}") from None
    if ENCODER.encode(record.events) != ENCODER.encode(events):
        raise SaveError(
            path,
            line,
            f"command {text!r} does not give the recorded events (tampered, or saved by incompatible rules): "
            + _divergence(record.events, events),
        )
    return events


def load_save(path: Path | str) -> tuple[SaveFile, Rebuilt]:
    """Read and fully check a save. Never modifies the file.

    Raises:
        SaveError: naming the file and the first line at fault.
    """
    save = read_save(path)
    return save, rebuild(save.header, save.records, save.path)


# -- the live game --------------------------------------------------------------------------------
class GameSession:
    """A game being played: its journal, its current state, undo/redo and snapshots.

    Create with `GameSession.new(config, ...)` or `GameSession.load(path)`; see
    docs/session.md. Every state it hands out is shared: treat it as read-only.
    """

    def __init__(
        self,
        header: Header,
        rebuilt: Rebuilt,
        records: list[RecordAny],
        journal: Journal | None,
        saves_dir: Path | None = None,
    ):
        self.header = header
        self.config: GameConfig = header.config
        self.seats: tuple[str, ...] = header.seats
        self.teaching: bool = rebuilt.teaching
        self.title: str = header.title
        self.saves_dir = saves_dir
        self._timeline = rebuilt.timeline
        self._records = records
        self._journal = journal
        self._rnd = random.Random(header.config.seed)

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        config: GameConfig,
        *,
        seats: tuple[str, ...] = (),
        teaching: bool = False,
        saves_dir: Path | None = None,
        path: Path | None = None,
        title: str = "",
        autosave: bool = True,
    ) -> GameSession:
        """Start a new game and its save (unless `autosave` is False: then nothing is written).

        Raises:
            ValueError: a configuration the set-up rules refuse, or unknown seat controllers.
            FileExistsError: `path` is given and already exists (saves are never overwritten).
        """
        seats = check_seats(config, seats)
        initial = new_game(config)
        if not title:
            title = " v ".join(c.capitalize() for c in config.civs) + f", {config.mode}, seed {config.seed}"
        header = Header(config=config, seats=seats, teaching=teaching, created=now_iso(), title=title)
        journal = None
        if autosave:
            journal = _create_journal(header, (), path, saves_dir, config)
        return cls(header, Rebuilt(Timeline(initial), teaching, []), [], journal, saves_dir)

    @classmethod
    def load(cls, path: Path | str, *, saves_dir: Path | None = None) -> tuple[GameSession, list[str]]:
        """Open a save to go on playing it. Returns the session and warnings to show.

        The whole file is checked first (see `rebuild`); a failed load changes nothing.
        A torn last line is dropped with a warning, and cut off safely at the next write.

        Raises:
            SaveError: naming the file and the first line at fault.
        """
        save, rebuilt = load_save(path)
        repair = save.good_length if save.needs_repair else None
        journal = Journal(save.path, repair_to=repair)
        return cls(save.header, rebuilt, list(save.records), journal, saves_dir), list(save.warnings)

    @classmethod
    def from_steps(
        cls,
        header: Header,
        steps: list[Step],
        *,
        path: Path | None = None,
        saves_dir: Path | None = None,
        autosave: bool = True,
    ) -> GameSession:
        """A new game (and save) whose line of play starts with `steps` (already checked).

        Used by "play from here" and by import; the steps are renumbered 1, 2, 3...
        """
        timeline = Timeline(new_game(header.config))
        records: list[RecordAny] = []
        for i, old in enumerate(steps, start=1):
            step = msgspec.structs.replace(old, seq=i)
            timeline.push(step)
            records.append(CmdRecord(i, step.seat, step.command, step.events))
        journal = None
        if autosave:
            journal = _create_journal(header, records, path, saves_dir, header.config)
        return cls(header, Rebuilt(timeline, header.teaching, []), records, journal, saves_dir)

    # -- the game -----------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The current state (shared: do not mutate)."""
        return self._timeline.state

    @property
    def path(self) -> Path | None:
        """The autosave file, or None for a session that writes nothing."""
        return self._journal.path if self._journal else None

    def execute(self, command: Command) -> list[ev.Event]:
        """Play `command` for the seat that must decide now. Returns the events.

        Raises:
            RuleViolation: the command is not legal now (state and file untouched).
            OSError: the record could not be written (the state is untouched).
        """
        state = self._timeline.state
        events = decide(state, command)
        seat = state.pending.seat  # decide succeeded, so a decision was pending
        record = CmdRecord(self._next_seq(), seat, command, tuple(events))
        self._write(record)
        self._timeline.push(make_step(record.seq, seat, command, events, state))
        return events

    def execute_text(self, text: str) -> list[ev.Event]:
        """Parse `text` in the notation and play it.

        Raises:
            NotationError: not a command; RuleViolation: not legal now.
        """
        return self.execute(parse_command(text))

    def legal(self) -> list[Command]:
        """The commands legal now."""
        return legal_commands(self._timeline.state)

    def prompt(self) -> str:
        """What the game is waiting for, in words."""
        return waiting_for(self._timeline.state)

    def history(self) -> list[Step]:
        """The live line of play, oldest first."""
        return list(self._timeline.steps)

    def controller(self, seat: int | None = None) -> str:
        """The controller of `seat` (default: the seat that must decide now; "human" when none)."""
        if seat is None:
            pending = self._timeline.state.pending
            if pending is None:
                return "human"
            seat = pending.seat
        return self.seats[seat]

    def bot_command(self, rnd: random.Random | None = None) -> Command:
        """The command the bot in the seat that must decide now would play (not executed).

        Raises:
            ValueError: that seat is played by a person, or the game is over.
        """
        from monuments_tui.ai.bots import get_bot

        name = self.controller()
        if self._timeline.state.pending is None:
            raise ValueError("the game is over")
        if name == "human":
            raise ValueError("this seat is played by a person")
        if name == "ai":
            return parse_command("ai")  # the solo AI deck decides inside the rules
        return get_bot(name)(self._timeline.state, rnd or self._rnd)

    # -- undo and redo ------------------------------------------------------------------------
    def set_teaching(self, on: bool) -> None:
        """Switch teaching mode (unlimited undo/redo) on or off; recorded in the journal."""
        if on == self.teaching:
            return
        self._write(TeachingRecord(self._next_seq(), on))
        self.teaching = on

    def can_undo(self) -> tuple[bool, str]:
        """(True, "") if `undo` would succeed, else (False, the reason)."""
        reason = undo_refusal(self._timeline, self.teaching)
        return (reason is None, reason or "")

    def undo(self) -> Step:
        """Take back the last step. Returns it.

        Raises:
            UndoRefused: saying why and which step blocks it.
        """
        reason = undo_refusal(self._timeline, self.teaching)
        if reason:
            raise UndoRefused(reason)
        self._write(UndoRecord(self._next_seq(), self._timeline.steps[-1].seq))
        return self._timeline.undo()

    def can_redo(self) -> bool:
        """Whether a step taken back can be played again."""
        return bool(self._timeline.redo_stack)

    @property
    def redo_line(self) -> list[Step]:
        """The steps `redo` would play again, next first."""
        return self._timeline.redo_stack[::-1]

    def redo(self) -> Step:
        """Play the last step taken back again, exactly as recorded. Returns it.

        Raises:
            UndoRefused: nothing to redo.
        """
        if not self._timeline.redo_stack:
            raise UndoRefused("nothing to redo")
        self._write(RedoRecord(self._next_seq(), self._timeline.redo_stack[-1].seq))
        return self._timeline.redo()

    # -- files ----------------------------------------------------------------------------------
    def save_copy(self, path: Path | str) -> Path:
        """Write this game's whole journal to `path` (atomically); autosave goes on as before."""
        path = Path(path)
        if path.suffix != ".jsonl":
            path = path.with_name(path.name + ".jsonl")
        return write_save(path, self.header, self._records)

    def records(self) -> list[RecordAny]:
        """Every journal record so far (commands, undos, redos, teaching switches)."""
        return list(self._records)

    def close(self) -> None:
        """Close the save file (a later command reopens it)."""
        if self._journal:
            self._journal.close()

    def __enter__(self) -> GameSession:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _next_seq(self) -> int:
        return len(self._records) + 1

    def _write(self, record: RecordAny) -> None:
        if self._journal is not None:
            self._journal.append(record)
        self._records.append(record)


def check_seats(config: GameConfig, seats: tuple[str, ...]) -> tuple[str, ...]:
    """The seat controllers, defaulted to "human" and checked.

    Raises:
        ValueError: wrong number of seats or an unknown controller.
    """
    seats = tuple(seats) or tuple("human" for _ in config.civs)
    if len(seats) != len(config.civs):
        raise ValueError(f"{len(seats)} seat controllers for {len(config.civs)} seats")
    for s in seats:
        if s not in CONTROLLERS:
            raise ValueError(f"unknown seat controller {s!r}; choose from {', '.join(CONTROLLERS)}")
    return seats


def _create_journal(header: Header, records, path: Path | None, saves_dir: Path | None, config: GameConfig) -> Journal:
    if path is not None:
        return Journal.create(Path(path), header, records)
    directory = Path(saves_dir) if saves_dir is not None else default_saves_dir()
    while True:
        try:
            return Journal.create(unique_path(directory, save_name(config)), header, records)
        except FileExistsError:
            continue  # another process took the name between the check and the create


def __getattr__(name: str):
    # `from monuments_tui.session import Replay` works; the class lives in replay.py.
    if name == "Replay":
        from monuments_tui.replay import Replay

        return Replay
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
