"""The Build your Monument card: the next layer of the monument by the difficulty table
(paying, sacrificing workers, a random common bonus, the AI's own layer bonus); else an attack
where the AI is stronger; else move one unit and reshuffle.

[Solo rules, Build your Monument, l.518-549; review B41, B77]
"""

from __future__ import annotations

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.actions.populate import new_worker_events
from monuments_tui.rules.board import load_board
from monuments_tui.rules.card_types import is_resource
from monuments_tui.rules.queries import controlled_land, monument_hex, resource_totals, units_of
from monuments_tui.rules.removals import worker_removal_events
from monuments_tui.rules.solo.context import AiContext
from monuments_tui.rules.solo.measures import nearest, new_worker_reach
from monuments_tui.rules.solo.shared import amounts, move_units, reshuffle_all, spend
from monuments_tui.rules.solo.special import train_unit
from monuments_tui.rules.solo.tables import AiLayer, ai_layer, layer_bonus
from monuments_tui.rules.state import Unit


def sacrifice_order(t: AiContext, n: int) -> list[Unit]:
    """Workers to sacrifice [l.545]: from town hexes with more than 2 workers, then from hexes
    without a town with more than 1, then from the hexes closest to the AI's towns."""
    seat = t.seat
    state = t.state
    picked: list[Unit] = []
    for _ in range(n):
        workers = [u for u in units_of(state, seat, "worker") if u not in picked]
        towns = {b.hex for b in state.buildings.values() if b.owner == seat and b.kind == "town"}

        def left(h: str) -> int:
            return sum(1 for u in workers if u.hex == h and u.ferry is None)

        def score(u: Unit) -> tuple[int, int, bool, bool]:
            here = left(u.hex)
            town = u.hex in towns
            tier = 2 if (town and here > 2) else 1 if (not town and here > 1) else 0
            return (tier, -nearest(u.hex, towns) if towns else 0, not u.weapon, not u.horse)

        w = t.best(workers, score, "sacrifice_tie_break")
        picked.append(w)
    return picked


def layer_bonus_events(t: AiContext, layer: int) -> None:
    """The AI's personal bonus for `layer` [l.538-543; B77], and the log's report of it."""

    seat = t.seat
    bonus = layer_bonus(layer)
    if bonus.bonus == "worker_move":
        t.report("bonus_move", layer=layer)
    elif bonus.bonus == "workers":
        placed = []
        for _ in range(bonus.amount):
            if t.state.players[seat].supply.get("worker", 0) < 1:
                break
            towns = sorted(
                {b.hex for b in t.state.buildings.values() if b.owner == seat and b.kind == "town" and not b.damaged}
            )
            where = (
                t.best(towns, lambda h: new_worker_reach(t.state, seat, h)) if towns else monument_hex(t.state, seat)
            )
            t.add(*new_worker_events(t.state, seat, where))
            placed.append(where)
        if placed:
            t.report("bonus_workers", layer=layer, hexes=tuple(placed))
        else:
            t.report("bonus_no_worker", layer=layer)
    elif bonus.bonus == "resources":
        board = load_board()
        got: list[ev.Amount] = []
        for _ in range(bonus.amount):
            hexes = sorted({u.hex for u in units_of(t.state, seat, "worker") if u.ferry is None and u.hex in t.land()})
            hexes = [
                h
                for h in hexes
                if t.room(h) > 0 and is_resource(r := board.hex(h).resource) and t.state.bank.get(r, 0) > 0
            ]
            if not hexes:
                break
            where = t.best(hexes, lambda h: t.room(h))
            resource = board.hex(where).resource
            assert is_resource(resource)  # the hexes kept above all produce one
            t.add(ev.ResourcesGained(where, resource, 1))
            got.append(ev.Amount(where, resource, 1))
        if got:
            t.report("bonus_resources", layer=layer, gained=tuple(got))
        else:
            t.report("bonus_no_room", layer=layer)
    elif bonus.bonus == "special_unit" and not train_unit(t, {"layer": layer}, 0):
        t.report("bonus_no_unit", layer=layer)


def monument(t: AiContext) -> str:
    """1. Build the next layer by the difficulty table. 2. Else attack, if stronger. 3. Else move one unit and reshuffle.

    [Build your Monument, l.520-549]
    """
    seat = t.seat
    player = t.state.players[seat]
    level = t.ai.difficulty
    if player.layers < 5:
        need = ai_layer(level, player.layers + 1)
        land = len(controlled_land(t.state, seat))
        res = sum(resource_totals(t.state, seat).values())
        workers = len(units_of(t.state, seat, "worker"))
        if land >= need.hexes and res >= need.resources and workers >= need.workers:
            build_layer(t, need)
            return "done"
        have = (
            ev.Shortfall("land", land, need.hexes),
            ev.Shortfall("resources", res, need.resources),
            ev.Shortfall("workers", workers, need.workers),
        )
        t.report("monument_short", layer=need.layer, short=tuple(s for s in have if s.have < s.need))
    else:
        t.report("monument_complete")
    result = attack(t)
    if result is not None:
        return result
    move_units(t, 1, "monument")
    reshuffle_all(t, "monument")
    return "reshuffled"


def build_layer(t: AiContext, need: AiLayer) -> None:
    """Pay any resources, sacrifice workers, build the layer, discard a random common bonus, take the AI bonus."""
    seat = t.seat
    pay = spend(t, need.resources) or []
    t.add(*pay)

    lost = []
    for w in sacrifice_order(t, need.workers):
        lost.append(w.hex)
        t.add(*worker_removal_events(t.state, t.state.units[w.id], "sacrificed"))
    t.add(ev.LayerBuilt(seat, need.layer))
    if need.layer == 5 and not t.state.final_round:
        t.add(ev.FinalRoundBegan(seat))
    t.report("layer_built", layer=need.layer, paid=amounts(pay), hexes=tuple(lost))
    pile = list(t.state.common_piles.get(need.layer, []))
    if pile:
        k = t.random_index(len(pile), "common_bonus")
        if need.layer == 5:
            t.add(ev.CommonBonusTaken(pile[k], 5, seat))
            t.report("bonus_kept", layer=5, cards=(pile[k],))
        else:
            t.add(ev.CommonBonusTaken(pile[k], need.layer, None))
            t.report("bonus_discarded", layer=need.layer, cards=(pile[k],))
    if need.layer < 5:
        layer_bonus_events(t, need.layer)


def attack(t: AiContext) -> str | None:
    """Attack the player where the AI commits more power than the defence (B41), as the green
    Attack card; among such hexes, the largest margin [l.547]. None if it cannot."""
    seat = t.seat
    step = pd.AttackStep(seat, green=True)
    best = None
    for c in t.candidates(step):
        got = t.try_rule(step, c)
        if got is None:
            continue
        began = next((e for e in got if isinstance(e, ev.BattleBegan)), None)
        if began is None or not isinstance(c, cmd.Attack):  # only an attack begins a battle
            continue
        b = began.battle
        margin = b.attack_power - b.defence_power
        if margin <= 0:
            continue
        key = (margin, b.attack_power, -len(c.attackers))
        if best is None or key > best[0]:
            best = (key, c, got, b)
    if best is None:
        t.report("no_attack")
        return None
    _, c, got, b = best

    t.report(
        "attacked",
        hexes=(b.target,),
        power=(b.attack_power, b.defence_power),
        commands=(c,),
        rolls=(sum(b.attack_pips), sum(b.defence_pips)),
    )
    t.discard_current("attacks")
    t.add(*got)
    return "battle"
