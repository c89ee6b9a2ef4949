"""GameSession: one game being played, its journal, undo/redo, and fast snapshots.

A session is the only object the app talks to while a game is played. It decides each
command with the rules, appends the command and its events to the save (fsynced) and
only then folds the events into a new state, so a shown result is always on disk.

Undo drops the last step of the line of play and folds again from the nearest
snapshot (one every `SNAPSHOT_EVERY` steps); redo re-applies the recorded events, so
nothing is ever rolled or shuffled twice. Undo and redo are journal records of their
own: the file stays append-only and replay can show what was taken back. Notes, side lines
(and their promotion to the main line) and the coach's hints are records too. See
docs/session.md for the API and docs/save-format.md for the file.
"""

from __future__ import annotations

import os
import random
from bisect import bisect_left
from collections.abc import Callable, Iterable
from operator import attrgetter
from pathlib import Path

import msgspec

from monuments_tui.ai.bots import get_bot
from monuments_tui.ai.search_bot import SearchBot
from monuments_tui.game.progress import Progress
from monuments_tui.game.timeline import (  # noqa: F401  (re-exported: the session's public names)
    SNAPSHOT_EVERY,
    Rebuilt,
    Step,
    TakenBack,
    Timeline,
    check_same_config,
    hidden_or_random,
    load_save,
    make_step,
    rebuild,
    starting_state,
    undo_back_refusal,
    undo_refusal,
)
from monuments_tui.game.tree import MAIN, GameTree, build_tree
from monuments_tui.rules import events as ev
from monuments_tui.rules.commands import Command
from monuments_tui.rules.config import GameConfig
from monuments_tui.rules.decide import decide, waiting_for
from monuments_tui.rules.errors import MonumentsError
from monuments_tui.rules.legal import legal_commands
from monuments_tui.rules.notation import parse_command
from monuments_tui.rules.position import format_position, parse_position
from monuments_tui.rules.setup import new_game
from monuments_tui.rules.state import GameState
from monuments_tui.saves.format import (
    BINDING_VERSION,
    CONTROLLERS,  # noqa: F401  (re-exported)
    Annotation,
    CmdRecord,
    Header,
    HintRecord,
    NoteRecord,
    RecordAny,
    RedoRecord,
    ReviewRecord,
    SavedHint,
    TeachingRecord,
    UndoRecord,
    as_saved,
    bind_first_command,
    default_seats,
    header_digest,
    now_iso,
    seats_problem,
)
from monuments_tui.saves.journal import Journal, create_journal, replace_save, write_save
from monuments_tui.saves.lock import SaveInUse, lock_for_play  # noqa: F401  (SaveInUse re-exported)


class UndoRefused(MonumentsError):
    """An undo (or redo) that is not allowed now; the message says why and which step blocks it."""


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
        self._by_seq: dict[int, Step] = dict(rebuilt.by_seq)
        """Every command's Step, on the line of play or not (for the game tree)."""
        self._tree: tuple[int, GameTree] | None = None
        self._hints_read: tuple[int, list[HintRecord]] = (0, [])
        """The records read for hints so far, and the hints among them (`hints_shown`)."""
        self._bound = header.version < BINDING_VERSION or any(isinstance(r, CmdRecord) for r in records)
        """A command record is written (the first of them committed to the header's rules), or the
        header is older than the commitment (an older game played on keeps its header, unbound)."""
        self._digest = ""
        """The digest of the header's rules as its line 1 is written (`header_digest` if empty)."""

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        config: GameConfig | None = None,
        *,
        seats: tuple[str, ...] = (),
        teaching: bool = False,
        hints: bool = False,
        guided: bool = False,
        saves_dir: Path | None = None,
        path: Path | None = None,
        title: str = "",
        autosave: bool = True,
        position: GameState | str | None = None,
    ) -> GameSession:
        """Start a new game and its save (unless `autosave` is False: then nothing is written).

        The game begins from the deal of `new_game(config)`, or from `position` (a state or
        its text, docs/positions.md), whose configuration is then the game's: `config` may
        be left out, and if given must be the same.

        Raises:
            ValueError: a configuration the set-up rules refuse, a position that cannot be
                read or is for another configuration, or unknown seat controllers.
            FileExistsError: `path` is given and already exists (saves are never overwritten).
        """
        config, initial, text = _opening(config, position)
        seats = check_seats(config, seats)
        if not title:
            title = " v ".join(c.capitalize() for c in config.civs) + f", {config.mode}, seed {config.seed}"
            title += ", from a position" if text is not None else ""
        header = Header(
            config=config,
            seats=seats,
            teaching=teaching,
            hints=hints,
            guided=guided,
            created=now_iso(),
            title=title,
            position=text,
        )
        journal = None
        if autosave:
            journal = create_journal(header, (), path, saves_dir)
        return cls(header, Rebuilt(Timeline(initial), teaching, []), [], journal, saves_dir)

    @classmethod
    def load(
        cls, path: Path | str, *, saves_dir: Path | None = None, progress: Progress | None = None
    ) -> tuple[GameSession, list[str]]:
        """Open a save to go on playing it. Returns the session and warnings to show.

        The whole file is checked first (see `rebuild`; `progress` is told how far, as in
        `load_save`); a failed load changes nothing.
        A torn last line is dropped with a warning, and cut off safely at the next write.

        The session holds the save's lock until `close` (or until this process ends): a
        second load, here or in another process, is refused while it is open.

        Raises:
            SaveInUse: another session has the save open for play (`.pid` says which process).
            SaveError: naming the file and the first line at fault.
        """
        lock = lock_for_play(Path(path))  # before reading: nobody else may write or repair it meanwhile
        try:
            save, rebuilt = load_save(path, progress)
            repair = save.good_length if save.needs_repair else None
            journal = Journal(save.path, repair_to=repair, lock=lock)
        except BaseException:
            lock.release()
            raise
        session = cls(save.header, rebuilt, list(save.records), journal, saves_dir)
        session._digest = save.rules_digest  # as the file's line 1 says it, whichever program wrote it
        return session, list(save.warnings)

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
        timeline = Timeline(starting_state(header))
        records: list[RecordAny] = []
        for i, old in enumerate(steps, start=1):
            step = msgspec.structs.replace(old, seq=i)
            timeline.push(step)
            records.append(CmdRecord(i, step.seat, step.command, step.events))
        records = bind_first_command(records, header_digest(header))
        journal = None
        if autosave:
            journal = create_journal(header, records, path, saves_dir)
        by_seq = {step.seq: step for step in timeline.steps}
        return cls(header, Rebuilt(timeline, header.teaching, [], by_seq), records, journal, saves_dir)

    # -- the game -----------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The current state (shared: do not mutate)."""
        return self._timeline.state

    @property
    def initial_state(self) -> GameState:
        """The state the game began from (shared: do not mutate)."""
        return self._timeline.initial

    def state_before_last(self) -> GameState | None:
        """The state before the last step of the line of play (None before the first)."""
        steps = len(self._timeline.steps)
        return self._timeline.state_at(steps - 1) if steps else None

    @property
    def path(self) -> Path | None:
        """The autosave file, or None for a session that writes nothing."""
        return self._journal.path if self._journal else None

    def execute(self, command: Command, ask: str | None = None) -> list[ev.Event]:
        """Play `command` for the seat that must decide now. Returns the events. `ask`: the network
        message that asked for it, kept in its record (`CmdRecord.ask`).

        Raises:
            RuleViolation: the command is not legal now (state and file untouched).
            OSError: the record could not be written (the state is untouched).
        """
        state = self._timeline.state
        events = decide(state, command)
        assert state.pending is not None, "decide succeeded, so a decision was pending"
        seat = state.pending.seat
        record = CmdRecord(self._next_seq(), seat, *as_saved(command, events), ask=ask)
        if not self._bound:  # the game's first move commits to its rules (docs/save-format.md)
            record = msgspec.structs.replace(record, binds=self._digest or header_digest(self.header))
        self._write(record)
        self._bound = True
        step = make_step(record.seq, seat, command, events, state)
        self._by_seq[step.seq] = step
        self._timeline.push(step)
        return events

    def execute_text(self, text: str, ask: str | None = None) -> list[ev.Event]:
        """Parse `text` in the notation and play it (`ask` as for `execute`).

        Raises:
            NotationError: not a command; RuleViolation: not legal now.
        """
        return self.execute(parse_command(text), ask)

    def legal(self) -> list[Command]:
        """The commands legal now."""
        return legal_commands(self._timeline.state)

    def prompt(self) -> str:
        """What the game is waiting for, in words."""
        return waiting_for(self._timeline.state)

    def history(self) -> list[Step]:
        """The live line of play, oldest first."""
        return list(self._timeline.steps)

    def state_at(self, position: int) -> GameState:
        """The state after the first `position` steps of the live line (shared: do not mutate)."""
        return self._timeline.state_at(position)

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
        name = self.controller()
        if self._timeline.state.pending is None:
            raise ValueError("the game is over")
        if name == "human":
            raise ValueError("this seat is played by a person")
        return bot_command_for(name, self._timeline.state, rnd or self._rnd)

    # -- undo and redo ------------------------------------------------------------------------
    def set_teaching(self, on: bool) -> None:
        """Switch teaching mode (unlimited undo/redo) on or off; recorded in the journal."""
        if on == self.teaching:
            return
        self._write(TeachingRecord(self._next_seq(), on))
        self.teaching = on

    def can_undo(self, viewer: int | None = None) -> tuple[bool, str]:
        """(True, "") if `undo` would succeed, else (False, the reason, written for `viewer`)."""
        reason = undo_refusal(self._timeline, self.teaching, viewer)
        return (reason is None, reason or "")

    def undo(self, viewer: int | None = None, ask: str | None = None) -> Step:
        """Take back the last step. Returns it.

        `viewer` is the seat a refusal is written for (None: every card may be named): in hot
        seat it must not read out another seat's private choice (`timeline.step_text`).

        Raises:
            UndoRefused: saying why and which step blocks it.
        """
        reason = undo_refusal(self._timeline, self.teaching, viewer)
        if reason:
            raise UndoRefused(reason)
        self._write(UndoRecord(self._next_seq(), self._timeline.steps[-1].seq, ask=ask))
        return self._timeline.undo()

    def can_redo(self) -> bool:
        """Whether a step taken back can be played again."""
        return bool(self._timeline.redo_stack)

    @property
    def redo_line(self) -> list[Step]:
        """The steps `redo` would play again, next first."""
        return self._timeline.redo_stack[::-1]

    def redo(self, ask: str | None = None) -> Step:
        """Play the last step taken back again, exactly as recorded. Returns it.

        Raises:
            UndoRefused: nothing to redo.
        """
        if not self._timeline.redo_stack:
            raise UndoRefused("nothing to redo")
        self._write(RedoRecord(self._next_seq(), self._timeline.redo_stack[-1].seq, ask=ask))
        return self._timeline.redo()

    # -- files ----------------------------------------------------------------------------------
    def save_copy(self, path: Path | str, *, replace: bool = False) -> tuple[Path, Path | None]:
        """Write this game's whole journal to `path` (atomically); autosave goes on as before.

        A file already at `path` is never lost: without `replace` the copy is refused
        (FileExistsError: ask the player first); with it, the file is kept beside as a backup
        (`NAME.bak`, or `NAME-2.bak`...) before the copy takes its place.

        Returns:
            The copy's path, and the backup's (None if nothing was replaced).

        Raises:
            ValueError: `path` is this game's own save; SaveInUse: another game being played.
            FileExistsError: `path` exists and `replace` is False. OSError: it could not be written.
        """
        path = Path(path)
        if path.suffix != ".jsonl":
            path = path.with_name(path.name + ".jsonl")
        if self.path is not None and _same_file(path, self.path):
            raise ValueError(
                f"{path} is this game's own save, which autosave keeps up to date; give another name for the copy"
            )
        if not replace:
            return write_save(path, self.header, self._records, replace=False), None
        return path, replace_save(path, self.header, self._records)

    def records(self) -> list[RecordAny]:
        """Every journal record so far (commands, undos, redos, teaching switches, hints shown)."""
        return list(self._records)

    def close(self) -> None:
        """Close the save file (a later command reopens it)."""
        if self._journal:
            self._journal.close()

    def __enter__(self) -> GameSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _next_seq(self) -> int:
        return len(self._records) + 1

    def _write(self, record: RecordAny) -> None:
        if self._journal is not None:
            self._journal.append(record)
        self._records.append(record)

    # -- notes and side lines ---------------------------------------------------------------------
    def note(self, text: str, ask: str | None = None) -> NoteRecord:
        """Attach `text` to the current position; kept in the save, shown in the log and in replay.

        Raises:
            ValueError: no text, too long, or holding what a note may not (saying what would do).
            OSError: the record could not be written.
        """
        steps = self._timeline.steps
        record = NoteRecord(self._next_seq(), steps[-1].seq if steps else 0, text.strip(), ask=ask)
        self._write(record)
        return record

    def tree(self) -> GameTree:
        """The main line, the side lines that undo left, and the notes (`game_tree`)."""
        if self._tree is None or self._tree[0] != len(self._records):
            self._tree = (len(self._records), self._grown_tree() or build_tree(self._records, self._by_seq))
        return self._tree[1]

    def _grown_tree(self) -> GameTree | None:
        """The last tree built with the moves recorded since played on at its end, when that is all
        they did (commands only, and no side line leaves the end): a step costs the same all game long."""
        if self._tree is None:
            return None
        built, tree = self._tree
        added = self._records[built:]
        if not all(isinstance(r, CmdRecord) for r in added) or tree.variations_from(MAIN, len(tree.main)):
            return None
        return tree.extended([self._by_seq[r.seq] for r in added])

    def promote(self, number: int) -> list[Step]:
        """Make side line `number` the main line; the line it replaces becomes a side line.

        Takes moves back to where the side line leaves, then plays its moves (redone where next
        to redo): undo, redo and command records only. Returns the steps played.

        Raises:
            ValueError: there is no side line `number`.
            UndoRefused: a move to take back may not be in a standard game (saying why).
        """
        target = self.tree().path(number)
        line = self._timeline.steps
        common = 0
        while common < min(len(line), len(target)) and line[common].command == target[common].command:
            common += 1
        reason = undo_back_refusal(self._timeline, common, self.teaching)  # checked before anything is written
        if reason:
            raise UndoRefused(f"cannot make side line {number} the main line: {reason}")
        for _ in range(len(line) - common):
            self.undo()
        played = []
        for step in target[common:]:
            redo = self._timeline.redo_stack
            if redo and redo[-1].command == step.command:
                played.append(self.redo())
            else:
                self.execute(step.command)
                played.append(self._timeline.steps[-1])
        return played

    # -- the coach ------------------------------------------------------------------------------
    def hint_refusal(self) -> str | None:
        """Why the coach may not give hints now, in plain words with what would allow it; None if it may."""
        if self._timeline.state.pending is None:
            return "The game is over: there is no move left to suggest."
        if self.teaching or self.header.hints:
            return None
        return (
            "Hints are off in this game: it was started without them. Switch on teaching mode to get them, "
            'or start a game with hints allowed (the new-game form\'s "Allow hints" box, or monuments new --hints).'
        )

    def record_hint(self, hints: Iterable[tuple[str, str]]) -> HintRecord:
        """Keep in the save the hints (command, why) shown now to the seat that must decide."""
        state = self._timeline.state
        assert state.pending is not None, "hints are given only while a decision is pending"
        steps = self._timeline.steps
        saved = tuple(SavedHint(command, why) for command, why in hints)
        record = HintRecord(self._next_seq(), state.pending.seat, len(steps), steps[-1].seq if steps else 0, saved)
        self._write(record)
        return record

    def record_review(self, seats: Iterable[int], annotations: Iterable[Annotation]) -> ReviewRecord:
        """Keep in the save a review of `seats` and the decisions it marked (`game.review`); it takes
        the place of any earlier review of those seats in the log and the move list.

        Raises:
            ValueError: a mark on a move not recorded, or for a seat other than the one that played it.
            OSError: the record could not be written.
        """
        record = ReviewRecord(self._next_seq(), tuple(sorted(set(seats))), tuple(annotations))
        for a in record.annotations:
            step = self._by_seq.get(a.step)
            if step is None or step.seat != a.seat:
                raise ValueError(f"record {a.step} is not a move of seat {a.seat} in this game")
        if max(record.seats) >= len(self.config.civs):
            raise ValueError(f"this game has seats 0 to {len(self.config.civs) - 1}")
        self._write(record)
        return record

    def hints_shown(self) -> list[HintRecord]:
        """The hints given on the live line of play (after a step still in it, or before the first)."""
        # a step costs the same all game long: read only the records added since, find steps by seq
        read, hints = self._hints_read
        hints += [r for r in self._records[read:] if isinstance(r, HintRecord)]
        self._hints_read = (len(self._records), hints)
        steps = self._timeline.steps
        return [h for h in hints if h.after == 0 or _on_line(steps, h.after)]


def bot_command_for(
    controller: str, state: GameState, rnd: random.Random, progress: Callable[[float], bool] | None = None
) -> Command:
    """The command the bot `controller` plays in `state`: a function of its arguments only, so a
    worker thread can run it on a copy of the state while the session goes on. A searching
    bot tells `progress` the share of its think time spent, and stops early when it returns False."""
    if controller == "ai":
        return parse_command("ai")  # the solo AI deck decides inside the rules
    bot = get_bot(controller)
    if progress is not None and isinstance(bot, SearchBot):
        return bot.decide(state, rnd, progress)
    return bot(state, rnd)


def check_seats(config: GameConfig, seats: tuple[str, ...]) -> tuple[str, ...]:
    """The seat controllers, defaulted to a person on every seat but the solo AI's, and checked.

    Raises:
        ValueError: not one per civilisation, an unknown controller, or "ai" off the AI seat.
    """
    seats = tuple(seats) or default_seats(config)
    problem = seats_problem(config, seats)
    if problem is not None:
        raise ValueError(problem)
    return seats


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or os.path.samefile(a, b)
    except OSError:
        return False


def _opening(config: GameConfig | None, position: GameState | str | None) -> tuple[GameConfig, GameState, str | None]:
    """The configuration, the first state and the position text (None for the deal) of a new game."""
    if position is None:
        if config is None:
            raise ValueError("a new game needs a configuration or a starting position")
        return config, new_game(config), None
    # The save records the canonical text, and the game starts from exactly what it says.
    text = format_position(position) if isinstance(position, GameState) else format_position(parse_position(position))
    initial = parse_position(text)
    if config is not None:
        check_same_config(initial.config, config)
    return initial.config, initial, text


def _on_line(steps: list[Step], seq: int) -> bool:
    """Whether the step recorded as `seq` is on the line `steps` (their seqs rise along a line of play)."""
    at = bisect_left(steps, seq, key=_SEQ)
    return at < len(steps) and steps[at].seq == seq


_SEQ = attrgetter("seq")
