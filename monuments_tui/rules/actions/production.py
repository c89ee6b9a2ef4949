"""Production: produce on up to 2 (red) or 3 (green) distinct land hexes.

[Production, l.227-234; Factory, l.250; B50, B52; the farm ability (B21)]
"""

from __future__ import annotations

from collections.abc import Iterable

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.actions.opening import opener
from monuments_tui.rules.board import load_board
from monuments_tui.rules.content import is_resource
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.flow import finish_action
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.queries import (
    HEX_LIMIT,
    bonus_amount,
    building_usable,
    buildings_at,
    controlled_land,
    layout,
    room_on,
    workers_on_land,
)
from monuments_tui.rules.registry import generator, pending_as, rule
from monuments_tui.rules.state import GameState

PER_ACTION_LIMIT = 3
"""At most 3 resources per hex per Production action, factories included [l.231]."""


@opener("production")
def open_production(state: GameState, seat: int, green: bool) -> list[ev.Event]:
    """Red: up to 2 hexes; green: up to 3 [l.229, l.234]; +1 per production bonus."""
    left = (3 if green else 2) + bonus_amount(state, seat, "production_hexes")
    return [ev.PendingSet(pd.ProductionStep(seat, green=green, left=left))]


def production_on(state: GameState, seat: int, hex_id: str) -> tuple[int, str]:
    """How many resources `seat` would produce on `hex_id` now, and why not more.

    Each worker produces 1; a working factory 1, or 2 with a worker present [l.229, l.250];
    a farm adds 1 (B21). Capped at 3 per action [l.231], at 5 on the hex [l.232], and at
    what the bank still holds (B50).
    """
    resource = load_board().hex(hex_id).resource
    if not is_resource(resource):
        return 0, "a hex producing nothing"  # only land hexes produce; `produce` refuses the others first
    raw = raw_production(state, seat, hex_id)
    amount = min(raw, PER_ACTION_LIMIT)
    reason = "3 per hex per action" if raw > PER_ACTION_LIMIT else ""
    room = room_on(state, hex_id)
    if amount > room:
        amount, reason = max(room, 0), f"{HEX_LIMIT} resources on a hex"
    if state.config.options.bank_limited and amount > state.bank.get(resource, 0):
        amount, reason = state.bank.get(resource, 0), f"the bank's last {resource}"
    return amount, reason


def raw_production(state: GameState, seat: int, hex_id: str) -> int:
    """What `seat`'s workers and buildings on `hex_id` would produce before any limit: each
    worker 1; a working factory 1, or 2 with a worker present [l.229, l.250]; a farm 1 (B21)."""
    workers = len(workers_on_land(state, seat, hex_id))
    raw = workers
    for b in buildings_at(state, hex_id, seat):
        if not building_usable(state, b):
            continue
        if b.kind == "factory":
            raw += 2 if workers else 1
        elif b.kind == "farm" and (workers or raw):
            raw += 1
    return raw


@rule((pd.ProductionStep, cmd.Produce))
def produce(state: GameState, c: cmd.Produce) -> Outcome:
    """Produce on one land hex not yet chosen in this action [l.229-234]."""
    p = pending_as(state, pd.ProductionStep)
    if c.hex not in layout(state).land:
        raise RuleViolation(f"{c.hex} is not a producing land hex in play", "Story, l.116; Production, l.229")
    if c.hex in p.chosen:
        raise RuleViolation(
            f"{c.hex} was already chosen in this action", "Production, l.234", "Choose a different hex."
        )
    amount, reason = production_on(state, p.seat, c.hex)
    resource = load_board().hex(c.hex).resource
    if amount <= 0 or not is_resource(resource):
        why = f" (limit: {reason})" if reason else ""
        raise RuleViolation(
            f"nothing would be produced on {c.hex}{why}",
            "Production, l.229-232",
            "Choose a hex with your workers or factory and room for more resources.",
        )
    events: list[ev.Event] = [ev.ResourcesGained(c.hex, resource, amount)]
    if p.left <= 1:
        return finish_action(state, events)
    step = pd.ProductionStep(p.seat, green=p.green, left=p.left - 1, chosen=p.chosen + (c.hex,))
    return events + [ev.PendingSet(step)]


@rule((pd.ProductionStep, cmd.Done))
def done(state: GameState, c: cmd.Done) -> Outcome:
    """Stop producing: the card allows "up to" 2 or 3 hexes [l.229]."""
    if not pending_as(state, pd.ProductionStep).chosen:
        raise RuleViolation("produce on at least one hex first", "In a turn, l.206 (B59)")
    return finish_action(state, [])


@generator(pd.ProductionStep)
def _gen(state: GameState) -> Iterable[cmd.Command]:
    p = pending_as(state, pd.ProductionStep)
    hexes = controlled_land(state, p.seat) | {b.hex for b in state.buildings.values() if b.owner == p.seat}
    for h in sorted(hexes):
        yield cmd.Produce(h)
    if p.chosen:
        yield cmd.Done()
