"""Train a military unit from a worker, or forge a weapon; hand out weapons.

[Train a military unit, l.305-329; Weapons, l.325-329; B19, B38, B50, B51, B66-B69]
"""

from __future__ import annotations

from collections.abc import Iterable

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.actions.opening import opener
from monuments_tui.rules.board import load_board
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.flow import finish_action
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.payment import payment_events
from monuments_tui.rules.pieces import load_pieces
from monuments_tui.rules.queries import has_military_allowance, layout, units_of, workers_on_land
from monuments_tui.rules.reach import can_enter, terrain_ok
from monuments_tui.rules.registry import generator, pending_as, rule
from monuments_tui.rules.removals import worker_removal_events
from monuments_tui.rules.state import GameState, Unit, is_military

RULE = "Train a military unit, l.309-311"
AIR_FROM_LAYER = 3
"""Air forces only after monument layer 3 [Air force, l.323 (B67)]."""


@opener("train")
def open_train(state: GameState, seat: int, green: bool) -> list[ev.Event]:
    """Train one unit or forge one weapon; green adds a free weapon to a unit [l.307-309, l.329]."""
    return [ev.PendingSet(pd.TrainStep(seat, green=green))]


def check_allowance(state: GameState, seat: int, rule_ref: str = "Train a military unit, l.307-309") -> None:
    """Training, forging and attacking need the military allowance common bonus (B38)."""
    if not has_military_allowance(state, seat):
        raise RuleViolation(
            "you need the common bonus card that allows military units",
            rule_ref,
            "Every common bonus level pile has one: take it when you build a monument layer.",
        )


def weapon_in_bank(state: GameState) -> bool:
    """A weapon token is left in the bank (always, when the bank is unlimited) (B50)."""
    return not state.config.options.bank_limited or state.bank.get("weapon", 0) > 0


def unit_from_worker(
    state: GameState, seat: int, kind: str, hex_id: str, to: str | None
) -> tuple[list[ev.Event], Unit]:
    """Replace one of `seat`'s workers on `hex_id` with a `kind` unit from the supply (no payment).

    Checks everything but the cost and the allowance, so personal bonuses that grant a
    unit (B68) can use it: the unit must be in the supply (set-aside pieces are locked,
    B69), an air force needs monument layer 3 (B67), the worker stands on `hex_id` (not
    aboard a ferry) and goes back to the supply, and the unit takes its place; a navy
    goes on the neighbouring water hex `to`, in play and free of other players' pieces
    (B51) [l.311]. An unarmed worker without a horse is trained first; a horse passes on
    as when a worker is sacrificed. Returns the events and the worker trained (its
    weapon, if any, is the caller's to reassign).
    """
    player = state.players[seat]
    if not is_military(kind):
        raise RuleViolation(f"{kind!r} is not a military unit", RULE, "Train a navy, army or air force.")
    if player.supply.get(kind, 0) < 1:
        aside = player.set_aside.get(kind, 0)
        extra = f" ({aside} set aside until a personal bonus unlocks them)" if aside else ""
        raise RuleViolation(
            f"you have no {kind} left in your supply{extra}", "Components, l.97-99; Player set-up, l.158 (B69)"
        )
    if kind == "air" and player.layers < AIR_FROM_LAYER:
        raise RuleViolation(
            f"air forces can only be trained once layer {AIR_FROM_LAYER} of your monument is built",
            "Air force, l.323 (B67)",
            f"Your monument has {player.layers} layer(s).",
        )
    workers = sorted(workers_on_land(state, seat, hex_id), key=lambda u: (u.weapon, u.horse))
    if not workers:
        raise RuleViolation(
            f"you have no worker on {hex_id} to train", RULE, "A unit replaces one of your workers on the board."
        )
    worker = workers[0]
    if kind == "navy":
        if to is None:
            raise RuleViolation(
                "a navy goes on a neighbouring water hex", RULE, f"Write: train navy {hex_id} <water hex>."
            )
        if to not in load_board().neighbours(hex_id) or to not in layout(state).water:
            raise RuleViolation(f"{to} is not a water hex next to {hex_id}", RULE)
        if not can_enter(state, seat, "navy", to):
            raise RuleViolation(f"{to} holds another player's pieces or is out of play", f"{RULE} (B51)")
        dest = to
    else:
        if to is not None:
            raise RuleViolation(
                f"a new {kind} takes the worker's place on {hex_id}", RULE, f"Write: train {kind} {hex_id}."
            )
        if not terrain_ok(state, kind, hex_id):
            raise RuleViolation(f"a {kind} cannot stand on {hex_id}", RULE)
        dest = hex_id
    events = worker_removal_events(state, worker, "trained", weapon_to_bank=False)
    events.append(ev.UnitPlaced(Unit(f"u{state.next_id}", seat, kind, dest)))
    return events, worker


def unarmed_worker(state: GameState, seat: int, hex_id: str) -> Unit:
    """One of `seat`'s unarmed workers on `hex_id` (on land first, then aboard a ferry there).

    Raises:
        RuleViolation: if there is none.
    """
    workers = [u for u in units_of(state, seat, "worker") if u.hex == hex_id and not u.weapon]
    if not workers:
        raise RuleViolation(
            f"you have no unarmed worker on {hex_id}",
            "Weapons, l.327: a worker holds at most one weapon; units cannot hold weapons",
        )
    return sorted(workers, key=lambda u: u.ferry is not None)[0]


def weapon_steps(state: GameState, seat: int, events: list[ev.Event], reassign: bool, free: bool) -> Outcome:
    """After `events`: offer the trained worker's weapon, then the green card's free weapon, then finish.

    Each weapon goes to one of your unarmed workers, or to nobody. With no unarmed
    worker left a reassigned weapon goes back to the bank and a free one is lost, as is
    a free one when the bank has no weapon left (B50, B66).
    """
    out = list(events)
    after = fold(state, out)
    unarmed = any(not u.weapon for u in units_of(after, seat, "worker"))
    if reassign:
        if unarmed:
            then: pd.AfterWeapon = "free" if free else "after_action"
            return out + [ev.PendingSet(pd.ChooseWeaponHolder(seat, reason="reassign", then=then))]
        out.append(ev.BankChanged("weapon", 1))
        after = fold(after, out[-1:])
    if free and unarmed and weapon_in_bank(after):
        return out + [ev.PendingSet(pd.ChooseWeaponHolder(seat, reason="free"))]
    return finish_action(state, out)


@rule((pd.TrainStep, cmd.Train))
def train(state: GameState, c: cmd.Train) -> Outcome:
    """Train a navy, army or air force from a worker, paying its cost [l.309-323].

    Navy 1 metal 1 food, army 1 sheep 1 food, air force 1 wood 1 food. An armed worker's
    weapon may go to another worker [l.327]; green adds a free weapon [l.307, l.329].
    """
    p = pending_as(state, pd.TrainStep)
    check_allowance(state, p.seat)
    placed, worker = unit_from_worker(state, p.seat, c.unit, c.hex, c.to)
    paid = payment_events(state, p.seat, load_pieces().unit_costs[c.unit], 0, c.pay)
    return weapon_steps(state, p.seat, paid + placed, reassign=worker.weapon, free=p.green)


@rule((pd.TrainStep, cmd.Forge))
def forge(state: GameState, c: cmd.Forge) -> Outcome:
    """Forge one weapon for 1 metal and give it to an unarmed worker on `hex` [Weapons, l.327 (B38, B50)]."""
    p = pending_as(state, pd.TrainStep)
    check_allowance(state, p.seat, "Weapons, l.327 (B38)")
    worker = unarmed_worker(state, p.seat, c.hex)
    if not weapon_in_bank(state):
        raise RuleViolation("the bank has no weapon token left", "Components, l.82 (B50)")
    paid = payment_events(state, p.seat, load_pieces().unit_costs["weapon"], 0, c.pay)
    return finish_action(state, paid + [ev.BankChanged("weapon", -1), ev.UnitEquipped(worker.id, "weapon", True)])


@rule((pd.ChooseWeaponHolder, cmd.GiveWeapon))
def give_weapon(state: GameState, c: cmd.GiveWeapon) -> Outcome:
    """Give the weapon to an unarmed worker of yours on `hex`, or to nobody [l.327-329 (B66)].

    A trained worker's weapon given to nobody goes back to the bank; a free weapon
    given to nobody stays in the bank.
    """
    p = pending_as(state, pd.ChooseWeaponHolder)
    if c.hex is None:
        events: list[ev.Event] = [ev.BankChanged("weapon", 1)] if p.reason == "reassign" else []
    else:
        worker = unarmed_worker(state, p.seat, c.hex)
        events = [ev.BankChanged("weapon", -1)] if p.reason == "free" else []
        events.append(ev.UnitEquipped(worker.id, "weapon", True))
    return weapon_steps(state, p.seat, events, reassign=False, free=p.then == "free")


# -- generators ---------------------------------------------------------------------------
@generator(pd.TrainStep)
def _gen_train(state: GameState) -> Iterable[cmd.Command]:
    p = pending_as(state, pd.TrainStep)
    if not has_military_allowance(state, p.seat):
        return
    board = load_board()
    water = layout(state).water
    workers = units_of(state, p.seat, "worker")
    for h in sorted({u.hex for u in workers if u.ferry is None}):
        yield cmd.Train("army", h)
        yield cmd.Train("air", h)
        for n in board.neighbours(h):
            if n in water:
                yield cmd.Train("navy", h, n)
    for h in sorted({u.hex for u in workers if not u.weapon}):
        yield cmd.Forge(h)


@generator(pd.ChooseWeaponHolder)
def _gen_give_weapon(state: GameState) -> Iterable[cmd.Command]:
    p = pending_as(state, pd.ChooseWeaponHolder)
    for h in sorted({u.hex for u in units_of(state, p.seat, "worker") if not u.weapon}):
        yield cmd.GiveWeapon(h)
    yield cmd.GiveWeapon(None)
