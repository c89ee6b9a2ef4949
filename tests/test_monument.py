"""Building a monument layer, the common bonus and the personal bonus (rules review A11, A12).

Line numbers (l.N) refer to /work/shared/rules/monuments-rulebook.txt; Bnn to the rules review.
"""

from __future__ import annotations

from monuments_tui.rules import RuleViolation, decide, events as ev, fold, format_command, legal_commands, pending as pd
from monuments_tui.rules.decide import outcome_events
from monuments_tui.rules.pieces import layer_cost
from monuments_tui.rules.queries import controlled_land, monument_hex, resource_totals, units_of
from monuments_tui.rules.state import copy_state
from tests.helpers import (
    add_building,
    add_resources,
    bare,
    position,
    rejected,
    run,
)

LAYER1 = """
    E19: greece w 1wood
    E20: greece w
    F18: greece w 1sheep
    F19: greece w
"""
"""Greece can build layer 1: workers on E19 (wood), E20 (metal), F18 (sheep) and the monument
hex F19, 1 wood on E19 and 1 sheep on F18."""


LAYERS = {
    2: """
        D18: greece w 1food
        E18: greece w
        E19: greece w 1wood
        E20: greece w 1metal
        F18: greece w 1sheep
        F19: greece w w w
    """,
    3: """
        C19: greece w
        D17: greece w
        D18: greece w 2food
        D19: greece w
        E18: greece w
        E19: greece w 2wood
        E20: greece w 1metal
        F18: greece w 2sheep
        F19: greece w w w
    """,
    4: """
        A12: greece w
        C18: greece w
        C19: greece w
        D17: greece w
        D18: greece w 2food
        D19: greece w
        E18: greece w
        E19: greece w 3wood
        E20: greece w 2metal
        F18: greece w 3sheep
        F19: greece w w w
    """,
    5: """
        A12: greece w
        A13: greece w
        B13: greece w
        C18: greece w
        C19: greece w
        D17: greece w
        D18: greece w 3food
        D19: greece w
        E18: greece w
        E19: greece w 3wood
        E20: greece w 3metal
        F18: greece w 3sheep
        F19: greece w w w
    """,
}
"""Greece can build layer N: a worker on each of the land hexes it needs (home hexes first), three
more on the monument hex, the cost on its home hexes [l.170-174, l.278]."""


def monument_turn(
    board: str = LAYER1,
    deck: str = "a",
    step: bool = False,
    greece: str = "",
    cards: str = "",
    personal: str = "",
    options: str = "",
):
    """Greece v Egypt in round 3, Greece to play with `board` (Egypt's three workers on its
    monument hex besides) and personal bonus deck `deck` (layer 1 on top); with `step`, the
    Monument card is played and its step waits. More of Greece's lines in `greece`, of the cards
    in `cards`, an options line in `options`; `personal` is the personal deck when it is not in layer order."""
    playing = "card-in-play monument\npending monument greece" if step else ""
    mine = personal.split()[0].split("-")[1] if personal else deck
    other = "b" if mine == "a" else "a"  # Egypt's own deck: no card is in two hands at once
    return position(f"""
        game greece,egypt scarcity seed=1
        {options}
        round 3
        {playing}
        [board]
        {board}
        H19: egypt wh wh w
        [greece]
        personal {personal or " ".join(f"pb-{deck}-{card}" for card in ("l1", "l2", "l3", "l4", "setup"))}
        {greece}
        [egypt]
        personal {" ".join(f"pb-{other}-{card}" for card in ("l1", "l2", "l3", "l4", "setup"))}
        [cards]
        {cards}
    """)


def layer_turn(layer: int, deck: str = "a", greece: str = "", **kw):
    """Greece to play, able to build `layer` (LAYERS), with `layer - 1` layers built."""
    return monument_turn(LAYERS[layer], deck, greece=f"layers {layer - 1}\n{greece}", **kw)


def layer1_position(deck: str = "a"):
    """Greece to play, able to build layer 1 (LAYER1), personal bonus deck `deck`."""
    return monument_turn(LAYER1, deck)


def events_of(state, text):
    from monuments_tui.rules import parse_command

    return decide(state, parse_command(text))


# -- the cost table (B1) -------------------------------------------------------------------
def test_cost_table_completed_as_decided():
    """Monument costs, l.170-174 (cut off after layer 4's food) and l.278 (layer 5): B1."""
    rows = [(c.hexes, c.cost, c.workers) for c in (layer_cost(n) for n in range(1, 6))]
    assert rows == [
        (3, {"wood": 1, "food": 0, "metal": 0, "sheep": 1}, 1),
        (5, {"wood": 1, "food": 1, "metal": 1, "sheep": 1}, 1),
        (8, {"wood": 2, "food": 2, "metal": 1, "sheep": 2}, 1),
        (10, {"wood": 3, "food": 2, "metal": 2, "sheep": 3}, 2),
        (12, {"wood": 3, "food": 3, "metal": 3, "sheep": 3}, 3),
    ]
    assert layer_cost(4, layer4_workers=1).workers == 1


def test_layer4_workers_option_is_applied():
    """B1: the layer-4 sacrifice is the rule option layer4_workers (2 by default, 1 as the alternative)."""
    s = layer_turn(4, options="options layer4_workers=1")
    before = len(units_of(s, 0, "worker"))
    after = run(s, "play monument", "layer")
    assert len(units_of(after, 0, "worker")) == before - 1
    s = layer_turn(4)
    after = run(s, "play monument", "layer")
    assert len(units_of(after, 0, "worker")) == before - 2


# -- A11: requirements ------------------------------------------------------------------------
def test_layer1_built_with_land_resources_and_a_sacrifice():
    """l.272-278, l.292-295: control 3 land hexes, pay 1 wood + 1 sheep, sacrifice 1 worker, place layer 1."""
    s = run(layer1_position(), "play monument")
    events = events_of(s, "layer")
    assert ev.ResourcesSpent("E19", "wood", 1) in events
    assert ev.ResourcesSpent("F18", "sheep", 1) in events
    assert ev.LayerBuilt(0, 1) in events
    after = fold(s, events)
    assert after.players[0].layers == 1
    assert len(units_of(after, 0, "worker")) == 3
    assert after.players[0].supply["worker"] == s.players[0].supply["worker"] + 1  # back to supply [l.278]
    assert not resource_totals(after, 0)


def test_land_is_checked_first_and_the_monument_hex_never_counts():
    """l.272, l.276 (B62): 2 land hexes plus workers on the monument hex are not 3 land hexes."""
    s = monument_turn(
        """
        E19: greece w 1wood
        F18: greece w 1sheep
        F19: greece w w w
    """,
        step=True,
    )
    assert controlled_land(s, 0) == {"E19", "F18"}
    err = rejected(s, "layer")
    assert "needs 3 land hexes" in str(err) and "you control 2" in str(err)


def _monument_step(s, green=False):
    """`s` waiting for the Monument step (bypassing the playability check)."""
    s = copy_state(s)
    s.card_in_play = "monument"
    s.players[s.current].hand.remove("monument")
    s.pending = pd.MonumentStep(s.current, green=green)
    return s


def test_armies_and_air_forces_control_land_but_navies_do_not():
    """l.272: workers, armies and air forces control land hexes; a navy only controls water."""
    units = "set-aside town=2 fort=2 factory=1 navy=2 army=2 air=2"
    s = monument_turn("E19: greece w 1wood\nF18: 1sheep\nF19: greece w\nF20: greece navy", step=True, greece=units)
    assert rejected(s, "layer")
    s = monument_turn(
        """
        E19: greece w 1wood 1sheep  # sheep where a worker controls it
        E20: greece army
        E18: greece air
        F18: 1sheep
        F19: greece w
        F20: greece navy
    """,
        step=True,
        greece=units,
    )
    assert controlled_land(s, 0) == {"E19", "E20", "E18"}
    after = run(s, "layer")
    assert after.players[0].layers == 1


def test_resources_must_be_controlled_by_a_worker():
    """l.278 (Production, l.229): only resources on hexes with your worker can be spent."""
    s = monument_turn(LAYER1.replace("w 1sheep", "w") + "D17: 1sheep", step=True)  # no Greek worker on D17
    err = rejected(s, "layer")
    assert "short of 1 sheep" in str(err)


def test_explicit_payment_and_sacrifice():
    """l.278, B62: the player may name the resources paid and the workers sacrificed (the monument hex included)."""
    s = run(layer1_position(), "play monument")
    after = run(s, "layer pay E19:wood,F18:sheep sacrifice w@F19")
    assert all(u.hex != "F19" for u in units_of(after, 0, "worker"))
    assert "exactly 1 worker" in str(rejected(s, "layer sacrifice w@F19,w@E19"))
    assert "no w on D17" in str(rejected(s, "layer sacrifice w@D17"))
    assert "does not match the cost" in str(rejected(s, "layer pay E19:wood"))


def test_sacrifice_may_drop_below_the_land_requirement():
    """B62: land is checked before paying; sacrificing a worker may leave fewer land hexes."""
    s = run(layer1_position(), "play monument")
    after = run(s, "layer sacrifice w@E20")
    assert after.players[0].layers == 1
    assert controlled_land(after, 0) == {"E19", "F18"}


def test_too_few_workers_to_sacrifice():
    """l.278: the workers to sacrifice must be on the board."""
    from monuments_tui.rules.actions.monument import sacrifice_events

    s = layer1_position()
    assert len(units_of(s, 0, "worker")) == 4
    try:
        sacrifice_events(s, 0, 5, ())
    except RuleViolation as err:
        assert "needs 5 worker(s) to sacrifice; you have 4" in str(err)
    else:
        raise AssertionError("five workers cannot be sacrificed")


def test_auto_sacrifice_prefers_unarmed_workers_without_horses_from_crowded_hexes():
    """l.278, B62 and l.327: chosen automatically, an armed worker or one with a horse is spared."""
    s = monument_turn(
        """
        E19: greece ws wh 1wood
        E20: greece w
        F18: greece w w 1sheep
    """,
        step=True,
    )
    after = run(s, "layer")
    left = sorted((u.hex, u.weapon, u.horse) for u in units_of(after, 0, "worker"))
    assert left == [("E19", False, True), ("E19", True, False), ("E20", False, False), ("F18", False, False)]


def test_a_sacrificed_armed_worker_loses_its_weapon():
    """Weapons, l.327: when a worker with a weapon is sacrificed, the weapon is lost (to the bank)."""
    s = monument_turn(LAYER1.replace("E20: greece w", "E20: greece w ws"), step=True)
    bank = s.bank["weapon"]
    events = events_of(s, "layer sacrifice ws@E20")
    assert ev.BankChanged("weapon", 1) in events
    assert fold(s, events).bank["weapon"] == bank + 1


def test_a_sacrificed_horse_goes_to_another_worker_or_back_to_hand():
    """Abilities (B21): a horse passes to another worker on that hex without one, else back to the player."""
    s = monument_turn(LAYER1.replace("F19: greece w", "F19: greece w wh"), step=True)
    after = run(s, "layer sacrifice wh@F19")
    assert [u.horse for u in units_of(after, 0, "worker") if u.hex == "F19"] == [True]
    s = monument_turn(LAYER1.replace("F19: greece w", "F19: greece wh"), step=True)
    after = run(s, "layer sacrifice wh@F19")
    assert after.players[0].tokens.get("horses") == 1


def test_green_card_takes_one_resource_off_never_a_worker():
    """l.274, l.301: the green card gives 1 resource discount; workers are not resources."""
    s = monument_turn(LAYER1.replace("w 1sheep", "w"), greece="green monument")  # no sheep at all
    s = run(s, "play monument")
    assert s.pending == pd.MonumentStep(0, green=True)
    after = run(s, "layer")
    assert after.players[0].layers == 1
    assert len(units_of(after, 0, "worker")) == 3  # still one worker sacrificed
    assert "does not match the cost" in str(rejected(monument_turn(step=True), "layer pay E19:wood"))


def test_discounts_never_go_below_one_resource():
    """l.258, l.301 and B18: green card plus two discounts still pay at least 1 resource."""
    s = monument_turn(greece="green monument\nbonuses cb3-monument-discount")
    s = run(s, "play monument")
    events = events_of(s, "layer")
    assert sum(e.n for e in events if isinstance(e, ev.ResourcesSpent)) == 1


def test_layers_go_in_order_up_to_five():
    """l.272, l.280: layers are built in order; after layer 5 the card has no effect."""
    s = layer_turn(3)
    events = events_of(run(s, "play monument"), "layer")
    assert ev.LayerBuilt(0, 3) in events
    done = monument_turn(LAYERS[3], greece="layers 5")
    assert "complete" in str(rejected(monument_turn(LAYERS[3], greece="layers 5", step=True), "layer"))
    assert "would have no effect" in str(rejected(done, "play monument"))


def test_monument_card_is_not_playable_without_the_requirements():
    """B59: a card may be played only if part of its effect can happen."""
    s = monument_turn("F19: greece w w w")
    assert "would have no effect" in str(rejected(s, "play monument"))


# -- A11/A12: the common bonus ------------------------------------------------------------------
def test_common_bonus_choice_of_the_layer_level():
    """l.280: after layer N choose any still-available Layer-N common bonus; it stays on your board."""
    s = run(layer1_position(), "play monument", "layer")
    assert isinstance(s.pending, pd.ChooseCommonBonus) and s.pending.level == 1
    assert set(s.pending.options) == set(s.common_piles[1])
    assert "not a Layer-1 common bonus" in str(rejected(s, "bonus cb2-military"))
    after = run(s, "bonus cb1-worker-move")
    assert after.players[0].bonuses == ["cb1-worker-move"]
    assert "cb1-worker-move" not in after.common_piles[1]


def test_player_count_marks_filter_the_piles():
    """l.146-148: with 2 players the 3+ and 4+ cards are out of the game."""
    s = bare()
    assert "cb1-military" in s.common_piles[1] and "cb1-military-3p" not in s.common_piles[1]
    s4 = bare(civs=("greece", "egypt", "maya", "inca"), mode="abundance")
    assert "cb1-forts-4p" in s4.common_piles[1]


def test_copy_mark_one_card_is_held_once():
    """l.282: a card showing one card may be held only once (copies counted by effect, over all levels)."""
    s = layer_turn(2, greece="bonuses cb1-military")
    s = run(s, "play monument", "layer")
    assert "cb2-military" not in s.pending.options
    assert "cb2-military" in s.common_piles[2]
    assert "cb2-military" in str(rejected(s, "bonus cb2-military"))


def test_copy_mark_two_card_may_be_taken_a_second_time():
    """l.282, l.286: the worker-movement card shows two cards: a second copy may be taken, not a third."""
    s = layer_turn(3, greece="bonuses cb1-worker-move")
    s = run(s, "play monument", "layer")
    assert "cb3-worker-move" in s.pending.options
    from monuments_tui.rules.actions.monument import common_bonus_options

    held_twice = copy_state(s)
    held_twice.players[0].bonuses = ["cb1-worker-move", "cb3-worker-move"]
    held_twice.common_piles[4].append("cb3-worker-move")  # a hypothetical third copy
    assert "cb3-worker-move" not in common_bonus_options(held_twice, 0, 4)


def test_no_eligible_common_bonus_goes_straight_to_the_personal_bonus():
    """B63: if no card of the level may be taken, the player gets none."""
    s = monument_turn(step=True, cards="common 1 -")
    after = run(s, "layer")
    assert isinstance(after.pending, pd.ChoosePersonalOption)


# -- A11: the personal bonus ---------------------------------------------------------------------
def test_personal_card_is_the_one_for_the_layer_built():
    """l.288, B15: the card for the layer just built, looked up by layer, not by deck position."""
    s = monument_turn(step=True, personal="pb-b-setup pb-b-l4 pb-b-l3 pb-b-l2 pb-b-l1")
    after = run(s, "layer", "bonus cb1-military")
    assert after.pending == pd.ChoosePersonalOption(0, card="pb-b-l1")


def test_rulebook_example_two_wood_on_a_forest_and_one_metal_on_a_mountain():
    """l.284: option 2 of the layer-1 card: 2 wood on a forest and 1 metal on a mountain, each with a worker."""
    s = run(monument_turn(step=True), "layer", "bonus cb1-worker-move", "option 2")
    assert s.pending.queue == (pd.Placement("wood"), pd.Placement("wood"), pd.Placement("metal"))
    after = run(s, "place wood E19", "place wood E19", "place metal E20")
    assert after.resources["E19"] == {"wood": 2} and after.resources["E20"] == {"metal": 1}
    assert after.players[0].personal_deck[-1] == "pb-a-l1"  # to the bottom of the deck [l.288]
    assert after.players[0].discard == ["monument"]
    assert after.current == 1  # the action, and the turn, are over


def test_bonus_resources_must_match_a_hex_with_your_worker():
    """l.288, B52: resources go on a hex producing them, with your worker, never above 5; the
    refusals cite the personal bonus [l.288]."""
    s = run(monument_turn(step=True), "layer", "bonus cb1-worker-move", "option 2")
    assert "produces sheep, not wood" in str(rejected(s, "place wood F18"))
    assert "no worker on E18" in str(rejected(s, "place wood E18"))
    assert (
        rejected(s, "place wood F18").rule
        == rejected(s, "place wood E18").rule
        == "Build a layer of your monument, l.288"
    )
    full = copy_state(s)
    add_resources(full, "E19", wood=5)
    assert "already holds 5" in str(rejected(full, "place wood E19"))
    assert "can still be placed" in str(rejected(s, "skip"))
    assert "no sheep to place" in str(rejected(s, "place sheep F18"))


def test_a_resource_that_cannot_be_placed_is_skipped():
    """B17, B52: do what is possible; a resource with no legal hex is lost."""
    s = run(monument_turn(step=True), "layer", "bonus cb1-worker-move", "option 2")
    full = copy_state(s)
    add_resources(full, "E19", wood=5)
    assert format_command(legal_commands(full)[-1]) == "skip"
    assert [format_command(c) for c in legal_commands(full)] == ["place metal E20", "skip"]
    after = run(full, "skip", "skip", "place metal E20")
    assert after.current == 1


def test_bonus_workers_go_to_a_town_or_the_monument_hex():
    """l.288, B65: new workers go in a town you control, or on your monument hex if you have no town."""
    s = run(monument_turn(step=True), "layer", "bonus cb1-worker-move")
    after = run(s, "option 1")
    assert [format_command(c) for c in legal_commands(after)] == ["place worker F19"]
    with_town = copy_state(s)
    add_building(with_town, 0, "town", "E20")
    after = run(with_town, "option 1")
    assert [format_command(c) for c in legal_commands(after)] == ["place worker E20"]
    done = run(after, "place worker E20")
    assert len([u for u in units_of(done, 0, "worker") if u.hex == "E20"]) == 2  # no 2-worker condition (B65)


def test_bonus_workers_are_limited_by_the_supply():
    """B65: workers still come from the supply; if it is short, you get fewer."""
    s = monument_turn(  # layer 4 just built: 14 workers on the board, 1 in supply
        LAYERS[5].replace("B13: greece w\n", ""),
        greece="layers 4\nbonuses cb4-military",
        options="card-in-play monument\npending personal_bonus greece card=pb-a-l4",
    )
    assert s.players[0].supply["worker"] == 1
    after = run(s, "option 2")
    assert after.pending.queue == (pd.Placement("worker"),)


def test_bonus_building_is_free_and_may_come_from_set_aside():
    """l.288, B16: a granted building is free, on a hex with your worker; if the supply has none,
    the grant takes it from the set-aside pieces."""
    s = layer_turn(4, greece="set-aside town=3 fort=2 factory=1 navy=2 army=3 air=2")  # no town in supply
    s = run(s, "play monument", "layer", "bonus cb4-military", "option 1")
    spent = resource_totals(s, 0)
    after = run(s, "place town E19")
    assert [b.kind for b in after.buildings.values() if b.owner == 0] == ["town"]
    assert after.players[0].set_aside["town"] == 2 and after.players[0].supply.get("town", 0) == 0
    assert resource_totals(after, 0) == spent
    assert "no worker on A13" in str(rejected(s, "place town A13"))


def test_bonus_bridge_goes_on_a_river_next_to_your_worker():
    """l.288, l.252: a free bridge spans a river edge next to a hex with your worker."""
    s = run(monument_turn(step=True), "layer", "bonus cb1-worker-move", "option 3")
    legal = [format_command(c) for c in legal_commands(s)]
    assert legal and all(c.startswith("place bridge") for c in legal)
    after = run(s, legal[0])
    assert len(after.bridges) == 1 and after.current == 1


def test_bonus_unit_replaces_a_worker_without_the_allowance():
    """l.288, B68: a military unit replaces one of your workers; no allowance card is needed."""
    s = layer_turn(4, deck="d")
    s = run(s, "play monument", "layer", "bonus cb4-production", "option 1")
    assert s.players[0].bonuses == ["cb4-production"]
    workers = len(units_of(s, 0, "worker"))
    after = run(s, "place army E19")
    assert [u.hex for u in units_of(after, 0, "army")] == ["E19"]
    assert len(units_of(after, 0, "worker")) == workers - 1
    assert "no worker on A13" in str(rejected(s, "place army A13"))


def test_bonus_navy_goes_on_a_water_hex_next_to_the_worker():
    """l.288, l.311, B51: `place navy D7 C7` replaces the worker on D7 with a navy on water C7."""
    s = layer_turn(2, deck="b")
    s = run(s, "play monument", "layer", "bonus cb2-military", "option 1")
    assert "neighbouring water hex" in str(rejected(s, "place navy E19"))
    assert "not a water hex next to E19" in str(rejected(s, "place navy E19 E18"))
    after = run(s, "place navy E20 F20")
    assert [u.hex for u in units_of(after, 0, "navy")] == ["F20"]


def test_bonus_air_force_needs_layer_three_and_may_come_from_set_aside():
    """l.323, B67, B16: air forces only from layer 3; with none in supply the grant unlocks one."""
    s = layer_turn(4, greece="set-aside town=2 fort=2 factory=1 navy=2 army=3 air=3")  # no air force in supply
    s = run(s, "play monument", "layer", "bonus cb4-military", "option 3")
    after = run(s, "place air E19")
    assert [u.hex for u in units_of(after, 0, "air")] == ["E19"]
    assert after.players[0].set_aside["air"] == 2
    early = copy_state(s)
    early.players[0].layers = 2
    assert "layer 3" in str(rejected(early, "place air E19"))


def test_bonus_unit_replacing_an_armed_worker_hands_the_weapon_on():
    """l.327, B66: the replaced worker's weapon goes to another unarmed worker (or back to the bank)."""
    s = monument_turn(LAYERS[4].replace("E19: greece w ", "E19: greece ws "), deck="d", greece="layers 3")
    s = run(s, "play monument", "layer", "bonus cb4-production", "option 1", "place army E19")
    assert s.pending.queue == (pd.Placement("weapon", source="reassign"),)
    bank = s.bank["weapon"]
    after = run(s, "place weapon E20")
    assert [u.weapon for u in units_of(after, 0, "worker") if u.hex == "E20"] == [True]
    assert after.bank["weapon"] == bank


def test_bonus_weapons_go_to_unarmed_workers():
    """l.327: a granted weapon goes to a worker without one; one weapon per worker."""
    s = run(monument_turn(deck="c", step=True), "layer", "bonus cb1-military", "option 2")
    assert s.pending.queue == (pd.Placement("weapon"), pd.Placement("weapon"))
    after = run(s, "place weapon E19")
    assert "no unarmed worker on E19" in str(rejected(after, "place weapon E19"))
    done = run(after, "place weapon E20")
    assert sum(u.weapon for u in units_of(done, 0, "worker")) == 2
    assert done.bank["weapon"] == s.bank["weapon"] - 2


def test_unlock_moves_set_aside_pieces_to_the_supply():
    """l.158, B16: an unlock option moves set-aside pieces into the supply."""
    s = layer_turn(2, greece="set-aside town=2 fort=2 factory=1 navy=2 army=3 air=2")
    town = s.players[0].supply.get("town", 0)
    s = run(s, "play monument", "layer", "bonus cb2-military")
    events = events_of(s, "option 2")
    assert ev.SupplyChanged(0, "town", 2, from_set_aside=True) in events
    after = fold(s, events)
    assert after.players[0].supply["town"] == town + 2 and "town" not in after.players[0].set_aside


def test_quest_option_keeps_any_number():
    """l.450 (the option exists), B17: draw N quest cards from the current deck and keep any, even none."""
    s = layer_turn(3)
    s = run(s, "play monument", "layer", "bonus cb3-military", "option 3")
    assert isinstance(s.pending, pd.ChooseQuestsToKeep) and s.pending.least == 0 and s.pending.deck == "2-3"
    assert len(s.pending.options) == 3
    after = run(s, "keep none")
    assert after.quest_discards["2-3"] == list(s.pending.options)
    assert after.players[0].personal_deck[-1] == "pb-a-l3"
    assert after.current == 1


def test_quest_option_is_forbidden_in_solo():
    """Solo gameplay, l.450: you may not pick personal bonuses that give quest cards."""
    from monuments_tui.rules.actions.personal_bonus import option_problem
    from monuments_tui.rules.content import load_content

    s = position("game greece,egypt scarcity seed=1", "[board]", "F19: greece w w w", "H19: egypt wh wh w")
    option = load_content().personal_card("a", 3).options[2]
    assert option.kind == "quests" and option_problem(s, 1, option) == ""
    solo = position(
        "game greece,egypt abundance seed=1 solo=easy ai-seat=greece",
        "[board]",
        "F19: greece w w w",
        "H19: egypt wh wh w",
    )  # the AI is seat 0 [l.450]; the player is Egypt
    assert "solo" in option_problem(solo, 1, option)


def test_an_impossible_option_cannot_be_chosen():
    """B17: an option that cannot happen at all is refused, naming the options that can."""
    s = run(monument_turn(step=True), "layer", "bonus cb1-worker-move")
    s.players[0].supply["worker"] = 0
    err = rejected(s, "option 1")
    assert "cannot be done" in str(err) and "option 2 or 3" in str(err)


def test_personal_bonus_skipped_when_no_option_is_possible():
    """B17: if no option is possible at all, the bonus is skipped."""
    from monuments_tui.rules.actions.personal_bonus import offer_personal_bonus

    s = _monument_step(layer1_position("a"))
    s.players[0].layers = 1
    s.players[0].supply["worker"] = 0  # no supply, no bank: text would need every piece on the board
    s.bank.update(wood=0, metal=0, token=0)
    events = outcome_events(offer_personal_bonus(s, [], 0, 1))  # as decide completes it
    assert ev.PersonalBonusUsed(0, "pb-a-l1") in events
    after = fold(s, events)
    assert after.current == 1 and after.players[0].personal_deck[-1] == "pb-a-l1"


# -- layer 5 (A11 #101-102) ----------------------------------------------------------------------
def test_layer_five_starts_the_final_round_gives_a_vp_card_and_no_personal_bonus():
    """l.299, l.391-393, B20: layer 5 makes this round the last; choose a Layer-5 card, no personal bonus."""
    s = layer_turn(5)
    s = run(s, "play monument")
    events = events_of(s, "layer")
    assert ev.LayerBuilt(0, 5) in events and ev.FinalRoundBegan(0) in events
    s = fold(s, events)
    assert s.final_round and s.pending.level == 5
    assert set(s.pending.options) == {"cb5-vp6", "cb5-vp5"}
    after = run(s, "bonus cb5-vp6")
    assert after.players[0].bonuses == ["cb5-vp6"]
    assert after.current == 1 and isinstance(after.pending, (pd.ChooseAction, pd.AfterAction))


def test_layer_five_with_an_empty_pile_gives_no_card():
    """B20: if the Layer-5 pile is empty, the player gets no card."""
    s = layer_turn(5, cards="common 5 -")
    after = run(s, "play monument", "layer")
    assert after.current == 1 and after.final_round


def test_solo_ai_discards_a_random_common_bonus():
    """Solo, l.536, B77, B78: the AI discards a random card of the level (keeps a Layer-5 card)."""
    from monuments_tui.rules.actions.monument import offer_common_bonus

    s = bare()
    s.config = type(s.config)(civs=s.config.civs, mode="abundance", solo="easy")
    s.current = 0
    s.players[0].layers = 2
    events = outcome_events(offer_common_bonus(s, [], 0, 2))  # as decide completes it
    taken = [e for e in events if isinstance(e, ev.CommonBonusTaken)]
    assert len(taken) == 1 and taken[0].seat is None and taken[0].card in s.common_piles[2]
    assert not any(isinstance(e, ev.PendingSet) and isinstance(e.pending, pd.ChoosePersonalOption) for e in events)
    s.players[0].layers = 5
    events = outcome_events(offer_common_bonus(s, [], 0, 5))
    assert [e.seat for e in events if isinstance(e, ev.CommonBonusTaken)] == [0]


def test_legal_commands_cover_every_bonus_step():
    """Every pending step of the monument action lists its legal commands."""
    s = run(layer1_position("a"), "play monument")
    assert "layer" in [format_command(c) for c in legal_commands(s)]
    s = run(s, "layer")
    assert {format_command(c) for c in legal_commands(s)} == {f"bonus {c}" for c in s.pending.options}
    s = run(s, "bonus cb1-military")
    assert [format_command(c) for c in legal_commands(s)] == ["option 1", "option 2", "option 3"]


def test_monument_hex_of_each_civ_is_not_land():
    """l.276, B64: no monument hex is a land hex."""
    s = position(
        "game greece,egypt,maya,inca abundance seed=1",
        "[board]",
        "F19: greece w",
        "H19: egypt w",
        "E8: maya w",
        "K10: inca w",
    )  # one worker on each monument hex
    for seat in range(4):
        assert [u.hex for u in units_of(s, seat)] == [monument_hex(s, seat)]
        assert controlled_land(s, seat) == set()
