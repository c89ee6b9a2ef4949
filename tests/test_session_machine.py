"""A stateful test of the whole session: random legal commands in every configuration,
interleaved with undo, redo, save and load, and "play from here" [issue: saves you can trust,
item 7].

After every step it checks that
- folding the journal's events from the start equals the live state;
- undo then redo, and save then load, give back exactly the same position;
- the invariants of `rules.invariants` hold (pieces, bank, resources, ferries);
- no seat's view shows another seat's hidden quests.

The CI profile runs a handful of short games; `MONUMENTS_STRESS=full` runs hundreds
(the README's "Contributing" section gives the command).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import msgspec
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession
from monuments_tui.game.timeline import starting_state
from monuments_tui.rules import GameConfig, legal_commands
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.invariants import invariant_violations
from monuments_tui.rules.views import HIDDEN, visible_state

FULL = os.environ.get("MONUMENTS_STRESS") == "full"

CONFIGS = [
    GameConfig(civs=("greece", "egypt"), mode="scarcity"),
    GameConfig(civs=("maya", "inca"), mode="abundance"),
    GameConfig(civs=("greece", "egypt", "inca"), mode="abundance"),
    GameConfig(civs=("greece", "egypt", "maya", "inca"), mode="scarcity"),
    *(GameConfig(civs=("greece", "egypt"), solo=level) for level in ("easy", "normal", "hard", "insane")),
]


def enc(state) -> bytes:
    return msgspec.msgpack.encode(state)


class SessionMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="monuments-machine-"))
        self.session: GameSession | None = None

    def teardown(self):
        if self.session is not None:
            self.session.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    @initialize(which=st.integers(0, len(CONFIGS) - 1), seed=st.integers(0, 10_000), teaching=st.booleans())
    def start(self, which, seed, teaching):
        config = msgspec.structs.replace(CONFIGS[which], seed=seed)
        seats = ("ai", "human") if config.solo else ("human",) * len(config.civs)
        self.session = GameSession.new(config, seats=seats, teaching=teaching, saves_dir=self.folder)

    @property
    def live(self) -> GameSession:
        assert self.session is not None
        return self.session

    @precondition(lambda self: self.session is not None and self.session.state.pending is not None)
    @rule(pick=st.integers(0, 10_000), repeat=st.integers(1, 8))
    def play(self, pick, repeat):
        for _ in range(repeat):
            state = self.live.state
            if state.pending is None:
                return
            legal = legal_commands(state)
            assert legal, "a player is left without a legal command"
            self.live.execute(legal[pick % len(legal)])

    @precondition(lambda self: self.session is not None and self.session.can_undo()[0])
    @rule()
    def undo_then_redo(self):
        before = enc(self.live.state)
        self.live.undo()
        assert self.live.can_redo()
        self.live.redo()
        assert enc(self.live.state) == before

    @precondition(lambda self: self.session is not None and self.session.can_undo()[0])
    @rule()
    def undo(self):
        self.live.undo()

    @precondition(lambda self: self.session is not None and self.session.can_redo())
    @rule()
    def redo(self):
        self.live.redo()

    @precondition(lambda self: self.session is not None)
    @rule()
    def save_and_load(self):
        before, history = enc(self.live.state), [s.seq for s in self.live.history()]
        path = self.live.path
        self.live.close()
        self.session, warnings = GameSession.load(path, saves_dir=self.folder)
        assert warnings == []
        assert enc(self.live.state) == before
        assert [s.seq for s in self.live.history()] == history

    @precondition(lambda self: self.session is not None and self.session.history())
    @rule(where=st.integers(0, 10_000))
    def play_from_here(self, where):
        replay = Replay.open(self.live.path)
        replay.goto(where % (len(replay.steps) + 1))
        expected = enc(replay.state)
        self.live.close()
        self.session = replay.play_from_here(self.folder)
        assert enc(self.live.state) == expected

    @invariant()
    def the_journal_folds_to_the_live_state(self):
        if self.session is None:
            return
        events = [e for step in self.live.history() for e in step.events]
        assert enc(fold(starting_state(self.live.header), events)) == enc(self.live.state)

    @invariant()
    def pieces_bank_and_resources_add_up(self):
        if self.session is not None:
            assert invariant_violations(self.live.state) == []

    @invariant()
    def no_seat_sees_another_seats_hidden_quests(self):
        if self.session is None:
            return
        state = self.live.state
        if state.phase == "over":
            return  # the end reveals every quest [Game end, l.403-404]
        for viewer in range(state.seats):
            seen = visible_state(state, viewer)
            for p in seen.players:
                if p.seat != viewer and p.quests:
                    assert set(p.quests) == {HIDDEN}, (viewer, p.seat)
            for seat, dealt in seen.start_quests.items():
                if int(seat) != viewer and dealt:
                    assert set(dealt) == {HIDDEN}
            choice = seen.pending
            if (
                choice is not None
                and choice.seat != viewer
                and hasattr(choice, "options")
                and "quest" in type(choice).__name__.lower()
            ):
                assert set(choice.options) <= {HIDDEN}


SessionMachine.TestCase.settings = settings(
    max_examples=300 if FULL else 20,
    stateful_step_count=60 if FULL else 20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_session_machine = SessionMachine.TestCase
