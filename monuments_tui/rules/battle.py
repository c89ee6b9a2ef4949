"""Battles: who may attack what, each side's power and dice, damage, take-over, retreat.

[Attack, l.331-363; Navy, Army, Air force, l.313-323; Weapons, l.327; Solo, l.450, l.510;
B21, B28-B41]

`actions/attack.py` holds the commands of a battle; this module holds the rules they
share and the flow after the dice: the defender assigns its damage, then the attacker,
then the attacker moves in and the defender retreats, and the battle goes into the log.
A step with no real choice (no damage, one way to take it, one place to go) is resolved
automatically, so a player only answers when there is something to decide.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Literal, NamedTuple

from msgspec.structs import replace

from monuments_tui.rules import events as ev, pending as pd, rng as random
from monuments_tui.rules.board import load_board
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.flow import finish_action
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.power import building_power, unit_power
from monuments_tui.rules.queries import (
    building_usable,
    buildings_at,
    has_ability,
    layout,
    occupied_by_other,
    piece_code,
    room_on,
    units_at,
)
from monuments_tui.rules.reach import bridged, can_enter
from monuments_tui.rules.removals import units_lost_events
from monuments_tui.rules.state import Battle, BattleOutcome, BattleRecord, GameState, Unit

RULE = "Attack, l.335"
Stage = Literal["defender", "attacker", "move_in", "retreat", "end"]
STAGES: tuple[Stage, ...] = ("defender", "attacker", "move_in", "retreat", "end")
"""The steps after the dice [l.343-361]: damage (defender first), take-over, retreat, log."""


def battle_of(state: GameState) -> Battle:
    """The battle under way, which every step after the dice knows there is."""
    if state.battle is None:
        raise TypeError("no battle is under way")
    return state.battle


class Fighter(NamedTuple):
    """A piece in a battle: a unit or building with its power on the target's terrain."""

    id: str
    code: str
    """Notation code: "w", "ws", "army", ..., or the building kind."""
    hex: str
    power: int
    building: bool = False


# -- who may attack what ---------------------------------------------------------------
def attack_power(state: GameState, seat: int, unit: Unit, target: str) -> tuple[int, str]:
    """The power `unit` attacks `target` with, or (0, why it cannot) [l.335-337 (B21, B33, B36, B37)].

    Attackers stand next to the target whatever their movement [l.335]. The target's
    terrain sets the power [l.337]. Navies attack only at sea, or land with the naval
    assault ability (power 1); workers and armies on land attack land only, across a
    river only by a bridge, never the sea; armies and armed workers aboard a ferry may
    attack the land it lies off, and armies aboard a ferry water targets too (power 1);
    air forces attack anything; unarmed workers never attack.
    """
    board = load_board()
    if unit.owner != seat:
        return 0, "it is not yours"
    if target not in board.neighbours(unit.hex):
        return 0, f"{unit.hex} is not next to {target}: attackers stand on a neighbouring hex"
    on_land = target in layout(state).land
    if unit.kind == "worker" and not unit.weapon:
        return 0, "unarmed workers never attack (B37)"
    if unit.kind == "navy":
        if on_land and not has_ability(state, seat, "naval_assault"):
            return 0, "navies attack only at sea (l.315); the naval assault ability lets them attack land"
        return unit_power(unit, on_land, naval_assault=True), ""
    if unit.kind in ("worker", "army") and unit.ferry is None:
        if not on_land:
            return 0, "units on land cannot attack a sea hex; armies attack from a ferry"
        if board.is_river(unit.hex, target) and frozenset((unit.hex, target)) not in bridged(state):
            return 0, f"a river runs between {unit.hex} and {target} with no bridge"
    power = unit_power(unit, on_land)
    if power < 1:
        return 0, "an armed worker has no power at sea (B36)"
    return power, ""


def defender_of(state: GameState, seat: int, target: str) -> tuple[int | None, str]:
    """The one player defending `target` against `seat`, or (None, why there is none) [B39, B40].

    The player whose units are on the hex defends; with no units there, the owner of the
    buildings does (the first to have built there, should two players have buildings).
    An empty ferry is nobody's piece (B35).
    """
    unit_owners = sorted({u.owner for u in state.units.values() if u.hex == target})
    if seat in unit_owners:
        return None, f"your own units hold {target}"
    if unit_owners:
        return unit_owners[0], ""
    others = [b for b in buildings_at(state, target) if b.owner != seat]
    if others:
        return others[0].owner, ""
    return None, f"{target} holds no unit or building of another player"


def defence_fighters(state: GameState, defender: int, target: str) -> list[Fighter]:
    """The defender's units and buildings on `target`, with their power there [l.337 (B39)].

    Buildings count only while usable: undamaged, and not held by another player's
    units. A third player's buildings on the hex take no part.
    """
    on_land = target in layout(state).land
    out = [Fighter(u.id, piece_code(u), u.hex, unit_power(u, on_land)) for u in units_at(state, target, defender)]
    for b in buildings_at(state, target, defender):
        power = building_power(state, b) if building_usable(state, b) else 0
        out.append(Fighter(b.id, b.kind, b.hex, power, True))
    return out


def attack_fighters(state: GameState, battle: Battle) -> list[Fighter]:
    """The declared attackers still alive, with their attack power."""
    out = []
    for uid in battle.attackers:
        unit = state.units.get(uid)
        if unit is not None:
            out.append(
                Fighter(uid, piece_code(unit), unit.hex, attack_power(state, battle.attacker, unit, battle.target)[0])
            )
    return out


def roll(state: GameState, attack: int, defence: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Both sides' special dice: one die per point of power, up to the `dice_cap` option (B28)."""
    cap = state.config.options.dice_cap
    n_attack = min(attack, cap) if cap else attack
    n_defence = min(defence, cap) if cap else defence
    attack_faces, position = random.roll_special(state.rng, n_attack)
    defence_faces, position = random.roll_special(position, n_defence)
    return tuple(attack_faces), tuple(defence_faces), position


# -- damage ------------------------------------------------------------------------------
def damage_due(state: GameState, battle: Battle, side: pd.Side) -> int:
    """Damage one side takes: the other side's pips (B30); no pips, no losses [l.339]."""
    if side == "attacker":
        return sum(battle.defence_pips)
    if not battle.attacker_won and state.config.options.failed_attack_damage == "attacker":
        return 0
    return sum(battle.attack_pips)


def side_fighters(state: GameState, battle: Battle, side: pd.Side) -> list[Fighter]:
    """The pieces of one side that may take its damage."""
    if side == "attacker":
        return attack_fighters(state, battle)
    return defence_fighters(state, battle.defender, battle.target)


def minimal_sets(fighters: list[Fighter], damage: int) -> list[list[Fighter]]:
    """Every way to take `damage` (B31, B32): powered pieces worth at least `damage`, none to spare.

    Only pieces with power can take damage. A way is minimal: removing any one piece
    would leave less than the damage (so damage rounds up, l.347). Alike pieces (same
    code, hex and power) are interchangeable, so each way is listed once. When all the
    powered pieces together are worth no more than the damage, the only way is all of them.
    """
    powered = [f for f in fighters if f.power > 0]
    if damage <= 0 or not powered:
        return []
    if sum(f.power for f in powered) <= damage:
        return [powered]
    groups: dict[tuple[str, str, int], list[Fighter]] = {}
    for f in powered:
        groups.setdefault((f.code, f.hex, f.power), []).append(f)
    keys = sorted(groups)
    ways = []
    for counts in product(*(range(len(groups[k]) + 1) for k in keys)):
        total = sum(n * k[2] for n, k in zip(counts, keys, strict=True))
        if total < damage or any(n and total - k[2] >= damage for n, k in zip(counts, keys, strict=True)):
            continue
        ways.append([f for n, k in zip(counts, keys, strict=True) for f in groups[k][:n]])
    ways.sort(key=lambda way: (sum(f.power for f in way), len(way)))
    return ways


def same_way(a: list[Fighter], b: list[Fighter]) -> bool:
    """True if two ways lose the same pieces, alike pieces being interchangeable."""
    key = lambda f: (f.code, f.hex, f.power)  # noqa: E731
    return Counter(map(key, a)) == Counter(map(key, b))


def loss_events(state: GameState, fighters: list[Fighter]) -> list[ev.Event]:
    """Units killed return to the supply; buildings are damaged, the solo AI's destroyed [l.345; l.450].

    Losses are taken one after another, so a horse never passes to a worker already lost."""
    out: list[ev.Event] = []
    for f in fighters:
        if f.building:
            owner = state.buildings[f.id].owner
            out.append(ev.BuildingRemoved(f.id) if state.config.ai_seat == owner else ev.BuildingDamaged(f.id))
        else:
            out += units_lost_events(fold(state, out), [f.id], "killed")
    return out


def with_losses(battle: Battle, side: pd.Side, lost: list[str]) -> Battle:
    """The battle with `lost` ("code@hex") added to one side's losses."""
    if side == "attacker":
        return replace(battle, attacker_losses=battle.attacker_losses + tuple(lost))
    return replace(battle, defender_losses=battle.defender_losses + tuple(lost))


def damage_events(state: GameState, side: pd.Side, way: list[Fighter]) -> list[ev.Event]:
    """Apply one side's chosen losses and record them in the battle."""
    lost = [f"{f.code}@{f.hex}" for f in way]
    return loss_events(state, way) + [ev.BattleUpdated(with_losses(battle_of(state), side, lost))]


# -- take-over ----------------------------------------------------------------------------
def takes_over(state: GameState, battle: Battle) -> bool:
    """The attacker won and has units left: it moves in and the defender retreats [l.355-361]."""
    return battle.attacker_won and any(uid in state.units for uid in battle.attackers)


def move_in_groups(state: GameState, battle: Battle) -> list[list[Unit]]:
    """Surviving attackers that may stand on the target, as groups that move together (B33).

    Navies never go ashore (so after a naval assault nobody moves in); air forces go
    anywhere; a ferry moves as one: onto land its passengers step ashore and it docks on
    that edge, at sea it sails into the target with them.
    """
    on_land = battle.target in layout(state).land
    groups: dict[str, list[Unit]] = {}
    for uid in battle.attackers:
        unit = state.units.get(uid)
        if unit is None:
            continue
        if unit.ferry is not None:
            if unit.ferry not in groups:
                groups[unit.ferry] = [u for u in units_at(state, unit.hex) if u.ferry == unit.ferry]
        elif unit.kind == "air" or (unit.kind == "navy") != on_land:
            groups[unit.id] = [unit]
    return list(groups.values())


def move_in_events(state: GameState, battle: Battle, groups: list[list[Unit]]) -> list[ev.Event]:
    """Move the chosen groups onto the target; a ferry docks (land) or sails in (sea)."""
    target = battle.target
    on_land = target in layout(state).land
    out: list[ev.Event] = []
    for group in groups:
        ferry_id = group[0].ferry
        if ferry_id is None:
            out += [ev.UnitMoved(u.id, target, None) for u in group]
        elif on_land:
            out.append(ev.FerryMoved(ferry_id, state.ferries[ferry_id].water, target))
            out += [ev.UnitMoved(u.id, target, None) for u in group]
            cargo = state.resources.get(ferry_id, {})
            loads = tuple(r for r, n in sorted(cargo.items()) for _ in range(n))
            if loads and len(loads) <= room_on(state, target):
                out.append(ev.ResourcesCarried(ferry_id, target, loads))
        else:
            out.append(ev.FerryMoved(ferry_id, target, None))
            out += [ev.UnitMoved(u.id, target, ferry_id) for u in group]
    return out


# -- retreat ------------------------------------------------------------------------------
def retreat_groups(state: GameState, defender: int, target: str) -> list[list[Unit]]:
    """The defender's units on `target`, as groups that retreat together (a ferry and its passengers)."""
    groups: dict[str, list[Unit]] = {}
    for u in units_at(state, target, defender):
        groups.setdefault(u.ferry or u.id, []).append(u)
    return list(groups.values())


def retreat_options(state: GameState, defender: int, target: str, group: list[Unit]) -> list[str]:
    """Neighbouring hexes a retreating group may go to [l.359 (B34)].

    A hex free of other players' pieces, or the defender's own monument hex; never
    another monument, a light-blue or out-of-play hex. Land units go over land and
    across rivers only by a bridge, navies over water, air forces anywhere, and a ferry
    with passengers to a free water hex.
    """
    board = load_board()
    lay = layout(state)
    bridges = bridged(state)
    head = group[0]
    out = []
    for dest in board.neighbours(target):
        if head.ferry is not None:
            ok = dest in lay.water and not occupied_by_other(state, dest, defender)
        else:
            ok = can_enter(state, defender, head.kind, dest)
            if ok and head.kind in ("worker", "army") and board.is_river(target, dest):
                ok = frozenset((target, dest)) in bridges
        if ok:
            out.append(dest)
    return sorted(out)


def retreat_events(state: GameState, groups: list[list[Unit]], dest: str) -> list[ev.Event]:
    """Move retreating groups to `dest`; workers leave their resources behind [l.359]."""
    out: list[ev.Event] = []
    for group in groups:
        ferry_id = group[0].ferry
        if ferry_id is None:
            out += [ev.UnitMoved(u.id, dest, None) for u in group]
        else:
            out.append(ev.FerryMoved(ferry_id, dest, None))
            out += [ev.UnitMoved(u.id, dest, ferry_id) for u in group]
    return out


def trapped_events(state: GameState, groups: list[list[Unit]]) -> list[ev.Event]:
    """Units that cannot retreat die [l.359]; a ferry whose passengers die stays, empty (B34)."""
    if not groups:
        return []
    units = [u for group in groups for u in group]
    lost = [f"{piece_code(u)}@{u.hex}" for u in units]
    return units_lost_events(state, [u.id for u in units], "trapped") + [
        ev.BattleUpdated(with_losses(battle_of(state), "defender", lost))
    ]


# -- the flow -------------------------------------------------------------------------------
def continue_battle(state: GameState, events: list[ev.Event], stage: Stage) -> Outcome:
    """After `events`, carry the battle on from `stage`: open the next choice, or end it.

    `state` is the state the handler was given; `events` are what the handler decided so
    far. Each stage is skipped when it does not apply, and resolved automatically when
    there is only one way to do it.
    """
    out = list(events)
    after = fold(state, out)
    for st in STAGES[STAGES.index(stage) :]:
        b = battle_of(after)
        step: list[ev.Event] = []
        if st == "defender" or st == "attacker":
            damage = damage_due(after, b, st)
            ways = minimal_sets(side_fighters(after, b, st), damage)
            if len(ways) > 1:
                seat = b.defender if st == "defender" else b.attacker
                return out + [ev.PendingSet(pd.AssignDamage(seat, damage=damage, side=st))]
            if ways:
                step = damage_events(after, st, ways[0])
        elif st == "move_in":
            if not takes_over(after, b):
                continue
            groups = move_in_groups(after, b)
            if len(groups) > 1:
                return out + [ev.PendingSet(pd.ChooseMoveIn(b.attacker))]
            step = move_in_events(after, b, groups)
        elif st == "retreat":
            if not takes_over(after, b):
                continue
            groups = retreat_groups(after, b.defender, b.target)
            options = [retreat_options(after, b.defender, b.target, g) for g in groups]
            step = trapped_events(after, [g for g, o in zip(groups, options, strict=True) if not o])
            movable = [g for g, o in zip(groups, options, strict=True) if o]
            dests = sorted({d for o in options for d in o})
            if len(dests) > 1:
                return out + step + [ev.PendingSet(pd.Retreat(b.defender))]
            if dests:
                step += retreat_events(after, movable, dests[0])
        else:
            out.append(ev.BattleEnded(battle_record(after, b)))
            return finish_action(state, out)
        out += step
        after = fold(after, step)
    raise AssertionError("a battle always ends")


def battle_record(state: GameState, b: Battle) -> BattleRecord:
    """The log entry of a finished battle: its outcome and the round [B26]."""
    outcome = {name: getattr(b, name) for name in BattleOutcome.__struct_fields__}
    return BattleRecord(**outcome, round=state.round)
