"""Movement: move 2 (red) or 3 (green) different units, each within its movement points.

[Movement, l.219-225; Ferry, l.254; B42-B46, B48, B49]
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations_with_replacement

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.actions.opening import opener
from monuments_tui.rules.content import Resource, is_resource
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.flow import finish_action
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.pieces import load_pieces
from monuments_tui.rules.queries import (
    HEX_LIMIT,
    bonus_amount,
    carry_limit,
    layout,
    occupied_by_other,
    passengers,
    piece_code,
    room_on,
    unit_words,
    units_at,
    units_of,
    worker_moves,
)
from monuments_tui.rules.reach import can_enter, ferry_targets, reachable
from monuments_tui.rules.registry import generator, pending_as, rule
from monuments_tui.rules.state import GameState, Unit

RULE = "Movement, l.221-225"


@opener("movement")
def open_movement(state: GameState, seat: int, green: bool) -> list[ev.Event]:
    """Red: move up to 2 units; green: up to 3; +1 per movement bonus [l.221, l.225]."""
    slots = (3 if green else 2) + bonus_amount(state, seat, "movement_units")
    return [ev.PendingSet(pd.MovementStep(seat, green=green, slots=slots))]


def move_points(state: GameState, unit: Unit) -> int:
    """Movement points of a unit: workers 1 (+bonuses), armies 1, navies and air forces 2 [l.221]."""
    if unit.kind == "worker":
        return worker_moves(state, unit.owner)
    return load_pieces().unit_moves[unit.kind]


def find_unit(state: GameState, seat: int, piece: str, hex_id: str, exclude: tuple[str, ...] = ()) -> Unit:
    """The first of `seat`'s units matching `piece` on `hex_id` (not aboard a ferry), not in `exclude`.

    Raises:
        RuleViolation: naming the pieces that are there.
    """
    here = [u for u in units_at(state, hex_id, seat) if u.ferry is None]
    for u in here:
        if piece_code(u) == piece and u.id not in exclude:
            return u
    present = ", ".join(sorted({unit_words(piece_code(u)) for u in here if u.id not in exclude})) or "none"
    raise RuleViolation(
        f"you have no {unit_words(piece)} on {hex_id} that can act",
        RULE,
        f"Your pieces there: {present}.",
    )


def _advance(
    state: GameState, p: pd.MovementStep, moved: tuple[str, ...], used: int, events: list[ev.Event]
) -> Outcome:
    left = p.slots - used
    if left <= 0:
        return finish_action(state, events)
    step = pd.MovementStep(p.seat, green=p.green, slots=left, moved=p.moved + moved, steps=p.steps + 1)
    return events + [ev.PendingSet(step)]


@rule((pd.MovementStep, cmd.Move))
def move(state: GameState, c: cmd.Move) -> Outcome:
    """Move one unit within its movement points, a worker carrying resources [l.221-223]."""
    p = pending_as(state, pd.MovementStep)
    unit = find_unit(state, p.seat, c.piece, c.src, p.moved)
    targets = reachable(state, p.seat, unit.kind, c.src, move_points(state, unit))
    if c.dst not in targets:
        options = ", ".join(sorted(targets)) or "none"
        raise RuleViolation(
            f"{c.piece} on {c.src} cannot reach {c.dst}",
            f"{RULE}; no river without a bridge, no hex with another player's pieces, no other monument, light-blue or out-of-play hex",
            f"It can reach: {options}.",
        )
    events: list[ev.Event] = [ev.UnitMoved(unit.id, c.dst)]
    if c.carry:
        events.append(_carry(state, unit, c.src, c.dst, c.carry))
    return _advance(state, p, (unit.id,), 1, events)


def _carry(state: GameState, unit: Unit, src: str, dst: str, carry: tuple[str, ...]) -> ev.ResourcesCarried:
    """Check a worker's load (B48): resources from its start, within its limit, dropped on land within 5."""
    limit = carry_limit(state, unit)
    if len(carry) > limit:
        raise RuleViolation(
            f"a {piece_code(unit)} carries at most {limit} resource(s)" if limit else f"a {unit.kind} carries nothing",
            "Movement, l.221",
            "Workers carry one resource (two with a horse or a carrying bonus).",
        )
    load = _load_from(state, src, carry)
    if dst not in layout(state).land:
        raise RuleViolation(
            f"resources cannot be dropped on {dst}", "Movement, l.221 (B48)", "Carry them to a land hex."
        )
    if len(carry) > room_on(state, dst):
        raise RuleViolation(f"{dst} would hold more than {HEX_LIMIT} resources", "Production, l.232 (B52)")
    return ev.ResourcesCarried(src, dst, load)


def _load_from(state: GameState, place: str, carry: tuple[str, ...]) -> tuple[Resource, ...]:
    """The resources a command names to carry, each of them on `place` [Movement, l.221]."""
    on_place = dict(state.resources.get(place, {}))
    load: list[Resource] = []
    for word in carry:
        if not is_resource(word) or on_place.get(word, 0) < 1:
            raise RuleViolation(f"there is no {word} to carry on {place}", "Movement, l.221")
        on_place[word] -= 1
        load.append(word)
    return tuple(load)


# -- ferries ---------------------------------------------------------------------------
def ferry_controllers(state: GameState, ferry_id: str) -> set[int]:
    """Who controls a ferry: players with units aboard, else players controlling a hex it borders [l.254]."""
    ferry = state.ferries[ferry_id]
    aboard = {u.owner for u in passengers(state, ferry_id)}
    if aboard:
        return aboard
    owners = {u.owner for u in units_at(state, ferry.water)}
    if ferry.land:
        owners.update(u.owner for u in units_at(state, ferry.land) if u.ferry is None)
    return owners


def check_ferry_use(state: GameState, seat: int, ferry_id: str) -> None:
    """A ferry may be used by its controller, or by anyone if nobody controls it (B43)."""
    if ferry_id not in state.ferries:
        raise RuleViolation(
            f"there is no ferry {ferry_id}", "Ferry, l.254", f"Ferries: {', '.join(sorted(state.ferries)) or 'none'}."
        )
    controllers = ferry_controllers(state, ferry_id)
    if controllers and seat not in controllers:
        raise RuleViolation(f"{ferry_id} is controlled by another player", "Ferry, l.254 (B43)")


@rule((pd.MovementStep, cmd.BoardFerry))
def board_ferry(state: GameState, c: cmd.BoardFerry) -> Outcome:
    """Board 1 or 2 workers/armies onto a docked ferry; it is pushed to the centre of its water [l.223, l.254 (B44)]."""
    p = pending_as(state, pd.MovementStep)
    check_ferry_use(state, p.seat, c.ferry)
    ferry = state.ferries[c.ferry]
    if ferry.land is None:
        raise RuleViolation(f"{c.ferry} is at sea", "Ferry, l.254", "Units board a ferry docked against their hex.")
    if c.ferry in p.moved:
        raise RuleViolation(f"{c.ferry} has already moved in this action", "Movement, l.225")
    if not 1 <= len(c.pieces) <= 2:
        raise RuleViolation("a ferry takes one or two workers/armies", "Ferry, l.254")
    if len(c.pieces) > p.slots:
        raise RuleViolation(f"you may move only {p.slots} more unit(s) in this action", "Movement, l.221 (B43)")
    if passengers(state, c.ferry):
        raise RuleViolation(f"{c.ferry} already has passengers", "Ferry, l.223")
    if occupied_by_other(state, ferry.water, p.seat):
        raise RuleViolation(f"{ferry.water} holds another player's pieces", RULE)
    chosen: list[Unit] = []
    for piece in c.pieces:
        unit = find_unit(state, p.seat, piece, ferry.land, p.moved + tuple(u.id for u in chosen))
        if unit.kind not in ("worker", "army"):
            raise RuleViolation("only workers and armies board ferries", "Ferry, l.254")
        chosen.append(unit)
    events: list[ev.Event] = [ev.UnitMoved(u.id, ferry.water, c.ferry) for u in chosen]
    if c.carry:
        limit = sum(carry_limit(state, u) for u in chosen)
        if len(c.carry) > limit:
            raise RuleViolation(f"these passengers carry at most {limit} resource(s)", "Movement, l.221 (B48)")
        events.append(ev.ResourcesCarried(ferry.land, c.ferry, _load_from(state, ferry.land, c.carry)))
    events.append(ev.FerryMoved(c.ferry, ferry.water, None))
    return _advance(state, p, tuple(u.id for u in chosen), len(chosen), events)


@rule((pd.MovementStep, cmd.Sail))
def sail(state: GameState, c: cmd.Sail) -> Outcome:
    """Sail a ferry: 2 moves with passengers, 1 empty; docking costs a move and lands the passengers [l.254 (B42)]."""
    p = pending_as(state, pd.MovementStep)
    check_ferry_use(state, p.seat, c.ferry)
    if c.ferry in p.moved:
        raise RuleViolation(f"{c.ferry} has already moved in this action", "Movement, l.225")
    ferry = state.ferries[c.ferry]
    aboard = [u for u in passengers(state, c.ferry) if u.owner == p.seat]
    points = 2 if aboard else 1
    targets = ferry_targets(state, p.seat, ferry.water, points, ferry.land)
    lay = layout(state)
    if c.dst in lay.water:
        key: tuple[str, str | None] | None = (c.dst, None)
    else:
        key = next((k for k in sorted(targets, key=lambda k: (targets[k], k[0])) if k[1] == c.dst), None)
    if key is None or key not in targets:
        reach = sorted({k[1] or k[0] for k in targets})
        raise RuleViolation(
            f"{c.ferry} cannot reach {c.dst}",
            "Ferry, l.254: 1 move empty, 2 with passengers; docking costs a move",
            f"It can reach: {', '.join(reach) or 'nothing'}.",
        )
    water, land = key
    events: list[ev.Event] = [ev.FerryMoved(c.ferry, water, land)]
    if land is not None and aboard:
        for u in aboard:
            if not can_enter(state, p.seat, u.kind, land):
                raise RuleViolation(f"your passengers cannot land on {land}", RULE)
        events += [ev.UnitMoved(u.id, land, None) for u in aboard]
        cargo = state.resources.get(c.ferry, {})
        if cargo:
            loads = tuple(r for r, n in sorted(cargo.items()) for _ in range(n))
            if land not in lay.land or len(loads) > room_on(state, land):
                raise RuleViolation(f"the cargo cannot be unloaded on {land}", "Production, l.232 (B48)")
            events.append(ev.ResourcesCarried(c.ferry, land, loads))
    moved = (c.ferry,) + tuple(u.id for u in aboard)
    return _advance(state, p, moved, 1, events)


@rule((pd.MovementStep, cmd.Done))
def done(state: GameState, c: cmd.Done) -> Outcome:
    """Stop moving: Movement moves "up to" 2 or 3 units [l.221]."""
    if pending_as(state, pd.MovementStep).steps == 0:
        raise RuleViolation("move at least one unit first", "In a turn, l.206 (B59)")
    return finish_action(state, [])


def _loads(on_hex: dict[Resource, int], limit: int) -> list[tuple[Resource, ...]]:
    """Every load of 1..limit resources that can be picked up from a hex, in a stable order."""
    loads = []
    kinds = sorted(on_hex)
    for size in range(1, limit + 1):
        for combo in combinations_with_replacement(kinds, size):
            if all(combo.count(r) <= on_hex[r] for r in set(combo)):
                loads.append(combo)
    return loads


@generator(pd.MovementStep)
def _gen_movement(state: GameState) -> Iterable[cmd.Command]:
    p = pending_as(state, pd.MovementStep)
    seen = set()
    for unit in units_of(state, p.seat):
        if unit.id in p.moved or unit.ferry is not None:
            continue
        code = piece_code(unit)
        if (code, unit.hex) in seen:
            continue
        seen.add((code, unit.hex))
        loads = _loads(state.resources.get(unit.hex, {}), carry_limit(state, unit))
        for dst in sorted(reachable(state, p.seat, unit.kind, unit.hex, move_points(state, unit))):
            yield cmd.Move(code, unit.hex, dst)
            for load in loads:
                yield cmd.Move(code, unit.hex, dst, load)
    for fid, ferry in sorted(state.ferries.items()):
        if fid in p.moved:
            continue
        if ferry.land is not None:
            by_code = {
                piece_code(u): u
                for u in units_at(state, ferry.land, p.seat)
                if u.ferry is None and u.kind in ("worker", "army") and u.id not in p.moved
            }
            codes = sorted(by_code)
            for a in codes:
                for group in ((a,), *((a, b) for b in codes if b >= a)):
                    yield cmd.BoardFerry(fid, group)
                    limit = sum(carry_limit(state, by_code[g]) for g in group)
                    if limit:
                        for load in _loads(state.resources.get(ferry.land, {}), limit):
                            yield cmd.BoardFerry(fid, group, load)
        targets = ferry_targets(state, p.seat, ferry.water, 2 if passengers(state, fid) else 1, ferry.land)
        for water, land in sorted(targets, key=lambda k: (k[0], k[1] or "")):
            yield cmd.Sail(fid, land or water)
    if p.steps:
        yield cmd.Done()
