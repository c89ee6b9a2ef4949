"""Every priority and tie-break the solo AI's cards state, each with a test of its own: a
position where the priority decides between two candidates, and the one it must choose.

Line numbers are those of the rulebook text (monuments-rulebook.txt). The table of priority
to test, for every card, is in docs/solo.md ("Tested priorities"). Greece's AI (seat 0) on
Europe faces the player's Egypt, whose only piece at the start is on its monument hex H19:
F18 is 2 hexes from it, E18/E19/E20 3, D17/D18/D19 4, C18/C19 5. The free island hexes
nearest Europe are the UK's (B15, C15).
"""

from __future__ import annotations

from monuments_tui.rules import events as ev, pending as pd
from monuments_tui.rules.commands import Move
from monuments_tui.rules.queries import layout
from monuments_tui.rules.solo.context import AiContext
from monuments_tui.rules.solo.measures import empty_player_land, island_targets, nearest
from monuments_tui.rules.solo.monument import sacrifice_order
from monuments_tui.rules.state import Building, Ferry, copy_state
from tests.helpers import put_resources as resources, put_units as place
from tests.solo_helpers import (
    AI,
    ai_turn,
    built_bridges_and_ferries,
    clear_ai,
    narration,
    of_type,
    solo,
    with_deck,
)


def blank():
    return clear_ai(solo())


def build(s, kind: str, hex_id: str, seat: int = AI):
    s = copy_state(s)
    bid = f"b{len(s.buildings) + 90}"
    s.buildings[bid] = Building(bid, seat, kind, hex_id)
    s.players[seat].supply[kind] -= 1
    return s


def ferrying(s):
    """An AI worker aboard one of its ferries: navies and air forces now head for the
    player's continent rather than the islands [l.474, l.490]."""
    s = copy_state(s)
    if "F80" not in s.ferries:
        s.ferries["F80"] = Ferry("F80", "D20", "E20", AI)
    return place(s, AI, "D20", ferry="F80")


def moved_to(events, unit_id: str) -> str:
    [hex_id] = [e.hex for e in events if isinstance(e, ev.UnitMoved) and e.unit == unit_id]
    return hex_id


def destinations(s, unit_id: str) -> set[str]:
    """Every hex the unit may move to with the Movement card."""
    t = AiContext(s, AI)
    step = pd.MovementStep(AI, slots=2)
    return {
        c.dst
        for c in t.candidates(step)
        if isinstance(c, Move)
        and t.try_rule(step, c) is not None
        and any(isinstance(e, ev.UnitMoved) and e.unit == unit_id for e in t.try_rule(step, c))
    }


# -- Movement [l.469-474] -------------------------------------------------------------------------
def test_movement_moves_closest_to_the_player():
    """l.473: of two free hexes, the worker moves to the one closer to the player (F18, not E20)."""
    s = place(blank(), AI, "E19")
    [w] = [u.id for u in s.units.values() if u.owner == AI]
    assert {"E20", "F18"} <= destinations(s, w)
    s, events = ai_turn(with_deck(s, ["movement"]))
    assert moved_to(events, w) == "F18"


def sea_unit(kind: str):
    s = place(blank(), AI, "E21" if kind == "navy" else "E20", kind=kind)
    [u] = [u.id for u in s.units.values() if u.owner == AI]
    return s, u


def test_movement_sends_navies_and_air_forces_to_islands():
    """l.474: a navy or an air force moves to the hex nearest the free island hexes."""
    for kind in ("navy", "air"):
        s, u = sea_unit(kind)
        targets = island_targets(s, AI)
        where = destinations(s, u)
        assert len({nearest(h, targets) for h in where}) > 1, kind
        _, events = ai_turn(with_deck(s, ["movement"]))
        assert nearest(moved_to(events, u), targets) == min(nearest(h, targets) for h in where), kind


def test_movement_sends_them_to_the_players_continent_once_ferries_carry_workers():
    """l.474: with a worker aboard an AI ferry, navies and air forces head for empty hexes of the
    player's continent instead (the ferry stays put: its move would not help)."""
    for kind in ("navy", "air"):
        s, u = sea_unit(kind)
        s = ferrying(s)
        targets = empty_player_land(s, AI)
        _, events = ai_turn(with_deck(s, ["movement"]))
        to = moved_to(events, u)
        # Among the hexes of the same kind (holding a land hex comes first, l.472), the nearest.
        land = layout(s).land
        where = {h for h in destinations(s, u) if (h in land) == (to in land)}
        assert nearest(to, targets) == min(nearest(h, targets) for h in where), kind
        assert nearest(to, targets) < nearest(s.units[u].hex, targets), kind


# -- Special [l.482-492] --------------------------------------------------------------------------
def test_bridge_goes_where_it_opens_most_of_the_continent():
    """l.482: the bridge goes where it makes it easiest to reach the rest of the continent. Inca's
    workers on J11 and K11 already reach J10, K10-K12 and L10: a bridge from J11 to I12 or J12
    opens land beyond, one to J10 or K11 or from K11 to K12 opens nothing."""
    s = clear_ai(solo(civs=("inca", "maya")), start=("J10", "K11", "L10"))
    s = resources(place(place(s, AI, "J11"), AI, "K11"), "K11", wood=1)
    s, events = ai_turn(with_deck(s, ["special"]))
    [bridge] = [e.bridge for e in events if isinstance(e, ev.BridgeBuilt)]
    assert {bridge.a, bridge.b} in ({"J11", "I12"}, {"J11", "J12"})


def test_ferry_is_built_nearest_an_island():
    """l.486: of the shore edges next to AI workers, the ferry docks on the water nearest the
    islands: by C18 (B17 or C17, 2 from the UK), not by F18."""
    s = place(place(blank(), AI, "C18"), AI, "F18")
    s = resources(s, "F18", sheep=1)
    s = copy_state(s)
    built_bridges_and_ferries(s)
    s.ferries.clear()
    s, events = ai_turn(with_deck(s, ["special"]))
    [ferry] = [e.ferry for e in events if isinstance(e, ev.FerryBuilt)]
    assert ferry.land == "C18" and nearest(ferry.water, island_targets(s, AI)) == 2


def ready_to_train(s, only: str):
    """2 AI workers on C18 (3 from an island, 5 from the player) and on F18 (5 and 2);
    bridges and ferries built; `only` the one military type left to roll."""
    s = place(place(s, AI, "C18", 2), AI, "F18", 2)
    s = copy_state(s)
    built_bridges_and_ferries(s)
    s.players[AI].layers = 3  # air forces may be trained
    s.players[AI].supply.update({k: 1 if k == only else 0 for k in ("navy", "army", "air")})
    return s


def trained(s):
    _, events = ai_turn(with_deck(s, ["special"]))
    [unit] = [e.unit for e in events if isinstance(e, ev.UnitPlaced)]
    return unit, events


def test_trained_army_goes_closest_to_the_player():
    """l.490: armies are trained close to the player: on F18, not C18."""
    unit, _ = trained(ready_to_train(blank(), "army"))
    assert (unit.kind, unit.hex) == ("army", "F18")


def test_trained_air_force_and_navy_go_close_to_islands():
    """l.490: navies and air forces are trained close to islands: from the workers on C18."""
    unit, _ = trained(ready_to_train(blank(), "air"))
    assert (unit.kind, unit.hex) == ("air", "C18")
    unit, _ = trained(ready_to_train(blank(), "navy"))
    assert unit.kind == "navy" and unit.hex in ("B17", "C17")  # the water by C18 nearest the UK


def test_trained_air_force_and_navy_go_toward_the_player_once_ferries_carry_workers():
    """l.490: with AI ferries carrying workers, navies and air forces are trained close to empty
    hexes of the player's continent: from the workers on F18."""
    unit, _ = trained(ferrying(ready_to_train(blank(), "air")))
    assert (unit.kind, unit.hex) == ("air", "F18")
    unit, _ = trained(ferrying(ready_to_train(blank(), "navy")))
    assert unit.kind == "navy" and unit.hex in ("G18", "G19")  # 1 from Africa


def test_green_special_arms_the_worker_closest_to_the_player():
    """l.492: the weapon goes to the unarmed worker closest to the player: on F18, not C18."""
    s = ready_to_train(blank(), "army")
    s = place(s, AI, "F18", weapon=True)
    s.players[AI].green = ["special"]
    s = place(s, AI, "C18")
    s = copy_state(s)
    _, events = ai_turn(with_deck(s, ["special"]))
    [armed] = [e.unit for e in events if isinstance(e, ev.UnitEquipped) and e.item == "weapon"]
    assert s.units[armed].hex == "F18" and not s.units[armed].weapon


# -- Build a building [l.508] -------------------------------------------------------------------------
def only_left(s, kind: str, pay_from: str = "E20"):
    """An AI town already on C19 (so the D6 is rolled), `kind` the one building type left, and
    the 2 resources to pay on `pay_from`."""
    s = build(s, "town", "C19")
    s = copy_state(s)
    s.players[AI].supply.update({k: 1 if k == kind else 0 for k in ("town", "fort", "factory")})
    return resources(s, pay_from, metal=2)


def built(s):
    _, events = ai_turn(with_deck(s, ["build"]))
    [b] = [e.building for e in events if isinstance(e, ev.BuildingPlaced)]
    return b


def test_town_goes_by_two_workers_then_by_the_most_free_hexes_around():
    """l.508: a town goes on a hex with 2 workers first (C18, in a corner), else on a hex with 1
    worker closest to the most unoccupied hexes (D18, in the middle of Europe, not C18)."""
    s = place(place(blank(), AI, "C18", 2), AI, "D18")
    assert built(only_left(s, "town", "D18")).hex == "C18"
    s = place(place(blank(), AI, "C18"), AI, "D18")
    assert built(only_left(s, "town", "D18")).hex == "D18"


def test_fort_goes_closest_to_the_player():
    """l.508: a fort goes on the hex closest to the player: F18, not C18."""
    s = place(place(blank(), AI, "C18"), AI, "F18")
    s = only_left(place(s, AI, "E20"), "fort")
    assert (built(s).kind, built(s).hex) == ("fort", "F18")


def test_factory_goes_on_a_one_worker_hex_of_metal_or_wood():
    """l.508: a factory goes on a hex with 1 worker, then on metal or wood: E20 (metal, 1 worker),
    not E19 (wood, 2 workers) nor F18 (sheep, 1 worker, closer to the player)."""
    s = place(place(place(blank(), AI, "E20"), AI, "E19", 2), AI, "F18")
    s = only_left(s, "factory")
    assert (built(s).kind, built(s).hex) == ("factory", "E20")


def test_second_factory_takes_the_other_type():
    """l.508: with a factory on metal already, the next goes on wood: E18, not E20."""
    s = place(place(blank(), AI, "E20"), AI, "E18")
    s = only_left(build(s, "factory", "C18"), "factory")
    s.players[AI].supply["factory"] = 1
    assert (built(s).kind, built(s).hex) == ("factory", "E18")


# -- Paying and sacrificing [l.484, l.510, l.545] ----------------------------------------------------
def spent_from(s, n: int) -> list[str]:
    return [e.hex for e in AiContext(s, AI).pay_any(n)]


def test_payment_takes_from_one_worker_hexes_first():
    """l.484, l.510, l.545: spend resources from hexes with 1 worker first: E19, though F18 (2
    workers) is closer to the player."""
    s = place(place(blank(), AI, "F18", 2), AI, "E19")
    s = resources(resources(s, "F18", sheep=1), "E19", wood=1)
    assert spent_from(s, 1) == ["E19"]


def test_payment_then_takes_from_hexes_closest_to_the_player():
    """l.484, l.510, l.545: then from the hexes closest to the player: F18 before C18."""
    s = place(place(blank(), AI, "F18"), AI, "C18")
    s = resources(resources(s, "F18", sheep=1), "C18", metal=1)
    assert spent_from(s, 1) == ["F18"]
    assert spent_from(s, 2) == ["F18", "C18"]


def sacrificed(s, n: int = 1) -> list[str]:
    return [u.hex for u in sacrifice_order(AiContext(s, AI), n)]


def test_sacrifice_first_from_towns_with_more_than_two_workers():
    """l.545: workers are sacrificed from a town hex with more than 2 workers first (E19),
    before a hex without a town with 2 (F18)."""
    s = build(place(place(blank(), AI, "E19", 3), AI, "F18", 2), "town", "E19")
    assert sacrificed(s) == ["E19"]


def test_sacrifice_then_from_hexes_without_a_town_with_more_than_one_worker():
    """l.545: with no town holding more than 2, from a hex without a town with more than 1 (C18),
    not from a town hex with 2 (E19) nor a lone worker (F18)."""
    s = build(place(place(place(blank(), AI, "E19", 2), AI, "C18", 2), AI, "F18"), "town", "E19")
    assert sacrificed(s) == ["C18"]


def test_sacrifice_otherwise_from_hexes_closest_to_the_towns():
    """l.545: otherwise from the hexes closest to the AI's towns: D18 (next to the town on C19), not F18."""
    s = build(place(place(blank(), AI, "D18"), AI, "F18"), "town", "C19")
    assert sacrificed(s) == ["D18"]


# -- Build your Monument, the third command [l.549] ---------------------------------------------------
def test_monument_third_command_moves_one_unit_and_reshuffles_everything():
    """l.549: no layer and no attack: move one unit, then shuffle the discard pile, the draw pile
    and this card into a new draw pile, with no reshuffle card on top."""
    s = place(place(blank(), AI, "E19"), AI, "E20")
    s = with_deck(s, ["monument", "production", "quest"], discard=["special", "build"])
    s, events = ai_turn(s)
    assert "third command" in narration(events) and len(of_type(events, ev.UnitMoved)) == 1
    assert sorted(s.ai.draw) == ["build", "monument", "production", "quest", "special"]
    assert s.ai.discard == [] and s.ai.draw[0] != "monument"
