"""Attack and battle: who may attack what, power, dice, damage, take-over, retreat, the log.

Line numbers (l.N) are in monuments-rulebook.txt; A-items and B-items are in the rules
review. Map: Europe's E19, E20, F18 surround Greece's monument F19; E19 is cut off from
D18, D19 and E18 by rivers; F20, E21 and G19 are sea (G19 also borders Egypt's H18).
"""

from __future__ import annotations

import pytest

from monuments_tui.rules import (
    commands as cmd,
    decide,
    events as ev,
    fold,
    legal_commands,
    parse_command,
    pending as pd,
)
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.power import military_power
from monuments_tui.rules.queries import building_usable
from monuments_tui.rules.quests import task_value
from tests.helpers import (
    EGYPT,
    GREECE,
    acting,
    at,
    on_board,
    position,
    refusal,
    rolls,
    run,
)


def battle_events(s, text):
    return decide(s, parse_command(text))


def began(events) -> ev.BattleBegan:
    return next(e for e in events if isinstance(e, ev.BattleBegan))


# -- the rulebook's example ------------------------------------------------------------------
def test_rulebook_worked_example():
    """An air force (power 2) attacks a fort, a town and two workers (power 3); rolls 1,1 against
    0,0,1: the defender damages the fort, the attacker loses the air force, nobody moves in or
    retreats [Attack, l.337-361; B28, B29, B32]."""
    s = on_board(
        """
        E20: greece air#u1
        E19: egypt fort#b2 town#b3 w#u4 w#u5
    """,
        rng=rolls((1, 1), (0, 0, 1)),
    )
    air, fort, town, w1, w2 = "u1", "b2", "b3", "u4", "u5"
    s = run(s, "play attack")
    events = battle_events(s, "attack E19 with air@E20")
    b = began(events).battle
    assert (b.attack_power, b.defence_power) == (2, 3)
    assert (b.attack_pips, b.defence_pips) == ((1, 1), (0, 0, 1))
    assert b.attacker_won
    s = fold(s, events)
    assert s.buildings[fort].damaged and not s.buildings[town].damaged
    assert air not in s.units and s.players[GREECE].supply["air"] == 3
    assert s.units[w1].hex == "E19" and s.units[w2].hex == "E19"
    record = s.battles[-1]
    assert record.defender_losses == ("fort@E19",) and record.attacker_losses == ("air@E20",)
    assert record.attacker_won and record.attacker == GREECE and record.defender == EGYPT
    assert s.battle is None
    assert s.pending == pd.ChooseAction(EGYPT) and "attack" in s.players[GREECE].discard


# -- declaring an attack (A14 #118-#120) --------------------------------------------------
def test_attack_needs_the_allowance():
    """Attacking needs the military allowance bonus card [Attack, l.335 (B38)]; A14 #118."""
    pieces = "E20: greece army\nE19: egypt w"
    assert "allowance" in refusal(on_board(pieces, "attack", allowance=(EGYPT,)), "attack E19 with army@E20")
    with pytest.raises(RuleViolation):
        decide(on_board(pieces, allowance=(EGYPT,)), parse_command("play attack"))


def test_red_attacks_from_one_hex_green_from_several():
    """Red: all attackers from one neighbouring hex; green: from several [l.333, l.361]; A14 #118."""
    pieces = "E20: greece army\nF18: greece army\nE19: egypt w"
    red = on_board(pieces, "attack")
    assert "one hex" in refusal(red, "attack E19 with army@E20,army@F18")
    run(red, "attack E19 with army@E20")
    green = on_board(pieces, "attack", green=True)
    b = began(battle_events(green, "attack E19 with army@E20,army@F18")).battle
    assert b.origins == ("E20", "F18") and b.attack_power == 6


def test_attackers_stand_next_to_the_target():
    """Even units that move 2 must be adjacent to attack [l.335]; A14 #120."""
    s = on_board("E21: greece air\nE19: egypt w", "attack")
    assert "not next to" in refusal(s, "attack E19 with air@E21")


def test_what_can_be_a_target():
    """A neighbouring hex with another player's unit or building, never a monument, never your
    own; an empty ferry is nobody's piece [l.335; Movement l.221 (B35, B47)]; A14 #119."""
    s = on_board(
        """
        G19: greece air
        E20: greece air
        E19: greece w
        H19: egypt w
        ferry F20 by greece
    """,
        "attack",
    )
    assert "monument" in refusal(s, "attack H19 with air@G19")
    assert "your own units" in refusal(s, "attack E19 with air@E20")
    assert "no unit or building" in refusal(s, "attack F20 with air@E20")
    assert "no unit or building" in refusal(s, "attack E21 with air@E20")


def test_unarmed_workers_never_attack():
    """Only pieces with power on the target's terrain may attack; unarmed workers never do
    [Weapons, l.327 (B37)]; A14 #120."""
    s = on_board("E20: greece w ws\nE19: egypt w", "attack")
    assert "unarmed" in refusal(s, "attack E19 with w@E20")
    assert began(battle_events(s, "attack E19 with ws@E20")).battle.attack_power == 1


def test_land_units_cross_rivers_only_by_bridge_and_never_attack_the_sea():
    """Armies and workers on land attack land only, across a river only by a bridge; air forces
    ignore rivers [l.335]; A13 #116, A14 #120."""
    pieces = """
        D18: greece army air
        E20: greece army
        E19: egypt w
        F20: egypt navy
    """
    s = on_board(pieces, "attack")
    assert "river" in refusal(s, "attack E19 with army@D18")
    run(s, "attack E19 with air@D18")
    assert "sea" in refusal(s, "attack F20 with army@E20")
    run(on_board(pieces + "bridge#B99 D18-E19 by greece", "attack"), "attack E19 with army@D18")


def test_navies_attack_only_at_sea_without_the_ability():
    """A navy attacks ferries, navies and air forces at sea, never land [Navy, l.315]; A13 #115."""
    s = on_board("F20: greece navy\nE20: egypt w\nG20: egypt air", "attack", options="options abilities=no")
    assert "only at sea" in refusal(s, "attack E20 with navy@F20")
    assert began(battle_events(s, "attack G20 with navy@F20")).battle.attack_power == 3


def test_naval_assault_attacks_land_with_power_1_and_nobody_moves_in():
    """Greece's naval assault: navies attack land with power 1 each; if they win they stay at
    sea and the defenders still retreat, leaving the hex empty [l.315, l.335 (B21, B33)]."""
    s, w = on_board("F20: greece navy\nE20: egypt w#u1", "attack", rng=rolls((1,), ())), "u1"
    events = battle_events(s, "attack E20 with navy@F20")
    assert began(events).battle.attack_power == 1
    s = fold(s, events)
    assert at(s, "F20") == ["navy"] and at(s, "E20") == []
    assert s.units[w].hex == "E19"


def test_armies_in_a_ferry_attack_land_and_sea_with_power_1():
    """An army aboard a ferry attacks the land it lies off or a water hex, with power 1
    [Army, l.319; Attack l.335]; A13 #116."""
    s = on_board(
        """
        E21: greece army@ferry9
        ferry#ferry9 E21 by greece
        E20: egypt w
        F20: egypt navy
    """,
        "attack",
    )
    assert began(battle_events(s, "attack E20 with army@E21")).battle.attack_power == 1
    assert began(battle_events(s, "attack F20 with army@E21")).battle.attack_power == 1


def test_army_in_a_ferry_takes_a_land_hex_and_the_ferry_docks():
    """Winning from a ferry, the passengers step ashore and the ferry docks on that edge (B33) [l.355]."""
    s = on_board(
        """
        E21: greece army#u1@ferry9
        ferry#ferry9 E21 by greece
        E20: egypt w#u2
    """,
        "attack",
        rng=rolls((1,), ()),
    )
    f, army, w = "ferry9", "u1", "u2"
    s = run(s, "attack E20 with army@E21")
    assert s.units[army].hex == "E20" and s.units[army].ferry is None
    assert (s.ferries[f].water, s.ferries[f].land) == ("E21", "E20")
    assert s.units[w].hex == "E19"


def test_armed_workers_in_a_ferry_attack_land_only():
    """An armed worker aboard a ferry attacks the adjacent land with power 1, but has no power
    at sea (B36); A13 #111."""
    s = on_board(
        """
        E21: greece ws@ferry9
        ferry#ferry9 E21 by greece
        E20: egypt w
        F20: egypt navy
    """,
        "attack",
    )
    assert began(battle_events(s, "attack E20 with ws@E21")).battle.attack_power == 1
    assert "no power at sea" in refusal(s, "attack F20 with ws@E21")


def test_air_forces_attack_anything():
    """Air forces attack land and sea with power 2 [Air force, l.323; l.335]; A13 #117."""
    s = on_board("E20: greece air\nE19: egypt w\nF20: egypt navy", "attack")
    assert began(battle_events(s, "attack E19 with air@E20")).battle.attack_power == 2
    assert began(battle_events(s, "attack F20 with air@E20")).battle.attack_power == 2


# -- power and dice (A14 #121-#123) --------------------------------------------------------
def test_attack_power_uses_the_target_terrain():
    """The target's terrain counts, not the attacker's: an air force at sea attacking land has 2
    [l.337]; an armed worker has 1 on land; A14 #121."""
    s = on_board("F20: greece air\nE19: greece ws\nE20: egypt w", "attack", green=True)
    assert began(battle_events(s, "attack E20 with air@F20,ws@E19")).battle.attack_power == 3


def test_defence_counts_every_unit_and_working_building_of_the_defender():
    """Defence = all the defender's units and usable buildings on the hex [l.337]; damaged
    buildings and factories count 0 (B2, l.345); A14 #122."""
    s = on_board("E20: greece air\nE19: egypt army ws fort* town factory", "attack")
    assert began(battle_events(s, "attack E19 with air@E20")).battle.defence_power == 3 + 1 + 1


def test_a_third_players_buildings_take_no_part():
    """Only the player whose units hold the hex defends; another player's buildings there are
    bystanders (B39); A14 #119."""
    s = position("""
        game greece,egypt,inca scarcity seed=1
        round 3
        card-in-play attack
        pending attack greece green=no
        [board]
        E20: greece air
        E19: egypt army inca fort#b9
        [greece]
        set-aside town=2 fort=2 factory=1
        bonuses cb1-military
        turns 2
        [egypt]
        set-aside town=2 fort=1 factory=2
        bonuses cb1-military-3p
        turns 2
        [inca]
        set-aside town=1 fort=2 factory=2
        turns 2
    """)
    inca_fort = "b9"
    events = battle_events(s, "attack E19 with air@E20")
    b = began(events).battle
    assert (b.defender, b.defence_power) == (EGYPT, 3)
    assert not any(isinstance(e, ev.BuildingDamaged) and e.building == inca_fort for e in events)


def test_a_hex_with_only_buildings_is_defended_by_their_power():
    """A hex with buildings alone still blocks and can be attacked; its owner defends with the
    buildings' power (B40); A14 #119."""
    s = on_board("E20: greece air\nE19: egypt fort", "attack")
    b = began(battle_events(s, "attack E19 with air@E20")).battle
    assert (b.defender, b.defence_power) == (EGYPT, 2)


def test_one_die_per_point_of_power_and_the_cap():
    """Each side rolls one special die per point of power (B28); the `dice_cap` option limits
    it; the rolls are in the event with the generator's new position; A14 #123."""
    pieces = "E20: greece army air\nF18: greece army\nE19: egypt army"
    s = on_board(pieces, "attack", green=True)
    text = "attack E19 with army@E20,air@E20,army@F18"
    first = began(battle_events(s, text))
    assert len(first.battle.attack_pips) == 8 and len(first.battle.defence_pips) == 3
    assert set(first.battle.attack_pips) <= {0, 1, 2} and first.rng != s.rng
    assert began(battle_events(s, text)) == first  # deciding again never re-rolls differently
    s = on_board(pieces, "attack", green=True, options="options dice_cap=4")
    assert len(began(battle_events(s, text)).battle.attack_pips) == 4


def test_replaying_the_events_never_rolls_again():
    """Every roll is in an event: folding the events reproduces the battle (issue 4)."""
    s = on_board("E20: greece army\nE19: egypt army", "attack")
    events = battle_events(s, "attack E19 with army@E20")
    assert fold(s, events) == fold(s, list(events))
    assert fold(s, events).rng == began(events).rng


# -- outcome and damage (A14 #124-#128) -----------------------------------------------------
def test_no_attacker_pips_no_losses():
    """With 0 pips the attack fails and even pieces without power do not fall [l.339]; A14 #124."""
    s, w = on_board("E20: greece army\nE19: egypt w#u1", "attack", rng=rolls((0, 0, 0), ())), "u1"
    s = run(s, "attack E19 with army@E20")
    assert s.units[w].hex == "E19" and at(s, "E20") == ["army"]
    assert not s.battles[-1].attacker_won and s.battles[-1].defender_losses == ()


def test_a_tie_goes_to_the_defender_and_damage_is_exchanged():
    """The attacker wins only with more pips than the defender (B29); damage is exchanged
    whatever the outcome (B30); a lone army dies to 1 damage [l.347]; A14 #125-#127."""
    s = on_board("E20: greece air#u1\nE19: egypt army#u2", "attack", rng=rolls((1, 0), (0, 1, 0)))
    air, army = "u1", "u2"
    s = run(s, "attack E19 with air@E20")
    record = s.battles[-1]
    assert not record.attacker_won
    assert army not in s.units and air not in s.units
    assert record.defender_losses == ("army@E19",) and record.attacker_losses == ("air@E20",)


def test_option_failed_attack_hurts_only_the_attacker():
    """Option `failed_attack_damage = "attacker"`: a failed attack costs the defender nothing (B30)."""
    s = on_board(
        "E20: greece air#u1\nE19: egypt army#u2",
        "attack",
        options="options failed_attack_damage=attacker",
        rng=rolls((1, 0), (0, 1, 0)),
    )
    air, army = "u1", "u2"
    s = run(s, "attack E19 with air@E20")
    assert army in s.units and air not in s.units


def test_rounding_up_a_lone_army_dies_to_one_damage():
    """Damage rounds up: 1 pip kills a lone army of power 3 [l.347 (B32)]; the winner's army
    moves in; killed units go back to the supply [l.345]; A14 #126-#129."""
    s = on_board("E20: greece army#u1\nE19: egypt army#u2", "attack", rng=rolls((1, 0, 0), (0, 0, 0)))
    mine, theirs = "u1", "u2"
    supply = s.players[EGYPT].supply["army"]
    s = run(s, "attack E19 with army@E20")
    assert theirs not in s.units and s.players[EGYPT].supply["army"] == supply + 1
    assert s.units[mine].hex == "E19"


def test_the_defender_chooses_a_minimal_set():
    """The owner picks pieces worth at least the damage with none to spare (B32): 2 damage on
    fort 2, town 1 and army 3 may fall on the fort or the army, not the town or fort+town
    [l.345-349]; A14 #126-#127."""
    s = on_board("E20: greece air air\nE19: egypt fort#b1 town army#u2", "attack", rng=rolls((1, 1, 0, 0), (0,) * 6))
    fort, army = "b1", "u2"
    s = run(s, "attack E19 with air@E20,air@E20")
    assert s.pending == pd.AssignDamage(EGYPT, damage=2, side="defender")
    assert {c.pieces for c in legal_commands(s)} == {
        (cmd.PieceAt("fort", "E19"),),
        (cmd.PieceAt("army", "E19"),),
    }
    assert "nothing to spare" in refusal(s, "damage town@E19")
    assert "nothing to spare" in refusal(s, "damage fort@E19,town@E19")
    s = run(s, "damage fort@E19")
    assert s.buildings[fort].damaged and army in s.units


def test_pieces_without_power_cannot_take_damage():
    """Only pieces with power absorb damage; damage beyond a side's power is lost (B31)."""
    s = on_board("E20: greece air air\nE19: egypt town army w#u3", "attack", rng=rolls((1, 0, 0, 0), (0,) * 4))
    w = "u3"
    s = run(s, "attack E19 with air@E20,air@E20")
    assert isinstance(s.pending, pd.AssignDamage)
    assert "no power" in refusal(s, "damage w@E19")
    s2 = on_board("E20: greece army w\nE19: egypt town w#u3", "attack", rng=rolls((2, 2, 0), (0,)))
    w2 = "u3"
    s2 = run(s2, "attack E19 with army@E20")
    assert s2.battles[-1].defender_losses == ("town@E19",)
    assert s2.units[w2].hex == "F18"
    assert w in s.units


def test_the_attacker_assigns_its_damage_after_the_defender():
    """The attacker takes one power of damage per defender pip, on attacking units only, with
    the same rounding [l.351-353]; A14 #128."""
    s = on_board(
        """
        E20: greece army air
        F18: greece army  # not declared: never hurt
        E19: egypt army fort town
    """,
        "attack",
        rng=rolls((0, 0, 0, 0, 0), (1, 1, 0, 0, 0, 0)),
    )
    s = run(s, "attack E19 with army@E20,air@E20")
    assert s.pending == pd.AssignDamage(GREECE, damage=2, side="attacker")
    s = run(s, "damage air@E20")
    assert at(s, "E20") == ["army"] and at(s, "F18") == ["army"]
    assert not s.battles[-1].attacker_won


def test_worker_killed_with_a_weapon_loses_it():
    """A worker that dies loses its weapon, which goes back to the bank [Weapons, l.327]; A13 #112."""
    s = on_board("E20: greece army\nE19: egypt ws", "attack", rng=rolls((1, 0, 0), (0,)))
    bank = s.bank["weapon"]
    s = run(s, "attack E19 with army@E20")
    assert s.bank["weapon"] == bank + 1 and at(s, "E19") == ["army"]


# -- take-over and retreat (A14 #129-#135) -------------------------------------------------
def test_at_least_one_survivor_moves_in_the_others_may_stay():
    """If the attacker has units left, at least one moves in; others may stay [l.355]; A14 #129."""
    s = on_board("E20: greece army air\nE19: egypt w", "attack", rng=rolls((1, 0, 0, 0, 0), ()))
    s = run(s, "attack E19 with army@E20,air@E20")
    assert s.pending == pd.ChooseMoveIn(GREECE)
    with pytest.raises(RuleViolation):
        decide(s, cmd.MoveIn(()))
    s = run(s, "movein air@E20")
    assert at(s, "E19", GREECE) == ["air"] and at(s, "E20") == ["army"]


def test_retreat_to_a_free_neighbour_leaving_resources_behind():
    """The defender's remaining units retreat together to a neighbouring hex free of other
    players' pieces, by land or bridge; workers leave their resources [l.359 (B34)]; A14 #130-#132."""
    s = on_board(
        """
        F20: greece air
        E20: egypt w#u1 w#u2 2metal
        bridge#B99 D19-E20 by egypt
    """,
        "attack",
        rng=rolls((1, 0), ()),
    )
    w1, w2 = "u1", "u2"
    s = run(s, "attack E20 with air@F20")
    assert s.pending == pd.Retreat(EGYPT)
    assert {c.hex for c in legal_commands(s)} == {"D19", "E19"}
    assert "cannot retreat" in refusal(s, "retreat E21")
    s = run(s, "retreat D19")
    assert s.units[w1].hex == s.units[w2].hex == "D19"
    assert s.resources["E20"] == {"metal": 2} and at(s, "E20") == ["air"]


def test_retreat_each_unit_its_own_way():
    """Option `retreat = "each"`: every unit picks its own destination (B34)."""
    s = on_board(
        """
        F20: greece air
        E20: egypt w#u1 w#u2
        bridge#B99 D19-E20 by egypt
    """,
        "attack",
        options="options retreat=each",
        rng=rolls((1, 0), ()),
    )
    w1, w2 = "u1", "u2"
    s = run(s, "attack E20 with air@F20", "retreat E19 w@E20")
    assert s.pending == pd.Retreat(EGYPT)
    s = run(s, "retreat D19")
    assert sorted([s.units[w1].hex, s.units[w2].hex]) == ["D19", "E19"]
    assert s.battle is None and s.pending == pd.ChooseAction(EGYPT)


def test_retreat_to_your_own_monument():
    """The defender may retreat onto its own monument hex (B34, B47)."""
    s, w = on_board("G18: greece air\nH18: egypt w#u1", "attack", rng=rolls((1, 0), ())), "u1"
    s = run(s, "attack H18 with air@G18")
    assert {c.hex for c in legal_commands(s)} == {"H19", "I19"}
    s = run(s, "retreat H19")
    assert s.units[w].hex == "H19"


def test_units_with_no_retreat_die():
    """With no free neighbour the units are killed instead [l.359]; A14 #130."""
    s = on_board("E20: greece army w\nF18: greece w\nE19: egypt w#u1 1wood", "attack", rng=rolls((1, 0, 0), ()))
    w = "u1"
    s = run(s, "attack E19 with army@E20")
    assert w not in s.units and at(s, "E19") == ["army"]
    assert s.battles[-1].defender_losses == ("w@E19",)
    assert s.resources["E19"] == {"wood": 1}


def test_no_retreat_when_the_attacker_has_no_units_left():
    """If no attacker survives, nobody moves in and the defender stays [l.361]; A14 #134."""
    s = on_board("E20: greece army\nE19: egypt fort w#u1", "attack", rng=rolls((2, 0, 0), (1, 0)))
    w = "u1"
    s = run(s, "attack E19 with army@E20")
    assert s.battles[-1].attacker_won and at(s, "E20") == [] and s.units[w].hex == "E19"


def test_buildings_stay_but_cannot_be_used_while_held():
    """Undamaged buildings stay but cannot be used while another player holds the hex; damaged
    ones stay damaged [l.359-361]; A14 #133."""
    s = on_board("E20: greece army\nE19: egypt town#b1 army", "attack", rng=rolls((1, 1, 0), (0, 0, 0, 0)))
    town = "b1"
    s = run(s, "attack E19 with army@E20")
    assert s.buildings[town].hex == "E19" and not s.buildings[town].damaged
    assert at(s, "E19") == ["army"] and not building_usable(s, s.buildings[town])
    assert military_power(s, EGYPT) == 0


def test_the_solo_ai_loses_buildings_instead_of_having_them_damaged():
    """In the solo game an AI building that would be damaged is destroyed and goes back to the
    AI's supply [Solo, l.450, l.510]; A14 #135."""
    s = position(f"""
        game greece,egypt abundance seed=1 solo=easy ai-seat=greece
        round 3
        current egypt
        card-in-play attack
        pending attack egypt green=no
        rng {rolls((1, 1), (0, 0))}
        [board]
        E20: egypt air
        E19: greece fort#b1
        [egypt]
        bonuses cb1-military-3p
    """)
    fort = "b1"
    supply = s.players[GREECE].supply["fort"]
    s = run(s, "attack E19 with air@E20")
    assert fort not in s.buildings and s.players[GREECE].supply["fort"] == supply + 1


# -- ferries and navies in battle (B33-B35) ------------------------------------------------
def test_a_ferry_at_sea_is_attacked_through_its_passengers_and_retreats_as_one():
    """Attacking a ferry means attacking the units aboard (army 1, worker 0); a ferry with
    passengers retreats as one to a free water hex (B34, B35)."""
    s = on_board(
        """
        E21: greece navy
        ferry#ferry9 F20 by greece
        F20: egypt army#u1@ferry9 w#u2@ferry9
    """,
        "attack",
        rng=rolls((2, 0, 0), (0,)),
    )
    f, army, w = "ferry9", "u1", "u2"
    events = battle_events(s, "attack F20 with navy@E21")
    assert began(events).battle.defence_power == 1
    s = fold(s, events)
    assert army not in s.units and s.pending == pd.Retreat(EGYPT)
    assert {c.hex for c in legal_commands(s)} == {"E21", "F21", "G20", "G21"}
    s = run(s, "retreat G20")
    assert at(s, "F20") == ["navy"]
    assert s.units[w].ferry == f and s.units[w].hex == s.ferries[f].water == "G20"


def test_a_trapped_ferry_loses_its_passengers_and_stays():
    """A ferry with passengers and no free water hex next to it: the passengers die and the
    ferry stays, empty (B34). Greece has three navies [Components, l.93-99], so air forces
    close the last two ways out; the second navy on E21 keeps it closed once the first moves in."""
    s = on_board(
        """
        ferry#ferry9 F20 by greece
        F20: egypt w#u1@ferry9
        E21: greece navy navy
        F21: greece navy
        G20: greece air
        G21: greece air
    """,
        "attack",
        green=True,
        rng=rolls((1, 0, 0), ()),
    )
    f, w = "ferry9", "u1"
    s = run(s, "attack F20 with navy@E21")
    assert w not in s.units and s.ferries[f].water == "F20" and at(s, "F20") == ["navy"]


def test_an_empty_ferry_does_not_block():
    """An empty ferry belongs to nobody and blocks nothing (B35)."""
    s = on_board("E21: greece navy\nferry F20 by greece", "movement")
    s = run(s, "move navy E21 F20")
    assert at(s, "F20") == ["navy"]


# -- the log -----------------------------------------------------------------------------------
def test_the_battle_log_feeds_battle_quests():
    """Each battle is recorded: who attacked whom, where, the rolls, the losses, the outcome;
    battle quests count them (B26)."""
    s = on_board("E20: greece army\nE19: egypt army", "attack", rng=rolls((1, 0, 0), (0, 0, 0)))
    s = run(s, "attack E19 with army@E20")
    r = s.battles[-1]
    assert (r.round, r.attacker, r.defender, r.target, r.origins) == (3, GREECE, EGYPT, "E19", ("E20",))
    assert (r.attack_power, r.defence_power, r.attack_pips, r.defence_pips) == (3, 3, (1, 0, 0), (0, 0, 0))

    class Task:
        kind = "battles_won"

    assert task_value(s, GREECE, Task) == 1


def test_land_units_retreat_over_rivers_only_by_bridge():
    """Land units retreat only to neighbouring land, across a river only by a bridge [l.359]:
    without the bridge to D19 the workers' one way out is E19, taken automatically."""
    s, w = on_board("F20: greece air\nE20: egypt w#u1", "attack", rng=rolls((1, 0), ())), "u1"
    s = run(s, "attack E20 with air@F20")
    assert s.units[w].hex == "E19" and s.battle is None


def test_navies_retreat_over_water():
    """A navy retreats to a neighbouring free water hex, never onto land (B34)."""
    s = on_board("E20: greece air\nF20: egypt navy#u1 air", "attack", rng=rolls((1, 1), (0,) * 5))
    navy = "u1"
    s = run(s, "attack F20 with air@E20", "damage air@F20")
    assert s.pending == pd.Retreat(EGYPT)
    assert {c.hex for c in legal_commands(s)} == {"E21", "F21", "G20", "G21"}
    assert "cannot retreat" in refusal(s, "retreat E20")
    s = run(s, "retreat G21")
    assert s.units[navy].hex == "G21" and at(s, "F20") == ["air"]


def test_battle_prompts_and_notation():
    """The battle's pending steps are described in words, and `retreat HEX PIECE@HEX` round-trips."""
    from monuments_tui.rules import format_command
    from monuments_tui.rules.describe import describe_pending

    s = on_board("E20: greece air air\nE19: egypt fort army", "attack", rng=rolls((1, 1, 0, 0), (0,) * 5))
    s = run(s, "attack E19 with air@E20,air@E20")
    assert describe_pending(s) == "Egypt: choose the pieces on E19 that take 2 battle damage (defender)"
    c = parse_command("retreat D19 w@E20,army@E20")
    assert c == cmd.RetreatTo("D19", (cmd.PieceAt("w", "E20"), cmd.PieceAt("army", "E20")))
    assert parse_command(format_command(c)) == c


def _crowd(seed):
    """A crowded Europe and Africa: random units, buildings, navies and loaded ferries,
    written as a position (each seat's pieces drawn from its supply while any are left)."""
    import random

    from monuments_tui.rules.board import load_board
    from monuments_tui.rules.queries import layout

    rnd = random.Random(seed)
    rules = (
        f"options retreat={rnd.choice(['together', 'each'])} failed_attack_damage={rnd.choice(['both', 'attacker'])}"
    )
    deal = on_board("", options=rules)
    lay, b = layout(deal), load_board()
    supply = [dict(p.supply) for p in deal.players]
    civs = [p.civ for p in deal.players]
    ids = iter(range(deal.next_id, 10_000))
    lines: list[str] = []

    def take(owner, kind):
        if supply[owner].get(kind, 0) <= 0:
            return False
        supply[owner][kind] -= 1
        return True

    region = sorted(h for h in lay.land if b.hex(h).region in ("europe", "africa"))
    for h in region:
        owner = rnd.randrange(2)
        pieces = []
        for _ in range(rnd.randint(0, 3)):
            kind = rnd.choice(["worker", "worker", "army", "air"])
            if take(owner, kind):
                armed = kind == "worker" and rnd.random() < 0.5
                pieces.append(f"{'ws' if armed else 'w' if kind == 'worker' else kind}#u{next(ids)}")
        for kind in ("fort", "town"):
            if rnd.random() < 0.25 and take(owner, kind):
                pieces.append(f"{kind}#b{next(ids)}")
        if pieces:
            lines.append(f"{h}: {civs[owner]} {' '.join(pieces)}")
    held = {line.split(":")[0]: civs.index(line.split()[1]) for line in lines}
    for h in sorted({n for r in region for n in b.neighbours(r) if n in lay.water}):
        owner = rnd.randrange(2)
        if rnd.random() < 0.3 and held.get(h, owner) == owner and take(owner, "navy"):
            lines.append(f"{h}: {civs[owner]} navy#u{next(ids)}")
            held[h] = owner
        elif rnd.random() < 0.2 and held.get(h, owner) == owner:
            f = f"ferry{next(ids)}"
            lines.append(f"ferry#{f} {h} by greece")
            crew = rnd.sample(["worker", "army"], rnd.randint(1, 2))
            aboard = [f"{'w' if kind == 'worker' else kind}#u{next(ids)}@{f}" for kind in crew if take(owner, kind)]
            lines += [f"{h}: {civs[owner]} {' '.join(aboard)}"] if aboard else []
            held[h] = owner
    return on_board("\n".join(lines), options=rules), rnd


@pytest.mark.parametrize("seed", range(40))
def test_random_battles_keep_the_rules(seed):
    """Random attacks with random choices in crowded positions always end the battle, never
    leave two players' units on one hex, and lose no weapon token (issue 4, item 9)."""
    s, rnd = _crowd(seed)
    seat = rnd.randrange(2)
    s = acting(s, "attack", green=rnd.random() < 0.5, seat=seat)
    legal = legal_commands(s)
    if not legal:
        return
    while s.battle is not None or isinstance(s.pending, pd.AttackStep):
        legal = legal_commands(s)
        assert legal, s.pending
        s = fold(s, decide(s, rnd.choice(legal)))
    assert len(s.battles) == 1
    for h in {u.hex for u in s.units.values()}:
        assert len({u.owner for u in s.units.values() if u.hex == h}) == 1
    assert s.bank["weapon"] + sum(u.weapon for u in s.units.values()) == 25


def test_two_workers_lost_together_never_pass_a_horse_to_each_other():
    """Losses are taken one after another: a horse passes to a surviving worker on the hex or
    back to its owner's hand (B21), never to a worker lost in the same battle [l.345]."""
    s = on_board("E20: greece air air\nE19: egypt wsh#u1 ws#u2", "attack", rng=rolls((1, 1, 0, 0), (0, 0)))
    riders = ["u1", "u2"]
    horses = s.players[EGYPT].tokens.get("horses", 0)
    s = run(s, "attack E19 with air@E20,air@E20")  # 2 damage: only both workers will do
    assert s.battle.defender_losses == ("wsh@E19", "ws@E19")
    assert not any(r in s.units for r in riders)
    assert s.players[EGYPT].tokens.get("horses", 0) == horses + 1
