"""Upgrade an action: flip a red card (in hand, discard, or the Upgrade card itself) to green.

[Upgrade an action, l.213-217; B11, B12, B56, B57; Solo, l.450; workshop ability (B21)]
"""

from __future__ import annotations

from collections.abc import Iterable

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.actions.opening import opener
from monuments_tui.rules.content import ACTION_IDS, load_content
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.flow import finish_action
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.payment import payment_events
from monuments_tui.rules.queries import bonus_amount
from monuments_tui.rules.registry import generator, pending_as, rule
from monuments_tui.rules.state import GameState

RULE = "Upgrade an action, l.215"


@opener("upgrade")
def open_upgrade(state: GameState, seat: int, green: bool) -> list[ev.Event]:
    """Upgrade one action card, paying its own upgrade cost [Upgrade an action, l.215]."""
    return [ev.PendingSet(pd.UpgradeStep(seat, green=green))]


def upgrade_discount(state: GameState, seat: int, green_card: bool) -> int:
    """Resources off an upgrade.

    Every card already upgraded takes 1 off (B56, cumulative; or a flat 1 with the
    "flat" option); the green Upgrade card takes 1 more (B12, B57); so do upgrade
    bonuses and each workshop on the board (B21). The cost never drops below 1.
    """
    player = state.players[seat]
    if state.config.options.upgrade_discount == "flat":
        earned = 1 if player.green else 0
    else:
        earned = len(player.green)
    workshops = sum(1 for b in state.buildings.values() if b.owner == seat and b.kind == "workshop" and not b.damaged)
    return earned + (1 if green_card else 0) + bonus_amount(state, seat, "upgrade_discount") + workshops


@rule((pd.UpgradeStep, cmd.Upgrade))
def upgrade(state: GameState, c: cmd.Upgrade) -> Outcome:
    """Pay the target card's own upgrade cost and flip it to green [l.215]."""
    p = pending_as(state, pd.UpgradeStep)
    player = state.players[p.seat]
    if c.card not in ACTION_IDS:
        raise RuleViolation(f"there is no action card {c.card!r}", RULE, f"Cards: {', '.join(ACTION_IDS)}.")
    if c.card in player.green:
        raise RuleViolation(f"{c.card} is already upgraded", RULE, "Choose a card still on its red side.")
    if state.config.solo is not None and c.card == "quest":
        raise RuleViolation("in a solo game you may not upgrade Draw quest cards", "Solo gameplay, l.450")
    cost = dict(load_content().action_by_id[c.card].upgrade_cost)
    paid = payment_events(state, p.seat, cost, upgrade_discount(state, p.seat, p.green), c.pay)
    return finish_action(state, paid + [ev.CardUpgraded(p.seat, c.card)])


@generator(pd.UpgradeStep)
def _gen(state: GameState) -> Iterable[cmd.Command]:
    player = state.players[pending_as(state, pd.UpgradeStep).seat]
    for card in ACTION_IDS:
        if card not in player.green:
            yield cmd.Upgrade(card)
