"""The heuristic bot's plans: where its spare workers can walk, how it rates a ferry trip or an
attack, and that a step toward free land always rates as progress (so the bot takes it)."""

from __future__ import annotations

from monuments_tui.ai.board_terms import attack_potential
from monuments_tui.ai.evaluate import resource_counts, turns_to_layer
from monuments_tui.ai.geography import ferry_trips, spare_reach, walk_steps
from monuments_tui.rules.queries import controlled_land
from monuments_tui.rules.state import Bridge, Ferry, copy_state
from tests.helpers import HOME, add_unit, bare, clear_units, workers_on


def europe(mode: str = "abundance"):
    """Greece (seat 0) with no pieces on the board; Egypt's as set up."""
    s = copy_state(bare(mode=mode))
    clear_units(s, 0)
    return s


def ttl(s, seat: int = 0) -> float:
    return turns_to_layer(s, seat, controlled_land(s, seat), resource_counts(s, seat))


def test_each_spare_worker_fills_one_free_hex():
    """A hex keeps one worker; the others are spare, and each spare worker is sent to one free
    hex of its own, nearest first. E19's free neighbours are E20 and F18 (no river)."""
    s = europe()
    workers_on(s, 0, ["E19"], per_hex=2)
    reach, free = spare_reach(s, 0)
    assert reach["E19"] == 0 and len(free) == 1 and set(free) <= {"E20", "F18"}
    add_unit(s, 0, "worker", "E19")
    _, free = spare_reach(s, 0)
    assert set(free) == {"E20", "F18"} and set(free.values()) == {1}


def test_every_worker_on_the_monument_hex_is_spare():
    """The monument hex is not land (l.276), so nothing needs to stay there."""
    s = europe()
    workers_on(s, 0, ["F19"], per_hex=3)
    _, free = spare_reach(s, 0)
    assert set(free) == {"E19", "E20", "F18"}


def test_rivers_and_rivals_block_the_walk():
    """Workers cross a river only by a bridge [Movement, l.221], and never enter a rival's hex."""
    s = europe()
    workers_on(s, 0, ["E19"], per_hex=2)
    reach, _ = spare_reach(s, 0)
    assert "D19" not in reach  # D19-E19 is a river
    s.bridges["B1"] = Bridge("B1", "D19", "E19", 0)
    reach, _ = spare_reach(s, 0)
    assert reach["D19"] == 1
    add_unit(s, 1, "worker", "D19")
    reach, _ = spare_reach(s, 0)
    assert "D19" not in reach


def test_a_step_toward_free_land_is_progress():
    """Free land two steps away: moving the spare worker one step closer lowers the estimated
    turns to the next layer, so the bot's one-step look-ahead takes that step."""
    s = europe()
    s.players[0].layers = 1  # layer 2 wants 5 land hexes
    s.bridges["B1"] = Bridge("B1", "D19", "E19", 0)
    workers_on(s, 0, ["E20", "F18", "D19"])
    workers_on(s, 0, ["E19"], per_hex=2)
    _, free = spare_reach(s, 0)
    [(target, steps)] = free.items()
    assert target in {"C19", "D18"} and steps == 2  # by the bridge to D19, then on
    before = ttl(s)
    mover = next(u for u in s.units.values() if u.owner == 0 and u.hex == "E19")
    mover.hex = "D19"
    _, free = spare_reach(s, 0)
    assert list(free.values()) == [1]
    assert ttl(s) < before


def test_a_ferry_on_the_coast_shortens_the_trip_overseas():
    """All of Europe is held and layer 5 wants 12 hexes: the rest lies overseas. A ferry docked
    where a spare worker stands saves the turn of building one [Ferry, l.254]."""
    s = europe()
    s.players[0].layers = 4
    workers_on(s, 0, HOME["greece"])
    add_unit(s, 0, "worker", "F18")
    reach, free = spare_reach(s, 0)
    assert not free
    afloat, by_building = ferry_trips(s, 0, reach, set())
    assert afloat == []
    s.ferries["ferry90"] = Ferry("ferry90", "F17", "F18", 0)
    _, docked = ferry_trips(s, 0, reach, set())
    assert docked < by_building
    spare = next(u for u in s.units.values() if u.owner == 0 and u.hex == "F18")
    spare.hex, spare.ferry = "F17", "ferry90"  # it boards
    s = copy_state(s)  # changed by hand: a copy keeps none of the facts worked out before
    afloat, _ = ferry_trips(s, 0, spare_reach(s, 0)[0], set())
    assert len(afloat) == 1 and afloat[0] < docked


def test_a_ferry_lands_only_on_the_coast():
    """A ferry's passengers get off onto a land hex the ferry borders [Ferry, l.254], so land
    away from the sea is no ferry's target, and the way to a target is over the sea. A
    Greek worker afloat on F17 with every coast hex within 3 of it held by Egypt: D18 and
    E19, 2 hexes off but inland, are not a landing in a turn's half; the trip sails on to
    free coast farther off (C15, B15), and sailing toward it brings the landing nearer."""
    s = europe()
    clear_units(s, 1)
    workers_on(s, 1, ["E18", "F18", "D17", "H18", "C18", "C19", "D19", "E20", "I17", "I18"])
    s.ferries["ferry90"] = Ferry("ferry90", "F17", None, 0)
    add_unit(s, 0, "worker", "F17", ferry="ferry90")
    afloat, _ = ferry_trips(s, 0, {}, set())
    assert len(afloat) == 1 and afloat[0] > 0.5
    s.ferries["ferry90"] = Ferry("ferry90", "E16", None, 0)  # 2 hexes sailed
    next(u for u in s.units.values() if u.owner == 0).hex = "E16"
    s = copy_state(s)
    closer, _ = ferry_trips(s, 0, {}, set())
    assert closer[0] < afloat[0]


def test_a_fighter_that_alone_holds_its_hex_threatens_no_land():
    """Moving in after a won attack empties the hex the attacker came from (B29), so an army
    alone on its hex gains no land by attacking; with a worker beside it, it does."""
    s = europe()
    clear_units(s, 1)
    add_unit(s, 1, "worker", "I20")
    add_unit(s, 0, "army", "I19")
    assert attack_potential(s, 0) == 0.0
    add_unit(s, 0, "worker", "I19")
    assert attack_potential(s, 0) > 0.0


def test_nearest_target_is_the_hex_distance_to_the_closest_target():
    # The search spreads over the whole grid, so it must agree with the grid distance.
    import random

    from monuments_tui.ai.geography import nearest_target
    from monuments_tui.rules.board import load_board

    board = load_board()
    hexes = sorted(board.hexes)
    rnd = random.Random(7)
    for _ in range(40):
        targets = frozenset(rnd.sample(hexes, rnd.randint(1, 12)))
        expected = {h: min(board.distance(h, t) for t in targets) for h in hexes}
        assert nearest_target(targets) == expected


def test_a_walk_crosses_a_river_only_by_a_bridge():
    """[Movement, l.221] D19-E19 is a river: the walk goes around it, or over a bridge in one step."""
    s = europe()
    around = walk_steps(s, "E19", "D19")
    assert around > 1 and walk_steps(s, "E19", "E19") == 0
    s.bridges["B1"] = Bridge("B1", "D19", "E19", 0)
    assert walk_steps(s, "E19", "D19") == 1
    assert walk_steps(s, "E19", "E19", limit=0) == 0 and walk_steps(s, "E19", "D18", limit=0) == 1
