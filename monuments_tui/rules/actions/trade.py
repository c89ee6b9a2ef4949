"""Trade with the bank: 2:1 (red) or 1:1 (green), up to twice.

[Trade, l.383-387; B50, B54]
"""

from __future__ import annotations

from collections.abc import Iterable

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.actions.opening import opener
from monuments_tui.rules.content import RESOURCES
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold_ahead
from monuments_tui.rules.flow import finish_action
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.payment import payment_events
from monuments_tui.rules.queries import bonus_amount, resource_totals, units_of
from monuments_tui.rules.registry import generator, pending_as, rule
from monuments_tui.rules.resource_placement import check_resource_placement
from monuments_tui.rules.state import GameState

RULE = "Trade, l.387"
PLACE_RULE = "Trade, l.387 (B54)"
"""The traded resource goes on a hex you control: a land hex with your worker."""


@opener("trade")
def open_trade(state: GameState, seat: int, green: bool) -> list[ev.Event]:
    """Trade with the bank up to two times [Trade, l.385-387]."""
    return [ev.PendingSet(pd.TradeStep(seat, green=green, left=2))]


def trade_rate(state: GameState, seat: int, green: bool) -> int:
    """Resources given per resource taken: 2 on red, 1 on green or with the trade bonus."""
    return 1 if green or bonus_amount(state, seat, "trade_rate") else 2


@rule((pd.TradeStep, cmd.Trade))
def trade(state: GameState, c: cmd.Trade) -> Outcome:
    """Spend `give` (2, or 1 on green), take any one `get` onto a land hex with your worker (B54) [Trade, l.387]."""
    p = pending_as(state, pd.TradeStep)
    if c.give not in RESOURCES or c.get not in RESOURCES:
        raise RuleViolation("trade names two resources", RULE, "Resources: wood, food, metal, sheep.")
    if c.give == c.get and not state.config.options.trade_any_resource:
        raise RuleViolation("a trade takes a different resource than it gives", RULE, "Take another resource.")
    rate = trade_rate(state, p.seat, p.green)
    paid = payment_events(state, p.seat, {c.give: rate}, 0, c.pay)
    after = fold_ahead(state, paid)  # the step folds on from here
    got = check_resource_placement(after, p.seat, c.get, c.hex, need_worker=True, must_match=False, rule=PLACE_RULE)
    events: list[ev.Event] = [*paid, ev.ResourcesGained(c.hex, got, 1)]
    if p.left <= 1:
        return finish_action(state, events)
    return events + [ev.PendingSet(pd.TradeStep(p.seat, green=p.green, left=p.left - 1, done=p.done + 1))]


@rule((pd.TradeStep, cmd.Done))
def done(state: GameState, c: cmd.Done) -> Outcome:
    """Stop after one trade ("up to two times") [Trade, l.385]."""
    if not pending_as(state, pd.TradeStep).done:
        raise RuleViolation("trade at least once first", "In a turn, l.206 (B59)")
    return finish_action(state, [])


@generator(pd.TradeStep)
def _gen(state: GameState) -> Iterable[cmd.Command]:
    p = pending_as(state, pd.TradeStep)
    totals = resource_totals(state, p.seat)
    hexes = sorted({u.hex for u in units_of(state, p.seat, "worker") if u.ferry is None})
    for give in RESOURCES:
        if totals.get(give, 0) < 1:
            continue
        for get in RESOURCES:
            for h in hexes:
                yield cmd.Trade(give, get, h)
    if p.done:
        yield cmd.Done()
