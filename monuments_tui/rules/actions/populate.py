"""Populate: a new worker into a town holding at least 2 of your workers.

[Populate, l.262-266; B65; the horses ability (B21)]
"""

from __future__ import annotations

from collections.abc import Iterable

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.actions.opening import opener
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.flow import finish_action
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.queries import bonus_amount, building_usable, buildings_at, has_ability, workers_on_land
from monuments_tui.rules.registry import generator, pending_as, rule
from monuments_tui.rules.state import GameState, Unit

RULE = "Populate, l.264-266"


@opener("populate")
def open_populate(state: GameState, seat: int, green: bool) -> list[ev.Event]:
    """Red: one town; green: up to two different towns [l.264-266]."""
    return [ev.PendingSet(pd.PopulateStep(seat, green=green, left=2 if green else 1))]


def new_worker_events(state: GameState, seat: int, hex_id: str) -> list[ev.Event]:
    """Place a worker from `seat`'s supply on `hex_id` (a horse from the supply rides with it)."""
    uid = f"u{state.next_id}"
    horse = has_ability(state, seat, "horses") and state.players[seat].tokens.get("horses", 0) > 0
    events: list[ev.Event] = [ev.UnitPlaced(Unit(uid, seat, "worker", hex_id, horse=horse))]
    if horse:
        events.append(ev.TokensChanged(seat, "horses", -1))
    return events


@rule((pd.PopulateStep, cmd.Populate))
def populate(state: GameState, c: cmd.Populate) -> Outcome:
    """Place one worker from your supply in your town on `hex` [l.264]."""
    p = pending_as(state, pd.PopulateStep)
    town = next((b for b in buildings_at(state, c.hex, p.seat) if b.kind == "town"), None)
    if town is None:
        raise RuleViolation(f"you have no town on {c.hex}", RULE)
    if not building_usable(state, town):
        raise RuleViolation(
            f"your town on {c.hex} is damaged or held by another player", "Attack, l.345, l.359", "Repair it first."
        )
    if c.hex in p.towns:
        raise RuleViolation(
            f"the town on {c.hex} was already populated in this action",
            RULE,
            "Green Populate uses two different towns.",
        )
    need = 1 if bonus_amount(state, p.seat, "populate_one") else 2
    have = len(workers_on_land(state, p.seat, c.hex))
    if have < need:
        raise RuleViolation(f"your town on {c.hex} holds {have} of your workers; it needs {need}", RULE)
    if state.players[p.seat].supply.get("worker", 0) < 1:
        raise RuleViolation("you have no worker left in your supply", "Components, l.93")
    events = new_worker_events(state, p.seat, c.hex)
    if p.left <= 1:
        return finish_action(state, events)
    step = pd.PopulateStep(p.seat, green=p.green, left=p.left - 1, towns=p.towns + (c.hex,))
    return events + [ev.PendingSet(step)]


@rule((pd.PopulateStep, cmd.Done))
def done(state: GameState, c: cmd.Done) -> Outcome:
    """Stop after one town on the green side ("up to two towns") [Populate, l.266]."""
    if not pending_as(state, pd.PopulateStep).towns:
        raise RuleViolation("populate at least one town first", "In a turn, l.206 (B59)")
    return finish_action(state, [])


@generator(pd.PopulateStep)
def _gen(state: GameState) -> Iterable[cmd.Command]:
    p = pending_as(state, pd.PopulateStep)
    for b in sorted(state.buildings.values(), key=lambda b: b.hex):
        if b.owner == p.seat and b.kind == "town":
            yield cmd.Populate(b.hex)
    if p.towns:
        yield cmd.Done()
