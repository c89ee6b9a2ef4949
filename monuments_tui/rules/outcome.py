"""What a rule decides: its events, or its events with what `decide` still adds or checks.

A rule that ends an action returns `ActionDone` (`flow.finish_action`), and one that plays
a card whose action must be able to happen returns `CardOpened`; `decide` closes the
action and checks the card. What a caller may leave out is then an argument of the
function it calls, never a mode set around the call: the probe `decide.accepts` does not
close an action (closing refuses nothing), and a validated load passes
`check_card_effect=False` and proves the card with the command it recorded next.

An outcome lives only from the rule that returns it to `decide`, and holds nothing that
refers back to it, so it stays out of the cycle collector (`gc=False`), as events do.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.events import Event
from monuments_tui.rules.state import GameState


class ActionDone(msgspec.Struct, frozen=True, gc=False):
    """A rule's events that end the current action. `decide` adds what closes it: the card
    in play discarded, then the quests offered or the next turn [In a turn, l.206-207]."""

    state: GameState
    """The state `events` follow."""
    events: list[Event]


class CardOpened(msgspec.Struct, frozen=True, gc=False):
    """The events of playing `card`, whose action must at least partly happen (B59):
    `decide` checks that some command is legal in `opened`, else refuses (`no_effect`)."""

    card: str
    events: list[Event]
    opened: GameState
    explain: Callable[[], RuleViolation] | None = None
    """The refusal naming exactly what is missing, where the card has one (Monument: what its
    next layer lacks); made only when the card is refused."""


Outcome = list[Event] | ActionDone | CardOpened
"""What a rule decides (the return type of every registered rule)."""


def no_effect(card: str) -> RuleViolation:
    """The refusal of a card whose action could not happen at all [In a turn, l.206 (B59)]."""
    return RuleViolation(
        f"{card} would have no effect now",
        "In a turn, l.206 (B59)",
        "Play a card whose action can at least partly happen.",
    )
