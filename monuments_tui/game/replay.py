"""Replay: step through any save (finished, in progress, with undos), read-only.

A replay is the same fold as a live game, stopped at any position of the final line of
play: 0 is the dealt game before the first command, `len(steps)` is the end. It moves
by step, turn and round, shows everything or one seat's view, lists the steps that were
taken back, and can branch: "play from here" starts a new save with the line so far.
Opening a replay never writes to the file.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from pathlib import Path

import msgspec

from monuments_tui.game.session import GameSession
from monuments_tui.game.timeline import Rebuilt, Step, TakenBack, load_save, rebuild
from monuments_tui.game.tree import MAIN, GameTree, build_tree
from monuments_tui.rules import events as ev
from monuments_tui.rules.config import GameConfig
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.state import GameState
from monuments_tui.rules.views import visible_state
from monuments_tui.saves.format import Header, HintRecord, RecordAny, now_iso, seats_problem

PLACE = re.compile(r"(?P<word>start|end)|(?P<kind>[trs])?\s*(?P<n>\d{1,6})")
"""A place in a game: a turn (`50`, `t50`), a round (`r10`), a step (`s120`), `start` or `end`."""


FINISHED_HERE = "the game is over here: step back to an earlier position to play on from it"


NOT_FROM_A_VIEW = (
    "this is {whose} view of a network game: the cards it never saw stay hidden, so no game can be "
    "played on from it (the server's save can: monuments replay FILE there)"
)


class SeenBy(msgspec.Struct, frozen=True):
    """The line of play of a replay as one viewer of a network game was sent it (not a save's)."""

    seat: int | None
    """The seat it was sent to (None: a spectator)."""
    words: str
    """Whose view it is, in words: "Egypt's", "a spectator's"."""


class Replay:
    """A cursor over a game's line of play. See docs/session.md."""

    def __init__(
        self,
        header: Header,
        rebuilt: Rebuilt,
        path: Path | None,
        warnings: list[str],
        records: Sequence[RecordAny] = (),
    ):
        self.header = header
        self.config: GameConfig = header.config
        self.seats: tuple[str, ...] = header.seats
        self.teaching: bool = rebuilt.teaching
        self.taught: bool = rebuilt.taught
        """Teaching mode was on at some time in the game (`Rebuilt.taught`)."""
        self.title: str = header.title
        self.path = path
        self.warnings = warnings
        self._timeline = rebuilt.timeline
        self.steps: list[Step] = list(rebuilt.timeline.steps)
        self.taken_back: list[TakenBack] = rebuilt.taken_back
        self.tree: GameTree = build_tree(records, rebuilt.by_seq) if records else GameTree(self.steps, (), {})
        """The main line (`steps`), the side lines that undo left, and the notes (from `records`)."""
        self.hints: list[HintRecord] = [r for r in records if isinstance(r, HintRecord)]
        """The coach's hints, each after the step whose `seq` is its `after` (0: at the start)."""
        # Cumulative turn and round at every position, and where turns and rounds begin.
        first = rebuilt.timeline.initial
        self._turn_at = [sum(p.turns for p in first.players)]  # a game may begin from a position
        self._round_at = [first.round]
        self._turn_starts: list[int] = []
        self._round_starts: list[int] = []
        for position, step in enumerate(self.steps, start=1):
            turn, rnd = self._turn_at[-1], self._round_at[-1]
            for e in step.events:
                if isinstance(e, ev.TurnBegan):
                    turn += 1
                    if e.round != rnd:
                        self._round_starts.append(position)
                    rnd = e.round
                    if not self._turn_starts or self._turn_starts[-1] != position:
                        self._turn_starts.append(position)
            self._turn_at.append(turn)
            self._round_at.append(rnd)
        self.position = 0
        self._state = self._timeline.state_at(0)
        self.seen_by: SeenBy | None = None
        """Set for a network client's own line (`net.remote`): the cards it never saw stay hidden, its
        record names no seed, and no game is played on from it."""

    @classmethod
    def open(cls, path: Path | str) -> Replay:
        """Open a save as a replay, checked like a load; the file is never modified.

        Raises:
            SaveError: naming the file and the first line at fault.
        """
        save, rebuilt = load_save(path)
        return cls(save.header, rebuilt, save.path, list(save.warnings), save.records)

    @classmethod
    def of(cls, session: GameSession) -> Replay:
        """A replay of a live session's journal (read from memory, not from the file)."""
        records = session.records()
        rebuilt = rebuild(session.header, records, session.path or "<memory>", validate=False)
        return cls(session.header, rebuilt, session.path, [], records)

    # -- where we are ---------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The state at `position` (shared: do not mutate)."""
        return self._state

    @property
    def turn(self) -> int:
        """Turns begun by `position` (0 = set-up)."""
        return self._turn_at[self.position]

    @property
    def round(self) -> int:
        """The round at `position` (0 = set-up)."""
        return self._round_at[self.position]

    @property
    def turns(self) -> int:
        """Turns begun in the whole line."""
        return self._turn_at[-1]

    @property
    def at_start(self) -> bool:
        return self.position == 0

    @property
    def at_end(self) -> bool:
        return self.position == len(self.steps)

    @property
    def last_step(self) -> Step | None:
        """The step that led to the current position (None at the start)."""
        return self.steps[self.position - 1] if self.position else None

    def taken_back_here(self) -> list[TakenBack]:
        """Lines of play that were taken back at the current position."""
        return [t for t in self.taken_back if t.position == self.position]

    def notes_at(self, position: int | None = None, line: int = MAIN) -> tuple[str, ...]:
        """The notes on `position` (default: the current one) of `line` (MAIN or a side line's number)."""
        return self.tree.notes_at(line, self.position if position is None else position)

    # -- side lines -------------------------------------------------------------------------------
    def line_steps(self, line: int = MAIN) -> list[Step]:
        """Every step from the start to the end of `line`; position i of it follows its first i steps.

        Raises:
            ValueError: there is no side line `line`.
        """
        return self.tree.path(line)

    def state_in(self, line: int, position: int) -> GameState:
        """The state after the first `position` steps of `line` (folded from the main line where they share it).

        Raises:
            ValueError: no side line `line`; IndexError: `position` outside 0..len(line_steps(line)).
        """
        path = self.tree.path(line)
        if not 0 <= position <= len(path):
            raise IndexError(f"position {position} is outside 0..{len(path)}")
        shared = 0
        while shared < min(position, len(self.steps)) and path[shared] is self.steps[shared]:
            shared += 1
        return fold(self._timeline.state_at(shared), [e for step in path[shared:position] for e in step.events])

    # -- moving -----------------------------------------------------------------------------------
    def goto(self, position: int) -> None:
        """Jump to `position` (clamped to 0..len(steps))."""
        position = max(0, min(len(self.steps), position))
        if position == self.position + 1 and position not in self._timeline.snapshots:
            self._state = fold(self._state, self.steps[self.position].events)
        elif position != self.position:
            self._state = self._timeline.state_at(position)
        self.position = position

    def forward(self) -> bool:
        """One step on; False if already at the end."""
        if self.at_end:
            return False
        self.goto(self.position + 1)
        return True

    def back(self) -> bool:
        """One step back; False if already at the start."""
        if self.at_start:
            return False
        self.goto(self.position - 1)
        return True

    def to_start(self) -> None:
        self.goto(0)

    def to_end(self) -> None:
        self.goto(len(self.steps))

    def next_turn(self) -> None:
        """To where the next turn begins (or the end)."""
        self.goto(_after(self._turn_starts, self.position, len(self.steps)))

    def prev_turn(self) -> None:
        """To where the current turn began, or the previous one if already there (or the start)."""
        self.goto(_before(self._turn_starts, self.position))

    def next_round(self) -> None:
        """To where the next round begins (or the end)."""
        self.goto(_after(self._round_starts, self.position, len(self.steps)))

    def prev_round(self) -> None:
        """To where the current round began, or the previous one if already there (or the start)."""
        self.goto(_before(self._round_starts, self.position))

    def goto_turn(self, n: int) -> None:
        """To where turn `n` begins (1 = the first turn; 0 or less = the start; past the last = the end)."""
        self.goto(self.turn_position(n))

    def goto_round(self, n: int) -> None:
        """To where round `n` begins (0 or less = the start; past the last = the end)."""
        self.goto(self.round_position(n))

    def goto_place(self, place: str) -> None:
        """To a place written as `place_position` reads it. Raises ValueError, in plain words."""
        self.goto(self.place_position(place))

    # -- places in the line ---------------------------------------------------------------------------
    def turn_position(self, n: int) -> int:
        """Where turn `n` begins (1 = the first turn; 0 or less = the start; past the last = the end)."""
        if n <= 0:
            return 0
        if n > len(self._turn_starts):
            return len(self.steps)
        return self._turn_starts[n - 1]

    def round_position(self, n: int) -> int:
        """Where round `n` begins (0 or less = the start; past the last = the end)."""
        if n <= 0:
            return 0
        return next((p for p in self._round_starts if self._round_at[p] >= n), len(self.steps))

    def place_position(self, place: str) -> int:
        """The position a player names: a turn (`50` or `t50`), a round (`r10`), a step (`s120`),
        `start` or `end`. Raises ValueError saying what would work."""
        m = PLACE.fullmatch(place.strip().lower())
        if m is None:
            raise ValueError(
                f"'{place.strip()}' is not a place in this game: write a turn (50 or t50, up to {self.turns}), "
                f"a round (r10, up to {self._round_at[-1]}), a step (s120, up to {len(self.steps)}), start or end"
            )
        kind, number = m["kind"] or "t", int(m["n"] or 0)
        if m["word"]:
            return 0 if m["word"] == "start" else len(self.steps)
        if kind == "s":
            if number > len(self.steps):
                raise ValueError(f"step {number} is past the end: this game has {len(self.steps)} steps")
            return number
        return self.round_position(number) if kind == "r" else self.turn_position(number)

    def place_words(self, position: int) -> str:
        """Where `position` is, in words: "step 120 (round 10, turn 37)"."""
        rnd, turn = self._round_at[position], self._turn_at[position]
        return f"step {position} (" + ("set-up" if rnd == 0 else f"round {rnd}, turn {turn}") + ")"

    def state_at(self, position: int) -> GameState:
        """The state after the first `position` steps (shared: do not mutate)."""
        return self._timeline.state_at(max(0, min(len(self.steps), position)))

    # -- views and branching -----------------------------------------------------------------------
    def view(self, seat: int | None = None) -> GameState:
        """The state at `position` as `seat` sees it (None: everything)."""
        return seat_view(self._state, seat)

    def play_from_here(
        self,
        saves_dir: Path | None = None,
        *,
        path: Path | None = None,
        seats: tuple[str, ...] | None = None,
        teaching: bool | None = None,
    ) -> GameSession:
        """Start a new save holding the line of play up to `position`, as a live game, with
        `seats` playing it (default: the original's) and teaching on or off (default: as the
        original ended; its switches are not kept per step).

        Raises:
            ValueError: the game is over at `position`, or the seats do not fit the game
                (e.g. "ai" off the solo AI's seat).
        """
        if self._state.pending is None:
            raise ValueError(FINISHED_HERE)
        if self.seen_by is not None:
            raise ValueError(NOT_FROM_A_VIEW.format(whose=self.seen_by.words))
        seats = self.seats if seats is None else tuple(seats)
        problem = seats_problem(self.config, seats)
        if problem is not None:
            raise ValueError(problem)
        source = self.path.name if self.path else None
        title = f"{self.title} (from turn {self.turn})" if self.title else f"from turn {self.turn}"
        header = msgspec.structs.replace(
            self.header,
            seats=seats,
            teaching=self.teaching if teaching is None else teaching,
            created=now_iso(),
            title=title,
            parent=source,
            parent_step=self.position,
        )
        return GameSession.from_steps(header, self.steps[: self.position], path=path, saves_dir=saves_dir)


def turn_start(steps: list[Step], position: int) -> int:
    """Where the turn being played after the first `position` steps began: the position after
    the last step that began a turn (0 in the set-up)."""
    for i in range(position, 0, -1):
        if any(isinstance(e, ev.TurnBegan) for e in steps[i - 1].events):
            return i
    return 0


def changes_since(steps: list[Step], position: int) -> int:
    """The position a "what changed this turn" comparison starts from: where the current turn
    began, or, at the very start of a turn, where the turn before began (what it did)."""
    since = turn_start(steps, position)
    return turn_start(steps, position - 1) if since == position and position > 0 else since


def seat_view(state: GameState, seat: int | None) -> GameState:
    """What `seat` may see of `state` (everything for None)."""
    return state if seat is None else visible_state(state, seat)


def _after(starts: list[int], position: int, end: int) -> int:
    i = bisect_right(starts, position)
    return starts[i] if i < len(starts) else end


def _before(starts: list[int], position: int) -> int:
    i = bisect_left(starts, position)
    return starts[i - 1] if i > 0 else 0
