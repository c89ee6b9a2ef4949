"""What playing each action card opens: the pending step of that card.

Action modules register an opener for their card; `turn.play_card` uses it both to play
the card and to check that at least part of its effect can happen (B59).
"""

from __future__ import annotations

from collections.abc import Callable

from monuments_tui.rules.events import Event
from monuments_tui.rules.state import GameState

Opener = Callable[[GameState, int, bool], list[Event]]
"""(state the card is played in, seat, green side?) -> events that open the action, which
follow the card's `CardPlayed`. An opener reads neither the hand nor the card in play: those
are all that `CardPlayed` changes, and the play is folded once, with the opening."""

OPENERS: dict[str, Opener] = {}


def opener(card: str) -> Callable[[Opener], Opener]:
    """Register the opener of action card `card`."""

    def register(fn: Opener) -> Opener:
        OPENERS[card] = fn
        return fn

    return register
