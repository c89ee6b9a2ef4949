"""What playing each action card opens: the pending step of that card.

Action modules register an opener for their card; `turn.play_card` uses it both to play
the card and to check that at least part of its effect can happen (B59).
"""

from __future__ import annotations

from collections.abc import Callable

from monuments_tui.rules.events import Event
from monuments_tui.rules.state import GameState

Opener = Callable[[GameState, int, bool], list[Event]]
"""(state after the card left the hand, seat, green side?) -> events that open the action."""

OPENERS: dict[str, Opener] = {}


def opener(card: str) -> Callable[[Opener], Opener]:
    """Register the opener of action card `card`."""

    def register(fn: Opener) -> Opener:
        OPENERS[card] = fn
        return fn

    return register
