"""Build a building (town, fort, factory, bridge, ferry; workshop or farm by ability) or repair one.

[Build a building, l.238-260; Buildings, l.246-254; B47, B50, B53; abilities (B21)]
"""

from __future__ import annotations

from collections.abc import Iterable

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.actions.opening import opener
from monuments_tui.rules.board import load_board
from monuments_tui.rules.content import Resource, load_content
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.flow import finish_action
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.payment import payment_events
from monuments_tui.rules.pieces import load_pieces
from monuments_tui.rules.queries import bonus_amount, buildings_at, has_ability, layout, workers_on_land
from monuments_tui.rules.registry import generator, pending_as, rule
from monuments_tui.rules.state import (
    ABILITY_BUILDINGS,
    HEX_BUILDINGS,
    Bridge,
    Building,
    BuildingKind,
    Ferry,
    GameState,
    is_building,
)

RULE = "Build a building, l.240"


@opener("build")
def open_build(state: GameState, seat: int, green: bool) -> list[ev.Event]:
    """Build or repair one building; green takes 1 resource off [Build a building, l.240-242]."""
    return [ev.PendingSet(pd.BuildStep(seat, green=green))]


def building_cost(piece: str) -> dict[Resource, int]:
    """The cost of a building, bridge or ferry, or of an ability's workshop or farm [Buildings, l.246-254]."""
    if piece in ABILITY_BUILDINGS:
        ability = next(a for a in load_content().abilities if a.effect == piece)
        return dict(ability.token_cost)
    return load_pieces().building_costs[piece]


def placement_events(state: GameState, seat: int, piece: str, hex_id: str, to: str | None) -> list[ev.Event]:
    """Check where a building goes and return the event that places it (no payment).

    Shared by the Build card and by personal bonuses that grant a building [l.288].
    Towns, forts and factories go on a land hex with your worker, never a monument hex
    (B47), one of each type per hex (B53); a bridge spans a river edge next to your
    worker [l.252]; a ferry docks on the edge between your worker's land hex and a
    water hex, never a river [l.254].
    """
    board = load_board()
    lay = layout(state)
    if hex_id not in lay.land:
        raise RuleViolation(
            f"{hex_id} is not a land hex in play", RULE, "Build next to or on a land hex with your worker."
        )
    if not workers_on_land(state, seat, hex_id):
        raise RuleViolation(f"you have no worker on {hex_id}", RULE, "Build where one of your workers stands.")
    if is_building(piece):
        return _building_events(state, seat, piece, hex_id, to)
    if piece not in ("bridge", "ferry"):
        raise RuleViolation(f"{piece!r} is not a building", RULE, "Build a town, fort, factory, bridge or ferry.")
    if to is None or not board.shared_edge(hex_id, to):
        raise RuleViolation(
            f"a {piece} needs an edge: two neighbouring hexes", RULE, f"Write: build {piece} {hex_id} <neighbour>."
        )
    if state.config.options.bank_limited and state.bank.get("token", 0) < 1:
        raise RuleViolation("the bank has no bridge/ferry token left", "Components, l.83 (B50)")
    if piece == "bridge":
        if not board.is_river(hex_id, to) or to not in lay.land | lay.monuments:
            raise RuleViolation(f"there is no river between {hex_id} and {to}", "Bridge, l.252", "Bridges span rivers.")
        if any({b.a, b.b} == {hex_id, to} for b in state.bridges.values()):
            raise RuleViolation(f"there is already a bridge between {hex_id} and {to}", "Bridge, l.252")
        a, b = sorted((hex_id, to))
        return [ev.BridgeBuilt(Bridge(f"B{state.next_id}", a, b, seat))]
    if to not in lay.water:
        raise RuleViolation(
            f"{to} is not a water hex in play", "Ferry, l.254", "A ferry docks on a shore: land hex, then water hex."
        )
    if any(f.land == hex_id and f.water == to for f in state.ferries.values()):
        raise RuleViolation(f"a ferry is already docked between {hex_id} and {to}", "Ferry, l.254")
    return [ev.FerryBuilt(Ferry(f"ferry{state.next_id}", to, hex_id, seat))]


def _building_events(state: GameState, seat: int, piece: BuildingKind, hex_id: str, to: str | None) -> list[ev.Event]:
    """A town, fort or factory (or an ability's workshop or farm) on the worker's hex [l.240-242 (B21, B53)]."""
    player = state.players[seat]
    if to is not None:
        raise RuleViolation(f"a {piece} stands on one hex", RULE, f"Write: build {piece} {hex_id}.")
    if piece in ABILITY_BUILDINGS:
        if not has_ability(state, seat, piece):
            raise RuleViolation(f"only the civilisation with the {piece} ability builds {piece}s", "Abilities (B21)")
        if player.tokens.get(piece, 0) < 1:
            raise RuleViolation(f"you have no {piece} token left", "Abilities (B21)")
    elif player.supply.get(piece, 0) < 1:
        aside = player.set_aside.get(piece, 0)
        extra = f" ({aside} set aside until a personal bonus unlocks them)" if aside else ""
        raise RuleViolation(
            f"you have no {piece} left in your supply{extra}", "Player set-up, l.156-158; Components, l.93-99"
        )
    if state.config.options.one_building_type_per_hex and any(
        b.kind == piece for b in buildings_at(state, hex_id, seat)
    ):
        raise RuleViolation(f"you already have a {piece} on {hex_id}", "B53: one building of each type per hex")
    return [ev.BuildingPlaced(Building(f"b{state.next_id}", seat, piece, hex_id))]


@rule((pd.BuildStep, cmd.Build))
def build(state: GameState, c: cmd.Build) -> Outcome:
    """Build a building; green takes 1 resource off, never below 1 [l.240-242, l.258]."""
    p = pending_as(state, pd.BuildStep)
    if c.piece not in load_pieces().building_costs and c.piece not in ABILITY_BUILDINGS:
        raise RuleViolation(f"{c.piece!r} is not a building", RULE, "Build a town, fort, factory, bridge or ferry.")
    placed = placement_events(state, p.seat, c.piece, c.hex, c.to)
    discount = (1 if p.green else 0) + bonus_amount(state, p.seat, "building_discount")
    paid = payment_events(state, p.seat, building_cost(c.piece), discount, c.pay)
    return finish_action(state, paid + placed)


@rule((pd.BuildStep, cmd.Repair))
def repair(state: GameState, c: cmd.Repair) -> Outcome:
    """Repair your own damaged building, with your worker on its hex [l.242, l.260].

    Red: the building cost less 1; green: less 2; never below 1 resource.
    """
    p = pending_as(state, pd.BuildStep)
    building = next((b for b in buildings_at(state, c.hex, p.seat) if b.kind == c.piece and b.damaged), None)
    if building is None:
        raise RuleViolation(
            f"you have no damaged {c.piece} on {c.hex}",
            "Build a building, l.260",
            "Repair only your own damaged buildings.",
        )
    if not workers_on_land(state, p.seat, c.hex):
        raise RuleViolation(f"you need a worker on {c.hex} to repair", "Build a building, l.260")
    discount = (2 if p.green else 1) + bonus_amount(state, p.seat, "building_discount")
    paid = payment_events(state, p.seat, building_cost(c.piece), discount, c.pay)
    return finish_action(state, paid + [ev.BuildingRepaired(building.id)])


@generator(pd.BuildStep)
def _gen(state: GameState) -> Iterable[cmd.Command]:
    p = pending_as(state, pd.BuildStep)
    board = load_board()
    lay = layout(state)
    hexes = sorted(
        {u.hex for u in state.units.values() if u.owner == p.seat and u.kind == "worker" and u.ferry is None} & lay.land
    )
    player = state.players[p.seat]
    # only pieces the player has left to build: the rule refuses the others anyway
    pieces: list[BuildingKind] = [k for k in HEX_BUILDINGS if player.supply.get(k, 0) > 0]
    pieces += [k for k in ABILITY_BUILDINGS if player.tokens.get(k, 0) > 0 and has_ability(state, p.seat, k)]
    # crossings the rule would refuse are left out: none without a token in the bank, none
    # where a bridge spans the river already or a ferry is docked already
    tokens = not state.config.options.bank_limited or state.bank.get("token", 0) > 0
    bridged = {frozenset((b.a, b.b)) for b in state.bridges.values()}
    docked = {(f.land, f.water) for f in state.ferries.values()}
    for h in hexes:
        for piece in pieces:
            yield cmd.Build(piece, h)
        if not tokens:
            continue
        for n in board.neighbours(h):
            if board.is_river(h, n) and (n in lay.land or n in lay.monuments) and frozenset((h, n)) not in bridged:
                yield cmd.Build("bridge", h, n)
            if n in lay.water and (h, n) not in docked:
                yield cmd.Build("ferry", h, n)
    for b in sorted(state.buildings.values(), key=lambda b: b.id):
        if b.owner == p.seat and b.damaged:
            yield cmd.Repair(b.kind, b.hex)
