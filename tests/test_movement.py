"""Movement and ferries [Movement, l.219-225; Ferry, l.254; rules review A7, B42-B49]."""

from __future__ import annotations

from .helpers import START_WORKERS, position, rejected, run

GAME = """
    game greece,egypt scarcity seed=1
    round 3
"""
"""Greece v Egypt in round 3 (every player past their first turn), Greece to play."""

MONUMENT_WORKERS = START_WORKERS
"""Each side's three starting workers on its monument hex."""

FERRY = "ferry#ferry90 F20 docked E20 by greece"


def test_red_moves_two_units_green_three():
    """A7 #50: red moves up to 2 different units, green up to 3 [l.221, l.225]."""
    s = run(position(GAME, "[board]", MONUMENT_WORKERS), "play movement", "move w F19 E19", "move w F19 F18")
    assert s.current == 1  # two moves ended the action
    green = position(GAME, "[board]", MONUMENT_WORKERS, "[greece]", "green movement")
    g = run(green, "play movement", "move w F19 E19", "move w F19 F18")
    assert g.current == 0 and g.pending.slots == 1
    g = run(g, "move w F19 E20")
    assert g.current == 1


def test_a_unit_never_moves_twice_in_one_action():
    """A7 #51 [l.225]."""
    s = run(position(GAME, "[board]", MONUMENT_WORKERS), "play movement", "move w F19 E19")
    assert "no worker (w) on E19 that can act" in str(rejected(s, "move w E19 E20"))


def test_worker_moves_one_hex():
    """A7 #52: workers move 1 [l.221]."""
    s = run(position(GAME, "[board]", MONUMENT_WORKERS), "play movement")
    err = rejected(s, "move w F19 D18")
    assert "cannot reach" in str(err)


def test_worker_move_bonus_adds_one_per_copy():
    """B49: each worker-movement bonus adds +1 (two copies: 3)."""
    from monuments_tui.rules.queries import worker_moves

    none = position(GAME, "[board]", MONUMENT_WORKERS)
    one = position(GAME, "[board]", MONUMENT_WORKERS, "[greece]", "bonuses cb1-worker-move")
    two = position(GAME, "[board]", MONUMENT_WORKERS, "[greece]", "bonuses cb1-worker-move cb3-worker-move")
    run(one, "play movement", "move w F19 E20", "done")  # fine with 2 points
    assert worker_moves(none, 0) == 1 and worker_moves(one, 0) == 2 and worker_moves(two, 0) == 3


def test_rivers_only_by_bridge():
    """A7 #57, B45: workers and armies cross a river only where a bridge stands [l.221, l.252]."""
    s = run(position(GAME, "[board]", MONUMENT_WORKERS, "E19: greece w"), "play movement")
    assert "cannot reach D19" in str(rejected(s, "move w E19 D19"))
    # built by anyone: bridges belong to nobody
    bridged = position(GAME, "[board]", MONUMENT_WORKERS, "E19: greece w", "bridge#B1 D19-E19 by egypt")
    run(bridged, "play movement", "move w E19 D19")


def test_cannot_enter_a_hex_with_another_players_pieces():
    """A7 #55, B46: no hex with another player's unit or building; not even passing through [l.223]."""
    s = run(position(GAME, "[board]", MONUMENT_WORKERS, "E20: egypt w"), "play movement")
    assert "cannot reach E20" in str(rejected(s, "move w F19 E20"))


def test_cannot_enter_another_players_monument():
    """A7 #56 [l.221]."""
    s = run(position(GAME, "[board]", MONUMENT_WORKERS, "H18: greece w"), "play movement")
    assert "cannot reach H19" in str(rejected(s, "move w H18 H19"))


def test_own_monument_hex_may_be_entered():
    """B47: your own units may enter and leave your monument hex."""
    run(position(GAME, "[board]", MONUMENT_WORKERS, "F18: greece w"), "play movement", "move w F18 F19")


def test_light_blue_and_out_of_play_hexes_are_closed_even_to_air_forces():
    """A2 #12, #13, B8, B9: nobody enters light-blue or out-of-play hexes [l.120, l.225]."""
    s = position(
        GAME,
        """
        [board]
        A21: greece air
        E6: greece air
        [greece]
        set-aside town=2 fort=2 factory=1 navy=2 army=3 air=0
    """,
    )
    s = run(s, "play movement")
    assert "cannot reach" in str(rejected(s, "move air A21 A23"))
    assert "cannot reach" in str(rejected(s, "move air E6 E7"))  # North America is not in play


def test_navies_stay_at_sea_armies_on_land():
    """A7 #57; Navy l.315, Army l.319."""
    s = position(
        GAME,
        """
        [board]
        F20: greece navy
        E20: greece army
        [greece]
        set-aside town=2 fort=2 factory=1 navy=2 army=2 air=2
    """,
    )
    s = run(s, "play movement")
    assert "cannot reach" in str(rejected(s, "move navy F20 E20"))
    assert "cannot reach" in str(rejected(s, "move army E20 F20"))
    run(s, "move navy F20 G19")  # two sea hexes


def test_worker_carries_one_resource():
    """A7 #59, B48: a worker carries one resource, dropped on land within the 5 limit [l.221]."""
    s = run(position(GAME, "[board]", "E19: greece w 2wood"), "play movement")
    assert "at most 1" in str(rejected(s, "move w E19 E20 carry wood,wood"))
    s = run(s, "move w E19 E20 carry wood")
    assert s.resources["E20"] == {"wood": 1} and s.resources["E19"] == {"wood": 1}


def test_horse_carries_two():
    """A7 #59: horses carry up to 2 resources (Egypt's ability, B21)."""
    run(position(GAME, "[board]", "E19: greece wh 2wood"), "play movement", "move wh E19 E20 carry wood,wood")


def test_carry_never_breaks_the_five_limit():
    """B52: the drop must respect 5 resources per hex [l.232]."""
    s = run(position(GAME, "[board]", "E19: greece w 1wood", "E20: 5metal"), "play movement")
    assert "more than 5" in str(rejected(s, "move w E19 E20 carry wood"))


def test_ferry_boarding_pushes_to_sea_and_sails_two_loaded():
    """A7 #61-#66, B42-B44: board 1-2 units, pushed to the centre; 2 moves loaded; docking lands them [l.223, l.254]."""
    s = run(position(GAME, "[board]", "E20: greece w w", FERRY), "play movement", "board ferry90 w w")
    f = s.ferries["ferry90"]
    assert f.land is None and f.water == "F20"
    aboard = [u for u in s.units.values() if u.ferry == "ferry90"]
    assert len(aboard) == 2 and all(u.hex == "F20" for u in aboard)
    assert s.current == 1  # two boarding units used both slots (B43)

    s2 = run(position(GAME, "[board]", "E20: greece w", FERRY), "play movement", "board ferry90 w", "sail ferry90 G19")
    assert s2.ferries["ferry90"].water == "G19" and s2.current == 1
    at_sea = position(GAME, "[board]", "G19: greece w@ferry90", "ferry#ferry90 G19 by greece")
    s3 = run(at_sea, "play movement", "sail ferry90 H18")
    assert s3.ferries["ferry90"].land == "H18"
    assert any(u.hex == "H18" and u.owner == 0 and u.ferry is None for u in s3.units.values())


def test_empty_ferry_moves_one():
    """A7 #65: an empty ferry moves 1 [l.254]."""
    s = run(position(GAME, "[board]", MONUMENT_WORKERS, FERRY), "play movement")
    assert "cannot reach" in str(rejected(s, "sail ferry90 G19"))
    run(s, "sail ferry90 F20")


def test_ferry_of_another_player_cannot_be_used():
    """A7 #62, B43: a ferry is used by its controller."""
    s = run(position(GAME, "[board]", "E20: egypt w", "E19: greece w", FERRY), "play movement")
    assert "controlled by another player" in str(rejected(s, "sail ferry90 F20"))


def test_ferry_carries_cargo_ashore():
    """B48: a worker keeps its resource aboard and drops it on landing."""
    s = run(
        position(GAME, "[board]", "E20: greece w 1metal", FERRY), "play movement", "board ferry90 w carry metal", "done"
    )
    assert s.resources["ferry90"] == {"metal": 1}
    loaded = position(GAME, "[board]", "F20: greece w@ferry90", "ferry#ferry90 F20 by greece carrying 1metal")
    s = run(loaded, "play movement", "sail ferry90 E20")
    assert s.resources["E20"] == {"metal": 1} and "ferry90" not in s.resources


def test_passengers_sail_with_their_ferry():
    """Ferry, l.254: units aboard travel with the ferry. After sailing from F20 to G19 the
    passenger stands on G19 for movement, control and attacks; F20 is left empty."""
    from monuments_tui.rules.queries import controlled_water, owners_at

    s = run(position(GAME, "[board]", "E20: greece w", FERRY), "play movement", "board ferry90 w", "sail ferry90 G19")
    (passenger,) = [u for u in s.units.values() if u.ferry == "ferry90"]
    assert passenger.hex == "G19" == s.ferries["ferry90"].water
    assert owners_at(s, "G19") == {0} and owners_at(s, "F20") == set()
    assert "G19" in controlled_water(s, 0) and "F20" not in controlled_water(s, 0)


def test_passengers_left_behind_only_under_the_0_3_0_rule():
    """The 0.3.0 engine left passengers on the hex they were on before the ferry sailed on;
    that behaviour survives only as an option for replaying games saved by 0.3.0."""
    old = position(GAME, "options passengers_sail_with_ferry=no", "[board]", "E20: greece w", FERRY)
    s = run(old, "play movement", "board ferry90 w", "sail ferry90 G19")
    (passenger,) = [u for u in s.units.values() if u.ferry == "ferry90"]
    assert passenger.hex == "F20"


def test_seeded_game_keeps_passengers_on_their_ferry():
    """Regression: Greece v Egypt, Scarcity, seed 1, uniform random play (choices seeded 1):
    the 72nd command, `sail ferry7 K21`, used to leave unit u6 behind on I21."""
    import random

    from monuments_tui.rules import GameConfig, decide, format_command, legal_commands, new_game
    from monuments_tui.rules.evolve import apply_in_place

    s = new_game(GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=1))
    rnd = random.Random(1)
    texts = []
    for _ in range(72):
        command = rnd.choice(legal_commands(s))
        texts.append(format_command(command))
        for event in decide(s, command):
            apply_in_place(s, event)
    assert texts[-1] == "sail ferry7 K21"
    assert s.units["u6"].ferry == "ferry7" and s.units["u6"].hex == "K21"
