"""Attack: declare attackers against a neighbouring hex, roll, assign damage, take over, retreat.

[Attack, l.331-363; B21, B28-B40] The rules shared by these steps live in `rules.battle`.
"""

from __future__ import annotations

from collections.abc import Iterable

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.actions.opening import opener
from monuments_tui.rules.battle import (
    Fighter,
    Stage,
    attack_power,
    battle_of,
    continue_battle,
    damage_events,
    defence_fighters,
    defender_of,
    minimal_sets,
    move_in_events,
    move_in_groups,
    retreat_events,
    retreat_groups,
    retreat_options,
    roll,
    same_way,
    side_fighters,
    trapped_events,
)
from monuments_tui.rules.board import load_board
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.queries import has_military_allowance, layout, owners_at, piece_code, units_of
from monuments_tui.rules.registry import generator, pending_as, rule
from monuments_tui.rules.state import Battle, GameState, Unit

RULE = "Attack, l.335"


@opener("attack")
def open_attack(state: GameState, seat: int, green: bool) -> list[ev.Event]:
    """Red: attackers from one hex; green: from several hexes next to the same target [l.333, l.361]."""
    return [ev.PendingSet(pd.AttackStep(seat, green=green))]


def _pieces(fighters: list[Fighter]) -> str:
    return ",".join(f"{f.code}@{f.hex}" for f in fighters) or "none"


def resolve_attackers(state: GameState, seat: int, pieces: tuple[cmd.PieceAt, ...]) -> list[Unit]:
    """The distinct units named by `pieces` (ferry passengers are named by their water hex).

    Raises:
        RuleViolation: naming the pieces that are there.
    """
    chosen: list[Unit] = []
    for p in pieces:
        here = [u for u in units_of(state, seat) if u.hex == p.hex]
        unit = next((u for u in here if piece_code(u) == p.piece and u not in chosen), None)
        if unit is None:
            present = ", ".join(sorted({piece_code(u) for u in here if u not in chosen})) or "none"
            raise RuleViolation(f"you have no more {p.piece} on {p.hex}", RULE, f"Your pieces there: {present}.")
        chosen.append(unit)
    return chosen


@rule((pd.AttackStep, cmd.Attack))
def attack(state: GameState, c: cmd.Attack) -> Outcome:
    """Declare an attack and roll both sides' dice [l.335-341 (B28, B29, B38-B40)]."""
    p = pending_as(state, pd.AttackStep)
    seat = p.seat
    if not has_military_allowance(state, seat):
        raise RuleViolation(
            "attacking needs the military allowance common bonus card",
            "Attack, l.335 (B38)",
            "Take the allowance card when you build a monument layer.",
        )
    lay = layout(state)
    if c.target not in lay.in_play:
        raise RuleViolation(f"{c.target} is not in play", "Set-up, l.120")
    if c.target in lay.monuments:
        raise RuleViolation(f"{c.target} is a monument hex: nobody attacks a monument", "Movement, l.221")
    defender, why = defender_of(state, seat, c.target)
    if defender is None:
        raise RuleViolation(
            f"{c.target} cannot be attacked: {why}",
            RULE,
            "Attack a neighbouring hex with another player's units or buildings.",
        )
    if not c.attackers:
        raise RuleViolation("name at least one attacker", RULE, f"For example: attack {c.target} with army@<hex>.")
    units = resolve_attackers(state, seat, c.attackers)
    origins = tuple(sorted({u.hex for u in units}))
    if len(origins) > 1 and not p.green:
        raise RuleViolation(
            f"the red Attack card attacks from one hex, not {len(origins)}",
            "Attack, l.333",
            "Upgrade the card to attack from several hexes.",
        )
    power = 0
    for u in units:
        pw, why = attack_power(state, seat, u, c.target)
        if pw < 1:
            raise RuleViolation(f"{piece_code(u)} on {u.hex} cannot attack {c.target}: {why}", f"{RULE} (B37)")
        power += pw
    defence = sum(f.power for f in defence_fighters(state, defender, c.target))
    attack_pips, defence_pips, position = roll(state, power, defence)
    won = sum(attack_pips) >= 1 and sum(attack_pips) > sum(defence_pips)
    battle = Battle(
        attacker=seat,
        defender=defender,
        target=c.target,
        origins=origins,
        attackers=tuple(u.id for u in units),
        attack_power=power,
        defence_power=defence,
        attack_pips=attack_pips,
        defence_pips=defence_pips,
        attacker_won=won,
    )
    return continue_battle(state, [ev.BattleBegan(battle, position)], "defender")


@rule((pd.AssignDamage, cmd.Damage))
def assign_damage(state: GameState, c: cmd.Damage) -> Outcome:
    """Choose the pieces that take this side's damage: a minimal set, rounded up [l.345-353 (B31, B32)]."""
    p = pending_as(state, pd.AssignDamage)
    fighters = side_fighters(state, battle_of(state), p.side)
    ways = minimal_sets(fighters, p.damage)
    chosen: list[Fighter] = []
    for piece in c.pieces:
        match = [f for f in fighters if f.code == piece.piece and f.hex == piece.hex and f not in chosen]
        if not match:
            raise RuleViolation(f"{piece.piece}@{piece.hex} is not one of your pieces in this battle", "Attack, l.345")
        powered = [f for f in match if f.power > 0]
        if not powered:
            raise RuleViolation(
                f"{piece.piece}@{piece.hex} has no power here and cannot take damage", "Attack, l.345 (B31)"
            )
        chosen.append(powered[0])
    if not any(same_way(chosen, way) for way in ways):
        options = "; ".join(_pieces(way) for way in ways[:6])
        raise RuleViolation(
            f"{_pieces(chosen)} does not take {p.damage} damage with nothing to spare",
            "Attack, l.347 (B32): pieces worth at least the damage; removing any one would leave less",
            f"Choose one of: {options}.",
        )
    nxt: Stage = "attacker" if p.side == "defender" else "move_in"
    return continue_battle(state, damage_events(state, p.side, chosen), nxt)


@rule((pd.ChooseMoveIn, cmd.MoveIn))
def move_in(state: GameState, c: cmd.MoveIn) -> Outcome:
    """Move at least one surviving attacker into the taken hex; the others may stay [l.355 (B33)]."""
    b = battle_of(state)
    groups = move_in_groups(state, b)
    survivors = [u for g in groups for u in g if u.id in b.attackers]
    chosen: list[list[Unit]] = []
    named: list[Unit] = []
    for piece in c.pieces:
        unit = next(
            (u for u in survivors if piece_code(u) == piece.piece and u.hex == piece.hex and u not in named), None
        )
        if unit is None:
            able = ",".join(f"{piece_code(u)}@{u.hex}" for u in survivors)
            raise RuleViolation(
                f"{piece.piece}@{piece.hex} is not a surviving attacker that can stand on {b.target}",
                "Attack, l.355 (B33): navies never go ashore",
                f"Able to move in: {able}.",
            )
        named.append(unit)
        group = next(g for g in groups if unit in g)
        if group not in chosen:
            chosen.append(group)
    if not chosen:
        raise RuleViolation("at least one surviving attacker moves in", "Attack, l.355")
    return continue_battle(state, move_in_events(state, b, chosen), "retreat")


@rule((pd.Retreat, cmd.RetreatTo))
def retreat(state: GameState, c: cmd.RetreatTo) -> Outcome:
    """Retreat the defending units to a neighbouring free hex; those that cannot go there die [l.359 (B34)].

    With the `retreat` option "together" (the default) every unit goes to the one hex
    chosen; with "each", name the units that go to this hex (or none: all that can).
    """
    b = battle_of(state)
    groups = retreat_groups(state, b.defender, b.target)
    options = {id(g[0]): retreat_options(state, b.defender, b.target, g) for g in groups}
    dests = sorted({d for o in options.values() for d in o})
    if c.hex not in dests:
        raise RuleViolation(
            f"your units on {b.target} cannot retreat to {c.hex}",
            "Attack, l.359 (B34): a neighbouring hex free of other players' pieces; land units by land or bridge",
            f"Retreat to one of: {', '.join(dests)}.",
        )
    together = state.config.options.retreat == "together"
    if c.pieces:
        if together:
            raise RuleViolation(
                "all your units retreat together to one hex", "Attack, l.359 (B34)", f"Write: retreat {c.hex}."
            )
        movers: list[list[Unit]] = []
        for piece in c.pieces:
            group = next(
                (
                    g
                    for g in groups
                    if any(piece_code(u) == piece.piece and u.hex == piece.hex for u in g) and g not in movers
                ),
                None,
            )
            if group is None or c.hex not in options[id(group[0])]:
                raise RuleViolation(f"{piece.piece}@{piece.hex} cannot retreat to {c.hex}", "Attack, l.359 (B34)")
            movers.append(group)
    else:
        movers = [g for g in groups if c.hex in options[id(g[0])]]
    events = retreat_events(state, movers, c.hex)
    if together:
        events += trapped_events(state, [g for g in groups if g not in movers])
    return continue_battle(state, events, "retreat")


# -- generators ---------------------------------------------------------------------------
@generator(pd.AttackStep)
def _gen_attack(state: GameState) -> Iterable[cmd.Command]:
    p = pending_as(state, pd.AttackStep)
    if not has_military_allowance(state, p.seat):
        return
    board = load_board()
    lay = layout(state)
    mine = [u for u in units_of(state, p.seat) if u.kind != "worker" or u.weapon]
    targets = sorted(
        {
            n
            for u in mine
            for n in board.neighbours(u.hex)
            if n in lay.in_play and n not in lay.monuments and owners_at(state, n) - {p.seat}
        }
    )
    for target in targets:
        by_origin: dict[str, list[cmd.PieceAt]] = {}
        for u in mine:
            if attack_power(state, p.seat, u, target)[0] > 0:
                by_origin.setdefault(u.hex, []).append(cmd.PieceAt(piece_code(u), u.hex))
        for _origin, pieces in sorted(by_origin.items()):
            yield cmd.Attack(target, tuple(pieces))
            for single in dict.fromkeys(pieces):
                yield cmd.Attack(target, (single,))
        if p.green and len(by_origin) > 1:
            yield cmd.Attack(target, tuple(x for _, pieces in sorted(by_origin.items()) for x in pieces))


@generator(pd.AssignDamage)
def _gen_damage(state: GameState) -> Iterable[cmd.Command]:
    p = pending_as(state, pd.AssignDamage)
    for way in minimal_sets(side_fighters(state, battle_of(state), p.side), p.damage):
        yield cmd.Damage(tuple(cmd.PieceAt(f.code, f.hex) for f in way))


@generator(pd.ChooseMoveIn)
def _gen_move_in(state: GameState) -> Iterable[cmd.Command]:
    b = battle_of(state)
    groups = move_in_groups(state, b)
    heads = [next(cmd.PieceAt(piece_code(u), u.hex) for u in g if u.id in b.attackers) for g in groups]
    for head in heads:
        yield cmd.MoveIn((head,))
    yield cmd.MoveIn(tuple(heads))


@generator(pd.Retreat)
def _gen_retreat(state: GameState) -> Iterable[cmd.Command]:
    b = battle_of(state)
    each = state.config.options.retreat == "each"
    groups = retreat_groups(state, b.defender, b.target)
    dests = set()
    for g in groups:
        for d in retreat_options(state, b.defender, b.target, g):
            dests.add(d)
            if each and len(groups) > 1:
                yield cmd.RetreatTo(d, (cmd.PieceAt(piece_code(g[0]), g[0].hex),))
    for d in sorted(dests):
        yield cmd.RetreatTo(d)
