"""Every common bonus effect and every ability in play (rules review A12, B18, B19, B21, B49).

Each test builds a position with the bonus held (or not) and checks the effect through
`decide`. Where a card's copy mark is 2, two copies are checked to stack.
Line numbers (l.N) refer to /work/shared/rules/monuments-rulebook.txt; Bnn to the rules review.
"""

from __future__ import annotations

from monuments_tui.rules import decide, events as ev, fold, format_command, legal_commands, parse_command, pending as pd
from monuments_tui.rules.content import load_content
from monuments_tui.rules.power import building_power, military_power, unit_power
from monuments_tui.rules.queries import (
    carry_limit,
    has_ability,
    has_military_allowance,
    units_of,
    worker_moves,
)
from monuments_tui.rules.reach import reachable
from monuments_tui.rules.scoring import score_seat
from tests.helpers import bare, game, position, rejected, run

GAME = "game greece,egypt scarcity seed=1"


def greece(*bonuses: str, e19="", e20="", f18="", board="", green="", game=GAME):
    """Greece to play in round 3, holding `bonuses` and the `green` cards, with one worker on
    E19 (wood), E20 (metal) and F18 (sheep), holding `e19`, `e20` and `f18`; more of the
    board in `board`; Egypt's three workers on its monument hex."""
    return position(
        game,
        f"""
        round 3
        [board]
        E19: greece w {e19}
        E20: greece w {e20}
        F18: greece w {f18}
        H19: egypt wh wh w
        {board}
        [greece]
        bonuses {" ".join(bonuses) or "-"}
        green {green or "-"}
    """,
    )


def spent(events) -> int:
    return sum(e.n for e in events if isinstance(e, ev.ResourcesSpent))


def events_of(state, text):
    return decide(state, parse_command(text))


def test_every_effect_in_the_data_is_tested_here():
    """B18: the effects used by the 32 cards are the ones the engine implements (each tested below)."""
    effects = {c.effect for c in load_content().common_bonus}
    assert effects == {
        "military_allowance",
        "worker_move",
        "worker_carry",
        "movement_units",
        "production_hexes",
        "building_discount",
        "upgrade_discount",
        "trade_rate",
        "populate_one",
        "monument_discount",
        "quest_draw",
        "fort_power",
        "vp",
    }


def test_military_allowance_is_needed_to_train():
    """Train, l.307-309, B19, B38: you cannot train units or forge weapons without the allowance card."""
    s = greece(e20="1metal")
    assert not has_military_allowance(s, 0)
    assert "play train" not in [format_command(c) for c in legal_commands(s)]
    s = greece("cb1-military", e20="1metal")
    assert has_military_allowance(s, 0)
    after = run(s, "play train", "forge E19")
    assert [u.weapon for u in units_of(after, 0, "worker") if u.hex == "E19"] == [True]


def test_the_solo_ai_needs_no_allowance():
    """Solo, l.488: the AI trains military units without the common bonus card."""
    s = greece(game="game greece,egypt abundance seed=1 solo=easy ai-seat=greece")  # the AI is seat 0 [l.450]
    assert has_military_allowance(s, 0) and not has_military_allowance(s, 1)


def bridged_europe(*bonuses: str):
    """`greece(*bonuses)` with a bridge over every river of Europe, so workers can walk anywhere there."""
    return greece(
        *bonuses,
        board="""
        bridge D18-E19 by greece
        bridge D19-E19 by greece
        bridge D19-E20 by greece
        bridge E18-E19 by greece
        bridge E18-F18 by greece
    """,
    )


def test_worker_movement_bonus_and_two_copies_stack():
    """l.284-286, B49: workers move 2 instead of 1; a second copy (two-card mark) makes it 3."""
    assert worker_moves(greece(), 0) == 1
    assert worker_moves(greece("cb1-worker-move"), 0) == 2
    assert worker_moves(greece("cb1-worker-move", "cb3-worker-move"), 0) == 3
    one, two, three = (bridged_europe(*b) for b in ((), ("cb1-worker-move",), ("cb1-worker-move", "cb3-worker-move")))
    assert "move w F18 D18" not in [format_command(c) for c in legal_commands(run(one, "play movement"))]
    assert run(two, "play movement", "move w F18 D18").pending.moved
    assert "cannot reach C18" in str(rejected(run(two, "play movement"), "move w F18 C18"))
    assert run(three, "play movement", "move w F18 C18").pending.moved
    reach = [set(reachable(s, 0, "worker", "F18", worker_moves(s, 0))) for s in (one, two, three)]
    assert reach[0] < reach[1] < reach[2]


def test_worker_carry_bonus():
    """B18: workers carry 1 more resource (the rulebook's default is 1, Movement l.221)."""
    s = greece(e19="2wood")
    assert "at most 1" in str(rejected(run(s, "play movement"), "move w E19 F19 carry wood,wood"))
    s = greece("cb1-carry", e19="2wood")
    worker = units_of(s, 0, "worker")[0]
    assert carry_limit(s, worker) == 2
    after = run(s, "play movement", "move w E19 E20 carry wood,wood")
    assert after.resources["E20"] == {"wood": 2}


def test_movement_units_bonus_and_two_copies_stack():
    """B18: the Movement action moves 1 more unit per copy (two-card mark)."""
    assert run(greece(), "play movement").pending.slots == 2
    assert run(greece("cb2-movement"), "play movement").pending.slots == 3
    assert run(greece("cb2-movement", "cb4-movement"), "play movement").pending.slots == 4
    s = greece("cb2-movement", green="movement")
    assert run(s, "play movement").pending.slots == 4


def test_production_hexes_bonus_and_two_copies_stack():
    """B18: Production may select 1 more hex per copy (two-card mark)."""
    assert run(greece(), "play production").pending.left == 2
    assert run(greece("cb3-production"), "play production").pending.left == 3
    s = run(greece("cb3-production", "cb4-production"), "play production")
    assert s.pending.left == 4
    after = run(s, "produce E19", "produce E20", "produce F18")
    assert after.resources == {"E19": {"wood": 1}, "E20": {"metal": 1}, "F18": {"sheep": 1}}


def test_building_discount_bonus():
    """B18: buildings and repairs cost 1 resource less, never below 1 (like the green card, l.258)."""
    s = greece(e19="1wood", e20="1metal")
    assert spent(events_of(run(s, "play build"), "build fort E19")) == 2
    s = greece("cb2-build-discount", e19="1wood", e20="1metal")
    assert spent(events_of(run(s, "play build"), "build fort E19")) == 1
    s = greece("cb2-build-discount", e19="1wood", e20="1metal", green="build")
    assert spent(events_of(run(s, "play build"), "build fort E19")) == 1  # minimum 1


def test_upgrade_discount_bonus():
    """B18, B57: upgrades cost 1 resource less with the bonus (minimum 1)."""
    s = greece(f18="2sheep")
    assert spent(events_of(run(s, "play upgrade"), "upgrade production")) == 2
    s = greece("cb2-upgrade-discount", f18="2sheep")
    assert spent(events_of(run(s, "play upgrade"), "upgrade production")) == 1


def test_trade_rate_bonus():
    """B18: the red Trade trades 1:1 like the green side (l.385-387)."""
    three = "game greece,egypt,inca abundance seed=1"
    s = greece(e19="1wood", game=three)
    assert "play trade" not in [format_command(c) for c in legal_commands(s)]  # 2:1 needs 2 wood
    s = greece("cb1-trade-3p", e19="1wood", game=three)
    after = run(s, "play trade", "trade wood metal E20")
    assert after.resources.get("E19") is None and after.resources["E20"] == {"metal": 1}


def test_populate_one_bonus():
    """B18: a town needs only 1 of your workers in it to be populated (normally 2, l.264)."""
    s = greece(e19="town")
    assert "play populate" not in [format_command(c) for c in legal_commands(s)]
    s = greece("cb2-populate-3p", e19="town")
    after = run(s, "play populate", "populate E19")
    assert len([u for u in units_of(after, 0, "worker") if u.hex == "E19"]) == 2


def layer2_ready(*greece_lines: str):
    """Greece to play, able to build layer 2 (5 land hexes, 1 of each resource, a worker);
    more of Greece's lines in `greece_lines`."""
    return position(
        GAME,
        """
        round 3
        [board]
        E19: greece w 1wood
        E20: greece w 1metal
        F18: greece w 1sheep
        D18: greece w 1food
        E18: greece w
        F19: greece w w w
        H19: egypt wh wh w
        [greece]
        layers 1
    """,
        *greece_lines,
    )


def test_monument_discount_bonus():
    """B18: monument layers cost 1 resource less (never a worker, minimum 1); it adds to the green card."""
    s = layer2_ready()
    assert spent(events_of(run(s, "play monument"), "layer")) == 4
    s = layer2_ready("bonuses cb1-military cb3-monument-discount")
    events = events_of(run(s, "play monument"), "layer")
    assert spent(events) == 3
    assert sum(1 for e in events if isinstance(e, ev.UnitRemoved)) == 1  # still one worker
    s = layer2_ready("bonuses cb1-military cb3-monument-discount", "green monument")
    assert spent(events_of(run(s, "play monument"), "layer")) == 2


def test_quest_draw_bonus():
    """B18: the Draw quest cards action draws 1 more card."""
    assert len(run(greece(), "play quest").pending.options) == 2
    assert len(run(greece("cb1-quests"), "play quest").pending.options) == 3


def test_fort_power_bonus():
    """B18: each undamaged fort has 1 more power, in battle and in the final count (l.401)."""
    fort = "b9"
    s = greece(e19="fort#b9")
    assert building_power(s, s.buildings[fort]) == 2 and military_power(s, 0) == 2
    s = greece("cb1-forts-4p", e19="fort#b9")
    assert building_power(s, s.buildings[fort]) == 3 and military_power(s, 0) == 3
    s = greece("cb1-forts-4p", e19="fort*#b9")
    assert building_power(s, s.buildings[fort]) == 0


def test_layer_five_vp_cards():
    """l.299, l.397, B20: the Layer-5 card is worth its VP at the end."""
    s = greece("cb5-vp6")
    assert next(line.vp for line in score_seat(s, 0).lines if line.key == "layer5") == 6


def test_bonuses_stay_active_for_the_rest_of_the_game():
    """l.280: a common bonus taken after a layer is active from then on."""
    s = position(
        GAME,
        """
        round 3
        [board]
        E19: greece w 1wood
        E20: greece w
        F18: greece w 1sheep
        F19: greece w w w
        H19: egypt wh wh w
    """,
    )
    s = run(s, "play monument", "layer", "bonus cb1-worker-move")
    assert worker_moves(s, 0) == 2


# -- abilities (B21) ------------------------------------------------------------------------------
def test_each_civilisation_holds_its_ability():
    """Set-up, l.160, B21: one ability card per civilisation; none in solo (l.442)."""
    s = game(civs=("greece", "egypt", "maya", "inca"), mode="abundance")
    effects = [load_content().ability_by_id[p.ability].effect for p in s.players]
    assert effects == ["naval_assault", "horses", "workshop", "farm"]
    assert has_ability(s, 1, "horses") and not has_ability(s, 0, "horses")


def test_horses_ride_with_two_starting_workers_and_carry_two():
    """Movement, l.221, B21: horses carry up to 2 resources; Egypt starts with 2 horses on its workers."""
    s = game()
    egypt = units_of(s, 1, "worker")
    assert [u.horse for u in egypt] == [True, True, False]
    assert carry_limit(s, egypt[0]) == 2 and carry_limit(s, egypt[2]) == 1


def test_a_spare_horse_goes_to_the_next_new_worker():
    """B21: a horse back in hand rides with the next worker populated."""
    s = position(
        GAME,
        """
        round 3
        current egypt
        [board]
        F19: greece w w w
        H18: egypt w w town
        [egypt]
        tokens horses=1
    """,
    )
    after = run(s, "play populate", "populate H18")
    assert sorted(u.horse for u in units_of(after, 1, "worker")) == [False, False, True]
    assert after.players[1].tokens.get("horses", 0) == 0


MAYA_INCA = """
    game maya,inca abundance seed=1
    round 3
"""
"""Maya v Inca in round 3, Maya to play."""


def test_workshop_is_built_and_takes_one_off_upgrades():
    """B21 (Maya): a workshop is built with Build (1 wood + 1 metal); each takes 1 off upgrades."""
    s = position(
        MAYA_INCA,
        """
        [board]
        E7: maya w 1wood
        C7: maya w 1metal
        D7: maya w 2sheep
        K10: inca w w w
    """,
    )
    assert "build farm E7" not in [format_command(c) for c in legal_commands(run(s, "play build"))]
    after = run(s, "play build", "build workshop E7")
    assert [b.kind for b in after.buildings.values()] == ["workshop"]
    assert after.players[0].tokens["workshop"] == 2
    later = position(
        MAYA_INCA,
        """
        [board]
        E7: maya w workshop
        C7: maya w
        D7: maya w 2sheep
        K10: inca w w w
        [maya]
        hand upgrade
        discard movement production build populate monument train attack quest trade
    """,
    )
    assert spent(events_of(run(later, "play upgrade"), "upgrade production")) == 1


def test_farm_is_built_and_produces_one_more():
    """B21 (Inca): a farm is built with Build (1 wood + 1 food); its hex produces 1 more."""
    s = position(
        MAYA_INCA,
        """
        current inca
        [board]
        E8: maya w w w
        J10: inca w 1wood
        J11: inca w 1food
    """,
    )
    after = run(s, "play build", "build farm J11")
    assert [b.kind for b in after.buildings.values()] == ["farm"]
    later = position(
        MAYA_INCA,
        """
        current inca
        [board]
        E8: maya w w w
        J10: inca w
        J11: inca w farm
        [inca]
        hand production
        discard upgrade movement build populate monument train attack quest trade
    """,
    )
    produced = [e for e in events_of(run(later, "play production"), "produce J11") if isinstance(e, ev.ResourcesGained)]
    assert produced == [ev.ResourcesGained("J11", "food", 2)]


def test_naval_assault_gives_navies_power_against_land():
    """Navy, l.315, B21 (Greece): with the ability a navy may attack land, with power 1 there."""
    s = greece()
    navy = units_of(s, 0)[0].__class__("n1", 0, "navy", "F20")
    assert unit_power(navy, on_land=True) == 0
    assert unit_power(navy, on_land=True, naval_assault=True) == 1
    assert has_ability(s, 0, "naval_assault")


def test_positions_are_independent():
    """A position built for one test never leaks into another."""
    a = greece()
    b = greece(board="D18: greece w")
    assert len(units_of(a, 0)) == 3 and len(units_of(b, 0)) == 4
    assert fold(a, []) == a and isinstance(a.pending, pd.ChooseAction)


def test_each_level_pile_holds_a_military_allowance_in_every_game():
    """Train, l.309 (A12 #103, B19): an allowance card can be found in every level 1-4 pile, any player count."""
    from monuments_tui.rules.content import load_content as content

    effect = {c.id: c.effect for c in content().common_bonus}
    for civs, mode in ((("greece", "egypt"), "scarcity"), (("greece", "egypt", "maya", "inca"), "abundance")):
        piles = bare(civs=civs, mode=mode).common_piles
        for level in (1, 2, 3, 4):
            assert any(effect[c] == "military_allowance" for c in piles[level])
        assert all(effect[c] == "vp" for c in piles[5])
