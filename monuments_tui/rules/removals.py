"""Pieces leaving the board: a unit goes back to its owner's supply, with what it carried.

Workers leave when they are sacrificed to a layer, trained into a military unit, or lost
in battle; military units leave only in battle. Each caller names the reason, which the
log shows.
"""

from __future__ import annotations

from monuments_tui.rules import events as ev
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.queries import units_at
from monuments_tui.rules.state import GameState, Unit


def worker_removal_events(
    state: GameState, unit: Unit, reason: ev.RemovalReason, weapon_to_bank: bool = True
) -> list[ev.Event]:
    """A worker leaves the board for its owner's supply.

    Its weapon is lost to the bank [Weapons, l.327] (unless `weapon_to_bank` is False,
    when the caller reassigns it); its horse passes to another of its owner's workers on
    that hex without one, or back to the owner's hand for the next new worker (horses
    ability, B21).
    """
    events: list[ev.Event] = [ev.UnitRemoved(unit.id, reason)]
    if unit.weapon and weapon_to_bank:
        events.append(ev.BankChanged("weapon", 1))
    if unit.horse:
        heir = next(
            (
                u
                for u in units_at(state, unit.hex, unit.owner)
                if u.kind == "worker" and u.id != unit.id and not u.horse
            ),
            None,
        )
        if heir is not None:
            events.append(ev.UnitEquipped(heir.id, "horse", True))
        else:
            events.append(ev.TokensChanged(unit.owner, "horses", 1))
    return events


def unit_loss_events(state: GameState, unit: Unit, reason: ev.RemovalReason) -> list[ev.Event]:
    """A unit leaves the board to its owner's supply; a worker's weapon goes back to the bank
    [l.327] and its horse to another worker or its owner's hand (as when sacrificed)."""
    if unit.kind == "worker":
        return worker_removal_events(state, unit, reason)
    return [ev.UnitRemoved(unit.id, reason)]


def units_lost_events(state: GameState, unit_ids: list[str], reason: ev.RemovalReason) -> list[ev.Event]:
    """Several units leave together, one after another: each removal sees the ones before
    it, so a horse never passes to a worker that is leaving too."""
    out: list[ev.Event] = []
    for uid in unit_ids:
        now = fold(state, out)
        out += unit_loss_events(now, now.units[uid], reason)
    return out
