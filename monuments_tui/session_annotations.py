"""What a session adds to a game beyond its moves: notes, side lines and their promotion, and
the coach's hints, each kept in the save as records (`save_records`).

A mixin of `GameSession`, which gives it the timeline, the records and the journal writer.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from operator import attrgetter
from typing import TYPE_CHECKING

from monuments_tui.game_tree import MAIN, GameTree, build_tree
from monuments_tui.saves import CmdRecord, Header, HintRecord, NoteRecord, RecordAny, SavedHint
from monuments_tui.timeline import Step, Timeline, undo_back_refusal

if TYPE_CHECKING:
    from monuments_tui.rules import events as ev
    from monuments_tui.rules.commands import Command


class UndoRefused(Exception):
    """An undo (or redo) that is not allowed now; the message says why and which step blocks it."""


# -- the live game --------------------------------------------------------------------------------
class SessionAnnotations:
    """Notes, side lines and hints of a `GameSession`."""

    header: Header
    _timeline: Timeline
    _records: list[RecordAny]
    _by_seq: dict[int, Step]
    _tree: tuple[int, GameTree] | None
    _hints_read: tuple[int, list[HintRecord]]

    if TYPE_CHECKING:  # the session's own members, as mypy sees them

        @property
        def teaching(self) -> bool: ...
        def _next_seq(self) -> int: ...
        def _write(self, record: RecordAny) -> None: ...
        def undo(self, viewer: int | None = None) -> Step: ...
        def redo(self) -> Step: ...
        def execute(self, command: Command) -> list[ev.Event]: ...

    # -- notes and side lines ---------------------------------------------------------------------
    def note(self, text: str) -> NoteRecord:
        """Attach `text` to the current position; kept in the save, shown in the log and in replay.

        Raises:
            ValueError: no text, too long, or holding what a note may not (saying what would do).
            OSError: the record could not be written.
        """
        steps = self._timeline.steps
        record = NoteRecord(self._next_seq(), steps[-1].seq if steps else 0, text.strip())
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

    def hints_shown(self) -> list[HintRecord]:
        """The hints given on the live line of play (after a step still in it, or before the first)."""
        # a step costs the same all game long: read only the records added since, find steps by seq
        read, hints = self._hints_read
        hints += [r for r in self._records[read:] if isinstance(r, HintRecord)]
        self._hints_read = (len(self._records), hints)
        steps = self._timeline.steps
        return [h for h in hints if h.after == 0 or _on_line(steps, h.after)]


def _on_line(steps: list[Step], seq: int) -> bool:
    """Whether the step recorded as `seq` is on the line `steps` (their seqs rise along a line of play)."""
    at = bisect_left(steps, seq, key=_SEQ)
    return at < len(steps) and steps[at].seq == seq


_SEQ = attrgetter("seq")
