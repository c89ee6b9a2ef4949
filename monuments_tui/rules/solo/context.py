"""The working context of one AI decision, and the measures "best for the AI" is scored by.

[Introduction, l.424; Gameplay, l.461; review B79, B81]

`AiContext` keeps a private copy of the state with every event applied so far, so each
step of an AI card sees the result of the previous one; `events` is what `decide`
returns. Choices are scored from the card's own priorities; equal scores are broken by
the game's generator, and the draw is recorded in a `RandomDrawn` event, so a game
replays exactly.

The AI carries out "as the multiplayer card" actions (Production, Movement, Population)
through the very rules of those cards: `run_steps` offers the card's candidate
commands to its rule handlers on the private copy and keeps only what happens on the
board, so the AI obeys every movement, production and populate rule a person does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from msgspec.structs import replace

from monuments_tui.rules import events as ev, rng as random
from monuments_tui.rules.board import load_board
from monuments_tui.rules.commands import Command, Done
from monuments_tui.rules.decide import outcome_events
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import apply_in_place, fold
from monuments_tui.rules.pending import PendingAny
from monuments_tui.rules.queries import (
    controlled_resources,
    layout,
    monument_hex,
    room_on,
    units_of,
)
from monuments_tui.rules.registry import GENERATORS, rule_for
from monuments_tui.rules.state import AiOutcome, AiState, GameState, Unit, copy_state

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

T = TypeVar("T")

FLOW_EVENTS = (ev.PendingSet, ev.TurnBegan, ev.GameEnded, ev.PhaseChanged, ev.CardDiscarded)
"""Events of the turn flow that a borrowed card rule emits and the AI's turn replaces."""


@cache
def _distance(a: str, b: str) -> int:
    return load_board().distance(a, b)


def distance(a: str, b: str) -> int:
    """Hex distance (cached)."""
    return _distance(a, b) if a <= b else _distance(b, a)


def human_seat(state: GameState, seat: int) -> int:
    """The seat of the player the AI plays against."""
    return next(s for s in range(state.seats) if s != seat)


def human_hexes(state: GameState, seat: int) -> set[str]:
    """Hexes holding a piece of the human player (units and buildings)."""
    human = human_seat(state, seat)
    out = {u.hex for u in state.units.values() if u.owner == human}
    out |= {b.hex for b in state.buildings.values() if b.owner == human}
    return out


class PlayerDistance:
    """ "Closest to the player" (B81): hex distance to the nearest hex with a human piece;
    ties go to the hex nearest the human's monument hex."""

    def __init__(self, state: GameState, seat: int):
        self.hexes = sorted(human_hexes(state, seat))
        self.monument = monument_hex(state, human_seat(state, seat))

    def __call__(self, hex_id: str) -> tuple[int, int]:
        near = min((distance(hex_id, h) for h in self.hexes), default=99)
        return near, distance(hex_id, self.monument)


class AiContext:
    """One AI decision under way: the private state and the events so far."""

    def __init__(self, state: GameState, seat: int):
        self.base = state
        self.state = copy_state(state)
        self.seat = seat
        self.events: list[ev.Event] = []

    # -- recording ---------------------------------------------------------------------
    def add(self, *events: ev.Event) -> None:
        """Record events and apply them to the private state."""
        for e in events:
            apply_in_place(self.state, e)
            self.events.append(e)

    def report(self, what: ev.AiReport, **facts: Any) -> None:
        """A line for the log, as data (its words: `monuments_tui.game.narration`)."""
        self.add(ev.AiReported(self.seat, what, **facts))

    @property
    def ai(self) -> AiState:
        assert self.state.ai is not None
        return self.state.ai

    def set_ai(self, ai: AiState, rng: int = 0) -> None:
        """Record the deck's new state (and the generator's position after a shuffle)."""
        self.add(ev.AiStateSet(ai, rng))

    def discard_current(self, outcome: AiOutcome) -> None:
        """The card being resolved goes to the AI's discard pile [l.452]."""
        ai = self.ai
        self.set_ai(replace(ai, discard=[*ai.discard, ai.card], outcome=outcome))

    # -- randomness ----------------------------------------------------------------------
    def roll_d6(self, purpose: ev.DrawPurpose) -> int:
        """Roll the normal die, recording its face and what it decides [Solo components, l.418]."""
        value, pos = random.roll_d6(self.state.rng)
        self.add(ev.RandomDrawn(pos, value, 6, purpose))
        return value

    def random_index(self, n: int, purpose: ev.DrawPurpose) -> int:
        """A uniform index in [0, n), recorded (as 1 to n) with what it decides."""
        if n <= 1:
            return 0
        k, pos = random.randbelow(self.state.rng, n)
        self.add(ev.RandomDrawn(pos, k + 1, n, purpose))
        return k

    def best(
        self, options: Sequence[T], score: Callable[[T], SupportsRichComparison], why: ev.DrawPurpose = "tie_break"
    ) -> T:
        """The option with the highest score; a tie is broken by the game's generator (B79)."""
        if not options:
            raise ValueError("the AI has no option to choose from: offer at least one")
        scored = [(score(o), i) for i, o in enumerate(options)]
        top = max(s for s, _ in scored)
        tied = [options[i] for s, i in scored if s == top]
        return tied[self.random_index(len(tied), why)]

    # -- borrowed card rules ---------------------------------------------------------------
    def try_rule(self, pending: PendingAny, command: Command) -> list[ev.Event] | None:
        """The events a card rule gives for `command` with `pending` open, as `decide` gives
        them, or None if illegal."""
        handler = rule_for(pending, command)
        if handler is None:
            return None
        saved = self.state.pending
        self.state.pending = pending
        try:
            return outcome_events(handler(self.state, command))
        except RuleViolation:
            return None
        finally:
            self.state.pending = saved

    def candidates(self, pending: PendingAny) -> list[Command]:
        """Candidate commands the card's generators propose for `pending` (no Done)."""
        saved = self.state.pending
        self.state.pending = pending
        try:
            seen: dict[Command, None] = {}
            for gen in GENERATORS.get(type(pending), []):
                for c in gen(self.state):
                    if not isinstance(c, Done):
                        seen.setdefault(c, None)
            return list(seen)
        finally:
            self.state.pending = saved

    def run_steps(
        self,
        pending: PendingAny | None,
        score: Callable[[GameState, Command], float],
        keep_going: Callable[[float, float], bool] | None = None,
        allow: Callable[[Command], bool] | None = None,
    ) -> list[tuple[Command, list[ev.Event]]]:
        """Carry out a multiplayer card step by step, each time the best-scoring legal command.

        `score(state_after, command)` rates a command; after the first step, the AI goes
        on only while `keep_going(best_score, score_of_stopping)` (default: the best
        command scores higher than stopping). Returns the commands carried out with
        the board events each produced.
        """
        done: list[tuple[Command, list[ev.Event]]] = []
        resume = self.state.pending
        while pending is not None:
            options = []
            for c in self.candidates(pending):
                if allow is not None and not allow(c):
                    continue
                got = self.try_rule(pending, c)
                if got is None:
                    continue
                board = [e for e in got if not isinstance(e, FLOW_EVENTS)]
                nxt = next(
                    (
                        e.pending
                        for e in reversed(got)
                        if isinstance(e, ev.PendingSet) and type(e.pending) is type(pending)
                    ),
                    None,
                )
                after = fold(self.state, board)
                options.append((score(after, c), c, board, nxt))
            if not options:
                break
            top = max(o[0] for o in options)
            if done:
                stop = score(self.state, Done())
                go = keep_going(top, stop) if keep_going else top > stop
                if not go:
                    break
            tied = [o for o in options if o[0] == top]
            pick = tied[self.random_index(len(tied), "tie_break")]
            _, c, board, nxt = pick
            self.add(*board)
            done.append((c, board))
            pending = nxt
        self.state.pending = resume
        return done

    # -- paying ------------------------------------------------------------------------------
    def pay_any(self, n: int) -> list[ev.Event] | None:
        """Events that spend any `n` resources the AI controls, or None if it controls fewer.

        Spend from hexes with 1 AI worker first, then from the hexes closest to the player
        [l.484, l.510, l.545]; within a hex, the most plentiful resource first.
        """
        places = controlled_resources(self.state, self.seat)
        if sum(sum(v.values()) for v in places.values()) < n:
            return None
        near = PlayerDistance(self.state, self.seat)
        ferries = self.state.ferries

        def key(place: str) -> tuple[bool, tuple[int, int], str]:
            where = ferries[place].water if place in ferries else place
            workers = sum(
                1
                for u in self.state.units.values()
                if u.owner == self.seat and u.kind == "worker" and (u.ferry or u.hex) == place
            )
            return (workers != 1, near(where), place)

        left = n
        out: list[ev.Event] = []
        for place in sorted(places, key=key):
            on = dict(places[place])
            while left and sum(on.values()):
                r = max(sorted(on), key=lambda x: on[x])
                take = min(left, on[r])
                out.append(ev.ResourcesSpent(place, r, take))
                on[r] -= take
                left -= take
            if not left:
                break
        return out

    def workers(self) -> list[Unit]:
        """The AI's workers on the board."""
        return units_of(self.state, self.seat, "worker")

    def room(self, hex_id: str) -> int:
        """Resources that still fit on a hex [Production, l.232]."""
        return room_on(self.state, hex_id)

    def land(self) -> frozenset[str]:
        return layout(self.state).land
