"""Production, upgrades, buildings, populate and trade [l.213-266, l.383-387; rules review A6, A8-A10, A16]."""

from __future__ import annotations

from monuments_tui.rules import format_command, legal_commands
from monuments_tui.rules.config import OPTIONS_0_3_0
from monuments_tui.rules.pending import ProductionStep

from .helpers import START_BOARD, position, rejected, run

SET_UP = START_BOARD
"""The board as the set-up leaves it: starting workers on the monument hexes, starting resources beside them."""


def ready(board: str = SET_UP, *more: str, greece: str = "", options: str = ""):
    """Greece v Egypt in round 3 (every player past their first turn), Greece to play, every
    piece unlocked (nothing set aside); `board` and `more` list the board, `greece` more of Greece's lines."""
    return position(
        "game greece,egypt scarcity seed=1",
        options,
        "round 3",
        "[board]",
        board,
        *more,
        "[greece]",
        "set-aside -",
        greece,
        "[egypt]",
        "set-aside -",
    )


def total(s, hex_id):
    return sum(s.resources.get(hex_id, {}).values())


# -- Upgrade -------------------------------------------------------------------------------
def test_rulebook_example_upgrade_production_for_two_sheep_then_three_hexes():
    """Rulebook example [Upgrade an action, l.217]: pay 2 sheep, flip Production; it then produces on 3 tiles."""
    s = ready("""
        E19: 1wood
        F18: greece w 2sheep  # with the starting sheep: 2 sheep under a Greek worker
        F19: greece w w w
        H18: 1sheep
        H19: egypt wh wh w
        I20: 1wood
    """)
    s = run(s, "play upgrade", "upgrade production")
    assert "production" in s.players[0].green and "F18" not in s.resources
    assert s.bank["sheep"] == 24  # only Egypt's starting sheep is still out
    s = ready(
        """
        E19: greece w 1wood
        E20: greece w
        F18: greece w
        F19: greece w w w
        H18: 1sheep
        H19: egypt wh wh w
        I20: 1wood
    """,
        greece="green production",
    )
    s = run(s, "play production")
    assert isinstance(s.pending, ProductionStep) and s.pending.left == 3 and s.pending.green
    s = run(s, "produce F18", "produce E19", "produce E20")
    assert s.resources["F18"] == {"sheep": 1} and s.resources["E20"] == {"metal": 1}
    assert s.current == 1


def test_upgrade_from_discard_and_the_upgrade_card_itself():
    """A6 #45: the target may be in hand or discard, or the Upgrade card itself [l.215]."""
    s = ready("""
        E19: 1wood
        F18: greece w 1sheep 2food  # Movement's upgrade cost
        F19: greece w w w
        H18: 1sheep
        H19: egypt wh wh w
        I20: 1wood
    """)
    s = run(s, "play movement", "move w F19 E19", "done", "play movement", "move w H19 H18", "done")
    assert "movement" in s.players[0].discard
    s = run(s, "play upgrade", "upgrade movement")
    assert "movement" in s.players[0].green


def test_upgrade_discount_is_cumulative_with_a_minimum_of_one():
    """A6 #48, B56: one resource off per card already upgraded; never below 1 resource."""
    from monuments_tui.rules.actions.upgrade import upgrade_discount

    s = ready(
        """
        E19: 1wood
        F18: greece w 1sheep
        F19: greece w w w
        H18: 1sheep
        H19: egypt wh wh w
        I20: 1wood
    """,
        greece="green movement trade",
    )  # 1 sheep under the worker on F18
    assert upgrade_discount(s, 0, False) == 2
    flat = ready(greece="green movement trade", options="options upgrade_discount=flat")
    assert upgrade_discount(flat, 0, False) == 1
    assert upgrade_discount(s, 0, True) == 3  # green Upgrade: 1 more (B12, B57)
    s = run(s, "play upgrade", "upgrade production")  # 2 sheep - 2 discount -> minimum 1 sheep
    assert "F18" not in s.resources


def test_already_green_card_cannot_be_upgraded_again():
    s = ready(SET_UP.replace("F18: 1sheep", "F18: greece w 4sheep"), greece="green production")
    s = run(s, "play upgrade")
    assert "already upgraded" in str(rejected(s, "upgrade production"))


# -- Production ----------------------------------------------------------------------------
def test_each_worker_produces_one_at_most_three_per_hex():
    """A8 #69, #71: one resource per worker; at most 3 per hex per action [l.229, l.231]."""
    s = ready(SET_UP, "E20: greece w w w w")
    s = run(s, "play production", "produce E20", "done")
    assert s.resources["E20"] == {"metal": 3}


def test_never_more_than_five_on_a_hex():
    """A8 #72: a hex never holds more than 5 resources [l.232]."""
    s = ready(SET_UP, "E20: greece w w w 4metal")
    s = run(s, "play production", "produce E20", "done")
    assert total(s, "E20") == 5
    s2 = ready(SET_UP.replace("E19: 1wood", "E19: greece w 1wood"), "E20: greece w 5metal")
    s2 = run(s2, "play production")
    assert "limit: 5 resources" in str(rejected(s2, "produce E20"))


def test_same_hex_not_twice():
    """A8 #68 [l.234]."""
    s = ready(SET_UP, "E20: greece w")
    s = run(s, "play production", "produce E20")
    assert "already chosen" in str(rejected(s, "produce E20"))


def test_factory_one_alone_two_with_a_worker():
    """A8 #70: a factory produces 1, or 2 with a worker there [l.229, l.250]."""
    s = ready(SET_UP.replace("E19: 1wood", "E19: greece w 1wood"), "E20: greece factory")
    s = run(s, "play production", "produce E20")
    assert s.resources["E20"] == {"metal": 1}
    s2 = ready(SET_UP, "E20: greece w factory")
    s2 = run(s2, "play production", "produce E20", "done")
    assert s2.resources["E20"] == {"metal": 3}


def test_monument_and_sea_produce_nothing():
    """A8 #77 [Story, l.116]."""
    s = ready()
    assert "no effect" in str(rejected(s, "play production"))  # workers only on the monument hex
    s = ready(SET_UP, "F20: greece navy")
    assert "no effect" in str(rejected(s, "play production"))


def test_production_bonus_adds_a_hex():
    s = ready(SET_UP, "E20: greece w", greece="bonuses cb3-production")
    s = run(s, "play production")
    assert s.pending.left == 3


# -- Build a building ----------------------------------------------------------------------
def test_build_town_costs_sheep_and_two_food_on_a_hex_with_a_worker():
    """A9 #79, #80: town 1 sheep + 2 food, on a land hex with your worker [l.240, l.248]."""
    s = ready(SET_UP, "E20: greece w 1sheep 2food")
    s = run(s, "play build")
    assert "no worker" in str(rejected(s, "build town E19"))
    s = run(s, "build town E20")
    assert any(b.kind == "town" and b.hex == "E20" for b in s.buildings.values())
    assert "E20" not in s.resources


def test_green_build_discount_never_below_one():
    """A9 #82: green takes 1 off, minimum 1: bridges still cost 1 wood [l.242, l.258]."""
    s = ready(SET_UP.replace("E19: 1wood", "E19: greece w 2wood"), greece="green build")
    s = run(s, "play build", "build bridge E19 D19")
    assert s.resources["E19"] == {"wood": 1}  # 1 wood less 1 would be free: the minimum of 1 holds
    s = ready(SET_UP, "E20: greece w 1metal", greece="green build")
    s = run(s, "play build", "build fort E20")  # 1 metal + 1 wood less 1 = 1 metal
    assert any(b.kind == "fort" for b in s.buildings.values())


def test_bridge_on_a_river_ferry_on_a_shore():
    """A9 #81: bridge over a river next to your worker; ferry on a land-water edge, never a river [l.252, l.254]."""
    s = ready(SET_UP.replace("E19: 1wood", "E19: greece w 3wood"))
    s = run(s, "play build")
    assert "no river" in str(rejected(s, "build bridge E19 E20"))
    s1 = run(s, "build bridge E19 D19")
    assert len(s1.bridges) == 1 and s1.bank["token"] == 24
    s2 = ready(SET_UP, "E20: greece w 1wood")
    s2 = run(s2, "play build", "build ferry E20 F20")
    (ferry,) = s2.ferries.values()
    assert ferry.land == "E20" and ferry.water == "F20"


def test_building_limited_by_supply_and_set_aside():
    """A1 #1, B16: pieces come only from the available supply."""
    s = position(
        "game greece,egypt scarcity seed=1",
        "round 3",
        "[board]",
        SET_UP,
        "E20: greece w 1sheep 2food 1wood",
        """
        [greece]
        set-aside town=3  # no town in supply
    """,
    )
    s = run(s, "play build")
    assert "no town left" in str(rejected(s, "build town E20"))


def test_one_building_of_a_type_per_hex():
    """B53."""
    s = ready(SET_UP, "E20: greece w fort 1metal 1wood")
    s = run(s, "play build")
    assert "already have a fort" in str(rejected(s, "build fort E20"))


def test_repair_with_discount_and_a_worker_there():
    """A9 #86: repair your damaged building with a worker there; cost less 1 (red) or 2 (green), min 1 [l.242, l.260]."""
    s = ready(SET_UP, "E20: greece w fort* 1metal")
    s = run(s, "play build", "repair fort E20")
    assert not next(iter(s.buildings.values())).damaged


# -- Populate -----------------------------------------------------------------------------
def test_populate_needs_two_workers_in_the_town():
    """A10 #88 [l.264]."""
    s = ready(SET_UP, "E20: greece w town")
    assert "no effect" in str(rejected(s, "play populate"))
    s = ready(SET_UP, "E20: greece w w town")
    s = run(s, "play populate", "populate E20")
    assert sum(1 for u in s.units.values() if u.hex == "E20") == 3


def test_green_populate_two_different_towns():
    """A10 #89 [l.266]."""
    s = ready(
        SET_UP.replace("E19: 1wood", "E19: greece w w town 1wood"), "E20: greece w w town", greece="green populate"
    )
    s = run(s, "play populate", "populate E20")
    assert "already populated" in str(rejected(s, "populate E20"))
    s = run(s, "populate E19")
    assert s.current == 1


def test_damaged_town_cannot_populate():
    """A10 #90 [l.345]."""
    s = ready(SET_UP, "E20: greece w w town*")
    assert "no effect" in str(rejected(s, "play populate"))


# -- Trade --------------------------------------------------------------------------------
def test_trade_two_for_one_twice():
    """A16 #145, #147: red trades 2:1 up to twice; the new resource on a hex with your worker (B54) [l.387]."""
    s = ready(SET_UP, "E20: greece w 4metal")
    s = run(s, "play trade", "trade metal food E20", "trade metal wood E20")
    assert s.resources["E20"] == {"food": 1, "wood": 1}
    assert s.current == 1


def test_green_trade_one_for_one():
    """A16 #146."""
    s = ready(SET_UP, "E20: greece w 1metal", greece="green trade")
    s = run(s, "play trade", "trade metal food E20", "done")
    assert s.resources["E20"] == {"food": 1}


def test_trade_needs_a_worker_on_the_hex():
    """B54: the traded resource goes on "a hex you control", a land hex with your worker; the
    refusal cites Trade [l.387], not the monument bonus."""
    s = run(ready(SET_UP, "E20: greece w 2metal"), "play trade")
    refusal = rejected(s, "trade metal food E19")
    assert "no worker on E19" in str(refusal) and refusal.rule == "Trade, l.387 (B54)"


def test_trade_may_take_the_resource_it_gives():
    """l.387: "take any one resource from the bank": the same type as the one given too, e.g. to
    move a metal onto a hex that does not produce it (1:1 on green)."""
    s = ready(SET_UP.replace("E19: 1wood", "E19: greece w 1wood"), "E20: greece w 1metal", greece="green trade")
    s = run(s, "play trade")
    assert "trade metal metal E19" in {format_command(c) for c in legal_commands(s)}
    s = run(s, "trade metal metal E19", "done")
    assert s.resources["E19"]["metal"] == 1 and "metal" not in s.resources.get("E20", {})


def test_trade_of_the_same_resource_refused_as_in_0_3_0():
    """Option trade_any_resource=False is how 0.3.0 read l.387: a trade takes a different resource;
    the refusal cites l.387 and the same-resource trades are not legal commands."""
    assert OPTIONS_0_3_0["trade_any_resource"] is False
    old = " ".join(f"{k}={({True: 'yes', False: 'no'}).get(v, v)}" for k, v in OPTIONS_0_3_0.items())
    s = ready(SET_UP, "E20: greece w 2metal", options=f"options {old}")
    s = run(s, "play trade")
    refusal = rejected(s, "trade metal metal E20")
    assert "different resource" in str(refusal) and refusal.rule == "Trade, l.387"
    legal = {format_command(c) for c in legal_commands(s)}
    assert "trade metal food E20" in legal and not any(c.split()[1] == c.split()[2] for c in legal)


def test_bank_limits():
    """B50: the bank gives only what it holds."""
    s = ready(
        SET_UP,
        """
        E20: greece w w
        J17: 5metal  # 24 metal out of the bank, far from Greece: the bank holds 1
        J19: 5metal
        K18: 5metal
        K19: 5metal
        I17: 4metal
    """,
    )
    s = run(s, "play production", "produce E20", "done")
    assert s.resources["E20"] == {"metal": 1}
