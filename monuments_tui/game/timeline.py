"""The line of play: steps, snapshots, the undo policy, and rebuilding a game from its journal.

`Timeline` holds the steps of a game from its initial state, the steps waiting to be
redone, and a snapshot of the state every `SNAPSHOT_EVERY` steps, so that the state at
any point (after an undo, or in a replay) is folded from the nearest snapshot rather
than from the start. `rebuild` replays a save's records into a Timeline, deciding every
command again and checking it gives the recorded events. Used by `session` and `replay`.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import msgspec

from monuments_tui.game.load_check import CommandChecker
from monuments_tui.game.narration import draw_text
from monuments_tui.game.progress import Progress, reporting
from monuments_tui.rules import events as ev
from monuments_tui.rules.commands import Command, CommandAny, KeepQuests, KeepStartQuest
from monuments_tui.rules.config import OPTIONS_0_3_0, GameConfig
from monuments_tui.rules.events import Event, EventAny
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.notation import format_command
from monuments_tui.rules.position import parse_position
from monuments_tui.rules.setup import new_game
from monuments_tui.rules.state import GameState
from monuments_tui.saves.format import (
    NEW_EVENTS_VERSION,
    CmdRecord,
    Header,
    HintRecord,
    NoteRecord,
    RecordAny,
    RedoRecord,
    ReviewRecord,
    SaveError,
    SaveFile,
    TeachingRecord,
    UndoRecord,
    as_saved,
    binding_problem,
    parse_version,
    read_save,
)

SNAPSHOT_EVERY = 32
"""A snapshot of the state is kept every this many steps of the line of play."""


class Step(msgspec.Struct, frozen=True, gc=False):
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

    @property
    def text(self) -> str:
        """The command in notation (derived: wording is never stored)."""
        return format_command(self.command)


PRIVATE_COMMANDS = (KeepStartQuest, KeepQuests)
"""Commands only their own seat may read: which quests were kept [Player set-up, l.154;
Draw quest cards, l.369; B87]. Action cards are public: played cards lie face up, so a
hand is the ten cards less the discards [Upgrading, l.215]."""


def step_text(step: Step, viewer: int | None) -> str:
    """The step's notation as `viewer` may read it (None: everything may be named): another
    seat's private choice shows only its verb ("keep ...")."""
    if isinstance(step.command, PRIVATE_COMMANDS) and viewer is not None and viewer != step.seat:
        return step.text.split()[0] + " ..."
    return step.text


class TakenBack(msgspec.Struct, frozen=True):
    """Steps played at `position` of the final line and later undone for good."""

    position: int
    steps: tuple[Step, ...]


def make_step(seq: int, seat: int, command: Command, events: Iterable[Event], state: GameState) -> Step:
    """The Step for `command` played by `seat` in `state` (the state before it)."""
    saved_command, saved_events = as_saved(command, events)
    return Step(
        seq=seq,
        seat=seat,
        command=saved_command,
        events=saved_events,
        round=state.round,
        turn=sum(p.turns for p in state.players),
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

    def copy(self) -> Timeline:
        """Another timeline of the same line, to try moves on (the states are shared, never mutated)."""
        other = Timeline(self.initial, self.every)
        other.steps, other.redo_stack = list(self.steps), list(self.redo_stack)
        other.snapshots, other.state = dict(self.snapshots), self.state
        return other

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
        before = self.state
        self.state = fold(self.state, step.events)
        before.__dict__.pop("folded", None)  # the rule's fold memo has served: no state keeps the next alive
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
def hidden_or_random(events: Iterable[Event]) -> str | None:
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
        if isinstance(e, (ev.RandomDrawn, ev.RngAdvanced)):
            what = draw_text(e)
            return f"it rolled a die{f' ({what})' if what else ''}"
        if "rng" in type(e).__struct_fields__:
            return "it drew from the random generator"
    for e in events:
        if isinstance(e, ev.TurnBegan):
            return "a new turn began with it"
    return None


def undo_refusal(timeline: Timeline, teaching: bool, viewer: int | None = None) -> str | None:
    """Why the last step cannot be undone now, or None if it can; written for `viewer` (None:
    every card may be named), so another seat's private choice is not read out."""
    if not timeline.steps:
        return "nothing to undo: no command has been played"
    if teaching:
        return None
    state = timeline.state
    step = timeline.steps[-1]
    civ = state.players[step.seat].civ.capitalize()
    label = f"{civ}'s last step ({step_text(step, viewer)})"
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


def undo_back_refusal(timeline: Timeline, length: int, teaching: bool) -> str | None:
    """Why the line cannot be taken back to its first `length` steps, one undo at a time, or None."""
    probe = timeline.copy()
    while len(probe.steps) > length:
        reason = undo_refusal(probe, teaching)
        if reason:
            return reason
        probe.undo()
    return None


# -- rebuilding a game from its journal ---------------------------------------------------------
def starting_state(header: Header) -> GameState:
    """The state a saved game begins from: its position if it has one, else the deal.

    Raises:
        ValueError: the configuration or the position is not valid, or they disagree.
    """
    if header.position is None:
        return new_game(header.config)
    state = parse_position(header.position)
    check_same_config(state.config, header.config)
    return state


def check_same_config(position: GameConfig, config: GameConfig) -> None:
    """Refuse a position whose game configuration is not `config`, naming what differs.

    Raises:
        ValueError: saying which settings differ and how.
    """
    if position == config:
        return
    mine, theirs = msgspec.to_builtins(position), msgspec.to_builtins(config)
    diffs = [
        f"{k} is {mine[k]!r} in the position but {theirs[k]!r} in the game settings"
        for k in mine
        if mine[k] != theirs[k]
    ]
    raise ValueError("the position is for another game: " + "; ".join(diffs) + " (make them agree)")


class Rebuilt(msgspec.Struct):
    """A journal replayed into a line of play."""

    timeline: Timeline
    teaching: bool
    taken_back: list[TakenBack]
    by_seq: dict[int, Step] = {}
    taught: bool = False
    """Teaching mode was on at some time (at the start, or switched on): undos beyond the
    standard game's may lie in the journal, so a record of it must say so."""
    """The Step of every command record, on the line of play or not, by its `seq` (for `game_tree`)."""


def rebuild(
    header: Header, records: list[RecordAny], path: Path | str = "<memory>", *, validate: bool = True
) -> Rebuilt:
    """Replay a journal into a line of play, checking it record by record.

    With `validate`, every command is decided again and must yield exactly the recorded
    events (equal as values, else as encoded bytes); undo records must obey the undo policy in force.
    Without it (a session's own in-memory journal), the recorded events are trusted.

    Raises:
        SaveError: at the first record that does not hold, naming its line.
    """
    try:
        initial = starting_state(header)
    except (ValueError, KeyError) as exc:
        what = "starting position" if header.position is not None else "game configuration"
        raise SaveError(path, 1, f"the {what} is not valid: {exc}") from None
    timeline = Timeline(initial)
    checker = CommandChecker(path, legacy=header.version < NEW_EVENTS_VERSION) if validate else None
    teaching = taught = header.teaching
    taken_back: list[TakenBack] = []
    by_seq: dict[int, Step] = {}
    for record in records:
        line = record.seq + 1
        if isinstance(record, CmdRecord):
            state = timeline.state
            events = checker.events(state, record, line) if checker else list(record.events)
            step = make_step(record.seq, record.seat, record.command, events, state)
            by_seq[step.seq] = step
            discarded = timeline.push(step)
            if discarded:
                taken_back.append(TakenBack(len(timeline.steps) - 1, tuple(discarded)))
            continue
        if checker:
            checker.settle()  # a card played just before is checked in full first
        if isinstance(record, TeachingRecord):
            teaching = record.on
            taught = taught or record.on
        elif isinstance(record, ReviewRecord):
            _check_review(record, by_seq, header, path, line)
        else:
            _replay_record(timeline, record, path, line, teaching if validate else None)
    if checker:
        checker.settle()
    if timeline.redo_stack:
        taken_back.append(TakenBack(len(timeline.steps), tuple(timeline.redo_stack[::-1])))
    taken_back.sort(key=lambda t: t.position)
    return Rebuilt(timeline, teaching, taken_back, by_seq, taught)


def _replay_record(
    timeline: Timeline, record: RecordAny, path: Path | str, line: int, undo_policy: bool | None
) -> None:
    """Replay an undo, a redo or a note onto `timeline`; `undo_policy`: the teaching mode an
    undo must obey (None: not checked).

    Raises:
        SaveError: if the record does not fit the line of play.
    """
    if isinstance(record, UndoRecord):
        if undo_policy is not None:
            refusal = undo_refusal(timeline, undo_policy)
            if refusal:
                raise SaveError(path, line, f"this undo was not allowed: {refusal}")
        if not timeline.steps or timeline.steps[-1].seq != record.step:
            raise SaveError(path, line, f"undo of step {record.step}, which is not the last step of the line of play")
        timeline.undo()
    elif isinstance(record, RedoRecord):
        if not timeline.redo_stack or timeline.redo_stack[-1].seq != record.step:
            raise SaveError(path, line, f"redo of step {record.step}, which is not the last step taken back")
        timeline.redo()
    elif isinstance(record, NoteRecord):
        here = timeline.steps[-1].seq if timeline.steps else 0
        if record.after != here:
            raise SaveError(
                path, line, f"a note on the position after step {record.after}, but the game is after step {here}"
            )
    elif isinstance(record, HintRecord):
        _check_hint(timeline, record, path, line)


def _check_hint(timeline: Timeline, record: HintRecord, path: Path | str, line: int) -> None:
    """Hints are kept as shown: to the seat the game waits for, at the position it is in."""
    pending = timeline.state.pending
    here = timeline.steps[-1].seq if timeline.steps else 0
    if pending is None:
        raise SaveError(path, line, "hints after the end of the game, where nobody has a move to make")
    if (record.seat, record.position, record.after) != (pending.seat, len(timeline.steps), here):
        raise SaveError(
            path,
            line,
            f"hints for seat {record.seat} at step {record.position} after record {record.after}, but the game "
            f"waits for seat {pending.seat} at step {len(timeline.steps)} after record {here}",
        )


def _check_review(record: ReviewRecord, by_seq: dict[int, Step], header: Header, path: Path | str, line: int) -> None:
    """A review marks moves recorded before it, each by the seat that played it, of the game's seats."""
    seats = len(header.config.civs)
    if max(record.seats) >= seats:
        raise SaveError(path, line, f"a review of seat {max(record.seats)}, but the game has seats 0 to {seats - 1}")
    for a in record.annotations:
        step = by_seq.get(a.step)
        if step is None:
            raise SaveError(path, line, f"a review mark on record {a.step}, which is not a move recorded before it")
        if step.seat != a.seat:
            raise SaveError(
                path, line, f"a review mark for seat {a.seat} on record {a.step}, played by seat {step.seat}"
            )


def load_save(path: Path | str, progress: Progress | None = None) -> tuple[SaveFile, Rebuilt]:
    """Read and fully check a save. Never modifies the file.

    A game saved by 0.3.0 or earlier is checked under today's rules first; if it does
    not hold under them, under the rules it was played with (`OPTIONS_0_3_0`), and then
    it goes on under those, so a game is played to its end under one set of rules.
    `progress`, if given, is told how far the check is (from the thread that loads).

    Raises:
        SaveError: naming the file and the first line at fault.
    """
    save = read_save(path)
    unbound = binding_problem(save)
    if unbound is not None:
        raise SaveError(save.path, *unbound)
    records = reporting(save.records, progress)
    try:
        return save, rebuild(save.header, records, save.path)
    except SaveError as today:
        older = _as_played_by_0_3_0(save.header)
        if older is None:
            raise
        try:
            rebuilt = rebuild(older, records, save.path)
        except SaveError:
            raise today from None
        warning = (
            f"{save.path}: this game was saved by monuments {save.header.rules_version} and depends on rules "
            f"changed since (line {today.line}); it goes on under the rules it was played with"
        )
    return msgspec.structs.replace(save, header=older, warnings=[*save.warnings, warning]), rebuilt


def _as_played_by_0_3_0(header: Header) -> Header | None:
    """The header with the rule options 0.3.0 played with, if an older version wrote it."""
    version = parse_version(header.rules_version)  # checked when the header was read
    if version is None or version > (0, 3, 0):
        return None
    options = msgspec.structs.replace(header.config.options, **OPTIONS_0_3_0)
    config = msgspec.structs.replace(header.config, options=options)
    return msgspec.structs.replace(header, config=config)
