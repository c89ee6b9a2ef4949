"""Train a military unit, weapons, and military units on the board (A13).

Line numbers (l.N) are in monuments-rulebook.txt; A-items and B-items are in the rules
review. Map: Greece's monument F19 borders E19, E20, F18 (land) and F20 (sea); E20
also borders the sea hexes E21 and D20.
"""

from __future__ import annotations

from monuments_tui.rules import commands as cmd, decide, events as ev, legal_commands, parse_command, pending as pd
from monuments_tui.rules.actions.movement import move_points
from monuments_tui.rules.power import military_power, unit_power
from monuments_tui.rules.queries import controlled_land, controlled_water, resource_holders
from tests.helpers import EGYPT, GREECE, at, on_board, refusal, run


# -- training (A13 #106-#110) ----------------------------------------------------------------
def test_training_needs_the_allowance():
    """Train works only with the common bonus card that allows military units [Train, l.307-309];
    without it the card has no effect and cannot be played (B59); A13 #106."""
    s = on_board("E19: greece w 1sheep 1food 1metal", allowance=())
    assert "no effect" in refusal(s, "play train")
    s = on_board("E19: greece w 1sheep 1food 1metal", "train", allowance=())
    assert "allows military units" in refusal(s, "train army E19")
    assert "allows military units" in refusal(s, "forge E19")


def test_train_an_army_from_a_worker():
    """A worker goes back to the supply, the army takes its place; it costs 1 sheep 1 food
    [l.311, l.319]; one unit per action [l.309]; A13 #107, #108."""
    s, w = on_board("E19: greece w#u1 1sheep 1food 1wood"), "u1"
    workers = s.players[GREECE].supply["worker"]
    s = run(s, "play train", "train army E19")
    assert w not in s.units and at(s, "E19") == ["army"]
    assert s.players[GREECE].supply["worker"] == workers + 1 and s.players[GREECE].supply["army"] == 2
    assert s.resources["E19"] == {"wood": 1}
    assert s.pending == pd.ChooseAction(EGYPT) and "train" in s.players[GREECE].discard


def test_the_trained_worker_is_recorded():
    """The event names why the worker left: it was trained [l.311]."""
    s, w = on_board("E19: greece w#u1 1sheep 1food", "train"), "u1"
    events = decide(s, parse_command("train army E19"))
    assert ev.UnitRemoved(w, "trained") in events


def test_train_a_navy_on_a_neighbouring_water_hex():
    """A navy goes on a neighbouring water hex, in play and free of other players' pieces;
    it costs 1 metal 1 food [l.311, l.315 (B51)]; A13 #107."""
    s = on_board("E20: greece w 1metal 1food\nE21: egypt navy", "train")
    assert "neighbouring water" in refusal(s, "train navy E20")
    assert "not a water hex next to" in refusal(s, "train navy E20 G19")
    assert "not a water hex next to" in refusal(s, "train navy E20 E19")
    assert "another player" in refusal(s, "train navy E20 E21")
    assert "takes the worker's place" in refusal(s, "train army E20 F20")
    s = run(s, "train navy E20 F20")
    assert at(s, "F20") == ["navy"] and at(s, "E20") == []


def test_air_forces_only_from_layer_3():
    """Air forces cost 1 wood 1 food and need monument layer 3 [Air force, l.323 (B67)]; A13 #109."""
    layer2 = on_board("E19: greece w 1wood 1food", "train", greece="layers 2")
    assert "layer 3" in refusal(layer2, "train air E19")
    s = run(on_board("E19: greece w 1wood 1food", "train", greece="layers 3"), "train air E19")
    assert at(s, "E19") == ["air"] and "E19" not in s.resources


def test_only_units_in_the_supply_can_be_trained():
    """Units come from your supply; set-aside pieces are locked until unlocked (B69) [l.158]."""
    s = on_board("E19: greece w 1sheep 1food", "train", set_aside="town=2 fort=2 factory=1 army=3")
    assert "set aside" in refusal(s, "train army E19")


def test_training_needs_a_worker_on_the_hex_and_the_cost():
    """The unit replaces one of your workers on that hex; the cost is paid from resources your
    workers control [l.311; Production l.229]."""
    s = on_board("E19: greece w 1sheep", "train")
    assert "no worker on E20" in refusal(s, "train army E20")
    assert "short of" in refusal(s, "train army E19")


def test_a_horse_goes_back_when_its_worker_is_trained():
    """A trained worker's horse returns to its owner's tokens (horses ability, B21)."""
    s = on_board("E19: greece wh 1sheep 1food", "train")
    s = run(s, "train army E19")
    assert s.players[GREECE].tokens.get("horses") == 1


# -- weapons (A13 #110-#113) ------------------------------------------------------------------
def test_forge_a_weapon():
    """A weapon costs 1 metal and goes under an unarmed worker, who gets land power 1 and still
    controls resources [Weapons, l.327]; A13 #111."""
    s, w = on_board("E19: greece w#u1 1metal 1wood"), "u1"
    bank = s.bank["weapon"]
    s = run(s, "play train", "forge E19")
    assert s.units[w].weapon and s.bank["weapon"] == bank - 1
    assert s.resources["E19"] == {"wood": 1} and "E19" in resource_holders(s, GREECE)
    assert unit_power(s.units[w], on_land=True) == 1 and unit_power(s.units[w], on_land=False) == 0


def test_one_weapon_per_worker_and_none_for_units():
    """A worker holds at most one weapon; navies, armies and air forces cannot hold one
    [l.327]; A13 #111, #113."""
    s = on_board("E19: greece ws 2metal\nE20: greece army", "train")
    assert "no unarmed worker" in refusal(s, "forge E19")
    assert "no unarmed worker" in refusal(s, "forge E20")


def test_forging_needs_a_weapon_in_the_bank():
    """The 25 weapon tokens are the limit (B50); the `bank_limited` option lifts it."""
    s = on_board("E19: greece w 1metal", "train")
    s.bank["weapon"] = 0  # every weapon out: as text, 25 armed workers on the board
    assert "no weapon token" in refusal(s, "forge E19")
    unlimited = on_board("E19: greece w 1metal", "train", options="options bank_limited=no")
    unlimited.bank["weapon"] = 0
    run(unlimited, "forge E19")


def test_green_train_gives_a_free_weapon():
    """Green Train: a unit and a free weapon, to any unarmed worker of yours [l.307, l.329 (B66)];
    A13 #110."""
    s, other = on_board("E19: greece w 1sheep 1food\nE20: greece w#u2", "train", green=True), "u2"
    bank = s.bank["weapon"]
    s = run(s, "train army E19")
    assert s.pending == pd.ChooseWeaponHolder(GREECE, reason="free")
    assert set(legal_commands(s)) == {cmd.GiveWeapon("E20"), cmd.GiveWeapon(None)}
    done = run(s, "weapon E20")
    assert done.units[other].weapon and done.bank["weapon"] == bank - 1
    assert done.pending == pd.ChooseAction(EGYPT)
    declined = run(s, "weapon none")
    assert not declined.units[other].weapon and declined.bank["weapon"] == bank


def test_the_free_weapon_is_lost_without_an_unarmed_worker():
    """With no unarmed worker the free weapon is lost (B66)."""
    s = on_board("E19: greece w 1sheep 1food\nE20: greece ws", "train", green=True)
    bank = s.bank["weapon"]
    s = run(s, "train army E19")
    assert s.pending == pd.ChooseAction(EGYPT) and s.bank["weapon"] == bank


def test_an_armed_workers_weapon_can_be_reassigned():
    """A worker trained into a unit hands its weapon to another worker, or it goes back to the
    bank [Weapons, l.327 (B66)]; A13 #112."""
    s, other = on_board("E19: greece ws 1sheep 1food\nE20: greece w#u2", "train"), "u2"
    bank = s.bank["weapon"]
    s = run(s, "train army E19")
    assert s.pending == pd.ChooseWeaponHolder(GREECE, reason="reassign")
    given = run(s, "weapon E20")
    assert given.units[other].weapon and given.bank["weapon"] == bank
    dropped = run(s, "weapon none")
    assert not dropped.units[other].weapon and dropped.bank["weapon"] == bank + 1


def test_a_reassigned_weapon_with_nobody_to_hold_it_goes_to_the_bank():
    """No other unarmed worker: the trained worker's weapon goes back to the bank (B66)."""
    s = on_board("E19: greece ws 1sheep 1food", "train")
    bank = s.bank["weapon"]
    s = run(s, "train army E19")
    assert s.bank["weapon"] == bank + 1 and s.pending == pd.ChooseAction(EGYPT)


def test_green_training_of_an_armed_worker_offers_both_weapons():
    """Green Train from an armed worker: first its weapon, then the free one (B66)."""
    s = on_board("E19: greece ws 1sheep 1food\nE20: greece w#u2\nF18: greece w#u3", "train", green=True)
    a, b = "u2", "u3"
    s = run(s, "train army E19")
    assert s.pending == pd.ChooseWeaponHolder(GREECE, reason="reassign", then="free")
    s = run(s, "weapon E20")
    assert s.pending == pd.ChooseWeaponHolder(GREECE, reason="free")
    s = run(s, "weapon F18")
    assert s.units[a].weapon and s.units[b].weapon


def test_a_worker_keeps_its_weapon_when_another_is_trained():
    """An unarmed worker is trained before an armed one on the same hex."""
    s, armed = on_board("E19: greece ws#u1 w 1sheep 1food", "train"), "u1"
    s = run(s, "train army E19")
    assert armed in s.units and s.units[armed].weapon and s.pending == pd.ChooseAction(EGYPT)


# -- military units on the board (A13 #114-#117; A7) ------------------------------------------
def test_unit_movement_points():
    """Armies move 1, navies and air forces 2 [l.315-323]; A7 #52."""
    s = on_board("E19: greece army#u1\nF20: greece navy#u2\nE20: greece air#u3")
    kinds = {"army": "u1", "navy": "u2", "air": "u3"}
    assert {k: move_points(s, s.units[u]) for k, u in kinds.items()} == {"army": 1, "navy": 2, "air": 2}


def test_armies_move_on_land_and_cross_rivers_only_by_bridge():
    """Armies move 1 land hex, across rivers only by a bridge, never onto the sea
    [Movement l.221; Army l.319]; A7 #57."""
    s = on_board("E19: greece army", "movement")
    assert "cannot reach" in refusal(s, "move army E19 D18")
    assert "cannot reach" in refusal(s, "move army E19 E21")
    run(s, "move army E19 E20")
    run(on_board("E19: greece army\nbridge#B99 D18-E19 by greece", "movement"), "move army E19 D18")


def test_navies_move_two_water_hexes():
    """Navies move up to 2 hexes, water only [Navy, l.315]; A7 #52, #57."""
    s = on_board("F20: greece navy", "movement")
    run(s, "move navy F20 G21")
    assert "cannot reach" in refusal(s, "move navy F20 E20")


def test_air_forces_move_two_over_land_and_sea_but_not_through_others():
    """Air forces move 2 over land and water [Air force, l.323]; no piece passes a hex with
    another player's pieces (B46) unless the `air_fly_over` option is on; A7 #55."""
    s = on_board("E19: greece air", "movement")
    run(s, "move air E19 F20")
    run(s, "move air E19 D18")
    s = on_board("E19: greece air\nE20: egypt w", "movement")
    assert "cannot reach" in refusal(s, "move air E19 E21")
    s = on_board("E19: greece air\nE20: egypt w", "movement", options="options air_fly_over=yes")
    run(s, "move air E19 E21")


def test_armies_board_ferries():
    """Armies board ferries like workers and sail with them [Ferry, l.254]; A7 #61."""
    s = on_board("E20: greece army#u1\nferry#ferry9 E21 docked E20 by greece", "movement")
    f, army = "ferry9", "u1"
    s = run(s, "board " + f + " army")
    assert s.units[army].ferry == f and s.units[army].hex == "E21"
    assert unit_power(s.units[army], on_land=True) == 1


def test_military_units_carry_nothing():
    """Navies, armies and air forces never carry resources [l.311]; A13 #114."""
    s = on_board("E19: greece army 1wood", "movement")
    assert "carries nothing" in refusal(s, "move army E19 E20 carry wood")


def test_military_units_control_hexes_but_not_resources():
    """Military units control hexes, navies only water; they never control resources
    [l.272, l.311]; A13 #114."""
    s = on_board("""
        E19: greece army 1wood
        E20: greece air
        E21: greece air
        F20: greece navy
    """)
    assert controlled_land(s, GREECE) == {"E19", "E20"}
    assert controlled_water(s, GREECE) == {"E21", "F20"}
    assert resource_holders(s, GREECE) == []


def test_military_power_at_the_end():
    """Armed workers 1 on land (0 in a ferry), navies 3, armies 3 on land and 1 in a ferry, air
    forces 2, usable towns 1 and forts 2; ferries and factories add nothing [l.401 (B70)]."""
    pieces = """
        E19: greece ws w town fort factory
        E21: greece ws@ferry9 army@ferry9
        ferry#ferry9 E21 by greece
        F20: greece navy
        E20: greece army
        G20: greece air
        F18: greece fort*
    """
    s = on_board(pieces + "D18: greece town#b20", set_aside="town=1 fort=1 factory=1")
    assert military_power(s, GREECE) == 1 + 0 + 0 + 3 + 3 + 1 + 2 + 1 + 2 + 0 + 0 + 1
    s = on_board(pieces + "D18: greece town#b20 egypt w", set_aside="town=1 fort=1 factory=1")
    held = "b20"
    assert military_power(s, GREECE) == 13 and held in s.buildings
