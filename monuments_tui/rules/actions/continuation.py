"""What follows a step shared by several actions, named by the pending's `then`.

Keeping drawn quests (`KeepQuests`) and placing granted items (`PlaceStep`) end either the
action itself ("after_action") or the personal bonus that led to them ("personal_bonus",
[Build a layer of your monument, l.288]). The module owning a continuation registers it
here, so the module of the shared step need not import it.
"""

from __future__ import annotations

from collections.abc import Callable

from monuments_tui.rules.events import Event
from monuments_tui.rules.flow import finish_action
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.state import GameState

Continuation = Callable[[GameState, list[Event], int], Outcome]
"""(state before `events`, events so far, seat) -> the events, with what follows them."""

CONTINUATIONS: dict[str, Continuation] = {}


def continuation(then: str) -> Callable[[Continuation], Continuation]:
    """Register what follows a step whose pending says `then=then`."""

    def register(fn: Continuation) -> Continuation:
        CONTINUATIONS[then] = fn
        return fn

    return register


def then_events(state: GameState, events: list[Event], seat: int, then: str) -> Outcome:
    """What follows a shared step: the continuation registered for `then`, else the action ends."""
    follow = CONTINUATIONS.get(then)
    return follow(state, events, seat) if follow else finish_action(state, events)
