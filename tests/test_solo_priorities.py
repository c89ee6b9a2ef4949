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
from tests.solo_helpers import AI, BRIDGES_AND_FERRIES, ai_position, ai_turn, blank, narration, of_type

FERRYING = "D20: greece w@ferry80"
"""An AI worker aboard one of its ferries (BRIDGES_AND_FERRIES): navies and air forces now
head for the player's continent rather than the islands [l.474, l.490]."""


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
    s = blank("E19: greece w")
    [w] = [u.id for u in s.units.values() if u.owner == AI]
    assert {"E20", "F18"} <= destinations(s, w)
    s, events = ai_turn(s)
    assert moved_to(events, w) == "F18"


def sea_unit(kind: str, board: str = ""):
    s = blank(f"{'E21' if kind == 'navy' else 'E20'}: greece {kind}\n{board}")
    [u] = [u.id for u in s.units.values() if u.owner == AI and u.kind == kind]
    return s, u


def test_movement_sends_navies_and_air_forces_to_islands():
    """l.474: a navy or an air force moves to the hex nearest the free island hexes."""
    for kind in ("navy", "air"):
        s, u = sea_unit(kind)
        targets = island_targets(s, AI)
        where = destinations(s, u)
        assert len({nearest(h, targets) for h in where}) > 1, kind
        _, events = ai_turn(s)
        assert nearest(moved_to(events, u), targets) == min(nearest(h, targets) for h in where), kind


def test_movement_sends_them_to_the_players_continent_once_ferries_carry_workers():
    """l.474: with a worker aboard an AI ferry, navies and air forces head for empty hexes of the
    player's continent instead (the ferry stays put: its move would not help)."""
    for kind in ("navy", "air"):
        s, u = sea_unit(kind, "ferry#ferry80 D20 docked E20 by greece\n" + FERRYING)
        targets = empty_player_land(s, AI)
        _, events = ai_turn(s)
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
    s = ai_position("special", "J11: inca w\nK11: inca w 1wood", civs=("inca", "maya"))
    s, events = ai_turn(s)
    [bridge] = [e.bridge for e in events if isinstance(e, ev.BridgeBuilt)]
    assert {bridge.a, bridge.b} in ({"J11", "I12"}, {"J11", "J12"})


def test_ferry_is_built_nearest_an_island():
    """l.486: of the shore edges next to AI workers, the ferry docks on the water nearest the
    islands: by C18 (B17 or C17, 2 from the UK), not by F18."""
    bridges = BRIDGES_AND_FERRIES.split("ferry#")[0]
    s = blank(f"C18: greece w\nF18: greece w 1sheep\n{bridges}", "special")
    s, events = ai_turn(s)
    [ferry] = [e.ferry for e in events if isinstance(e, ev.FerryBuilt)]
    assert ferry.land == "C18" and nearest(ferry.water, island_targets(s, AI)) == 2


def ready_to_train(only: str, board: str = "C18: greece w w\nF18: greece w w"):
    """2 AI workers on C18 (3 from an island, 5 from the player) and on F18 (5 and 2);
    bridges and ferries built; `only` the one military type left to roll."""
    s = blank(board + BRIDGES_AND_FERRIES, "special", greece="layers 3")  # air forces may be trained
    s.players[AI].supply.update({k: 1 if k == only else 0 for k in ("navy", "army", "air")})  # no text for fewer pieces
    return s


def trained(s):
    _, events = ai_turn(s)
    [unit] = [e.unit for e in events if isinstance(e, ev.UnitPlaced)]
    return unit, events


def test_trained_army_goes_closest_to_the_player():
    """l.490: armies are trained close to the player: on F18, not C18."""
    unit, _ = trained(ready_to_train("army"))
    assert (unit.kind, unit.hex) == ("army", "F18")


def test_trained_air_force_and_navy_go_close_to_islands():
    """l.490: navies and air forces are trained close to islands: from the workers on C18."""
    unit, _ = trained(ready_to_train("air"))
    assert (unit.kind, unit.hex) == ("air", "C18")
    unit, _ = trained(ready_to_train("navy"))
    assert unit.kind == "navy" and unit.hex in ("B17", "C17")  # the water by C18 nearest the UK


def test_trained_air_force_and_navy_go_toward_the_player_once_ferries_carry_workers():
    """l.490: with AI ferries carrying workers, navies and air forces are trained close to empty
    hexes of the player's continent: from the workers on F18."""
    ferrying = f"C18: greece w w\nF18: greece w w\n{FERRYING}"
    unit, _ = trained(ready_to_train("air", ferrying))
    assert (unit.kind, unit.hex) == ("air", "F18")
    unit, _ = trained(ready_to_train("navy", ferrying))
    assert unit.kind == "navy" and unit.hex in ("G18", "G19")  # 1 from Africa


def test_green_special_arms_the_worker_closest_to_the_player():
    """l.492: the weapon goes to the unarmed worker closest to the player: on F18, not C18."""
    s = ready_to_train("army", "C18: greece w w w\nF18: greece w w ws")
    s.players[AI].green = ["special"]
    _, events = ai_turn(s)
    [armed] = [e.unit for e in events if isinstance(e, ev.UnitEquipped) and e.item == "weapon"]
    assert s.units[armed].hex == "F18" and not s.units[armed].weapon


# -- Build a building [l.508] -------------------------------------------------------------------------
def only_left(board: str, kind: str, pay_from: str = "E20"):
    """An AI town already on C19 (so the D6 is rolled), `kind` the one building type left, and
    the 2 resources to pay on `pay_from`."""
    lines = [line.strip() for line in board.strip().splitlines()]
    pay = [line for line in lines if line.startswith(pay_from)]
    lines = [line for line in lines if line not in pay] + [f"{pay[0] if pay else pay_from + ':'} 2metal"]
    s = blank("\n".join([*lines, "C19: greece town"]), "build")
    s.players[AI].supply.update(
        {k: 1 if k == kind else 0 for k in ("town", "fort", "factory")}
    )  # no text for fewer pieces
    return s


def built(s):
    _, events = ai_turn(s)
    [b] = [e.building for e in events if isinstance(e, ev.BuildingPlaced)]
    return b


def test_town_goes_by_two_workers_then_by_the_most_free_hexes_around():
    """l.508: a town goes on a hex with 2 workers first (C18, in a corner), else on a hex with 1
    worker closest to the most unoccupied hexes (D18, in the middle of Europe, not C18)."""
    assert built(only_left("C18: greece w w\nD18: greece w", "town", "D18")).hex == "C18"
    assert built(only_left("C18: greece w\nD18: greece w", "town", "D18")).hex == "D18"


def test_fort_goes_closest_to_the_player():
    """l.508: a fort goes on the hex closest to the player: F18, not C18."""
    s = only_left("C18: greece w\nF18: greece w\nE20: greece w", "fort")
    assert (built(s).kind, built(s).hex) == ("fort", "F18")


def test_factory_goes_on_a_one_worker_hex_of_metal_or_wood():
    """l.508: a factory goes on a hex with 1 worker, then on metal or wood: E20 (metal, 1 worker),
    not E19 (wood, 2 workers) nor F18 (sheep, 1 worker, closer to the player)."""
    s = only_left("E20: greece w\nE19: greece w w\nF18: greece w", "factory")
    assert (built(s).kind, built(s).hex) == ("factory", "E20")


def test_second_factory_takes_the_other_type():
    """l.508: with a factory on metal already, the next goes on wood: E18, not E20."""
    s = only_left("E20: greece w\nE18: greece w\nC18: greece factory", "factory")
    s.players[AI].supply["factory"] = 1
    assert (built(s).kind, built(s).hex) == ("factory", "E18")


# -- Paying and sacrificing [l.484, l.510, l.545] ----------------------------------------------------
def spent_from(s, n: int) -> list[str]:
    return [e.hex for e in AiContext(s, AI).pay_any(n)]


def test_payment_takes_from_one_worker_hexes_first():
    """l.484, l.510, l.545: spend resources from hexes with 1 worker first: E19, though F18 (2
    workers) is closer to the player."""
    s = blank("F18: greece w w 1sheep\nE19: greece w 1wood")
    assert spent_from(s, 1) == ["E19"]


def test_payment_then_takes_from_hexes_closest_to_the_player():
    """l.484, l.510, l.545: then from the hexes closest to the player: F18 before C18."""
    s = blank("F18: greece w 1sheep\nC18: greece w 1metal")
    assert spent_from(s, 1) == ["F18"]
    assert spent_from(s, 2) == ["F18", "C18"]


def sacrificed(s, n: int = 1) -> list[str]:
    return [u.hex for u in sacrifice_order(AiContext(s, AI), n)]


def test_sacrifice_first_from_towns_with_more_than_two_workers():
    """l.545: workers are sacrificed from a town hex with more than 2 workers first (E19),
    before a hex without a town with 2 (F18)."""
    s = blank("E19: greece w w w town\nF18: greece w w")
    assert sacrificed(s) == ["E19"]


def test_sacrifice_then_from_hexes_without_a_town_with_more_than_one_worker():
    """l.545: with no town holding more than 2, from a hex without a town with more than 1 (C18),
    not from a town hex with 2 (E19) nor a lone worker (F18)."""
    s = blank("E19: greece w w town\nC18: greece w w\nF18: greece w")
    assert sacrificed(s) == ["C18"]


def test_sacrifice_otherwise_from_hexes_closest_to_the_towns():
    """l.545: otherwise from the hexes closest to the AI's towns: D18 (next to the town on C19), not F18."""
    s = blank("D18: greece w\nF18: greece w\nC19: greece town")
    assert sacrificed(s) == ["D18"]


# -- Build your Monument, the third command [l.549] ---------------------------------------------------
def test_monument_third_command_moves_one_unit_and_reshuffles_everything():
    """l.549: no layer and no attack: move one unit, then shuffle the discard pile, the draw pile
    and this card into a new draw pile, with no reshuffle card on top."""
    s = blank("E19: greece w\nE20: greece w", "monument,production,quest discard=special,build")
    s, events = ai_turn(s)
    assert "third command" in narration(events) and len(of_type(events, ev.UnitMoved)) == 1
    # the whole deck: the cards the position leaves out are in the discard pile (a deck is always whole)
    assert sorted(s.ai.draw) == [
        "build",
        "monument",
        "movement",
        "population",
        "production",
        "quest",
        "special",
        "upgrade",
    ]
    assert s.ai.discard == [] and s.ai.draw[0] != "monument"
