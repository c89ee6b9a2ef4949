"""A client's copy of a game: the steps it was sent, folded into its viewer's state.

The client never decides: it folds what the server sends (`Steps`). Events that name a card
the viewer may not see carry "hidden"; when a hidden quest is completed it is named, and
the fold turns one of that seat's hidden cards into it first; cards dealt from a quest deck
(all "hidden" to a client) leave it as so many hidden cards. After each step the state is
passed through `seat_view` again, so it equals the server's view for this viewer exactly
(the property the tests check after every step).
"""

from __future__ import annotations

from msgspec.structs import replace

from monuments_tui.game.timeline import Step
from monuments_tui.net.views import seat_view
from monuments_tui.rules import events as ev
from monuments_tui.rules.errors import MonumentsError
from monuments_tui.rules.evolve import evolve
from monuments_tui.rules.state import GameState, copy_state
from monuments_tui.rules.views import HIDDEN


class MirrorError(ValueError, MonumentsError):
    """The server sent steps that do not follow from what this client holds."""


def _named(state: GameState, event: ev.QuestCompleted) -> GameState:
    """`state` with one of the seat's hidden quests turned into the completed one."""
    quests = state.players[event.seat].quests
    if event.quest in quests or HIDDEN not in quests:
        return state
    out = copy_state(state)
    held = out.players[event.seat].quests
    held[held.index(HIDDEN)] = event.quest
    return out


def fold_seen(state: GameState, events: tuple[ev.Event, ...], viewer: int | None) -> GameState:
    """`state` after `events` as `viewer` was sent them, then as `viewer` may see it."""
    for event in events:
        if isinstance(event, ev.QuestCompleted):
            state = _named(state, event)
        elif isinstance(event, ev.QuestsDealt):  # the deck's cards are all "hidden" here
            event = replace(event, cards=tuple(HIDDEN for _ in event.cards))
        state = evolve(state, event)
    return seat_view(state, viewer)


class Mirror:
    """The line of play one viewer holds, and the states after each of its steps."""

    def __init__(self, initial: GameState, viewer: int | None):
        self.viewer = viewer
        self.initial = seat_view(initial, viewer)
        self.steps: list[Step] = []
        self.states: list[GameState] = [self.initial]
        self.revealed: GameState | None = None

    @property
    def state(self) -> GameState:
        """The state after the last step held (the whole state once the game is over)."""
        return self.revealed if self.revealed is not None else self.states[-1]

    def receive(self, start: int, steps: tuple[Step, ...], revealed: GameState | None = None) -> None:
        """Take the steps from `start` on (dropping any held after it: they were taken back).

        Raises:
            MirrorError: `start` is past the steps held, or a step cannot be folded.
        """
        if not 0 <= start <= len(self.steps):
            raise MirrorError(f"steps from {start} on, but this client holds {len(self.steps)}")
        del self.steps[start:]
        del self.states[start + 1 :]
        self.revealed = None
        for step in steps:
            try:
                state = fold_seen(self.states[-1], step.events, self.viewer)
            except (KeyError, ValueError, IndexError, AttributeError, TypeError) as exc:
                raise MirrorError(f"step {step.seq} does not follow: {exc}") from None
            self.steps.append(step)
            self.states.append(state)
        if revealed is not None:
            self.revealed = revealed

    def state_at(self, position: int) -> GameState:
        return self.states[position]
