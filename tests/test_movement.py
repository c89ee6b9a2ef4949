"""Movement and ferries [Movement, l.219-225; Ferry, l.254; rules review A7, B42-B49]."""

from __future__ import annotations

from monuments_tui.rules.state import Bridge, Ferry, copy_state

from .helpers import (
    give_bonus,
    greece_egypt_ready,
    hands_back,
    later_turn,
    put_resources,
    put_units,
    rejected,
    run,
    upgraded,
)


def ready():
    return later_turn(greece_egypt_ready())


def with_ferry(state, land="E20", water="F20", fid="ferry90"):
    s = copy_state(state)
    s.ferries[fid] = Ferry(fid, water, land, 0)
    return s


def test_red_moves_two_units_green_three():
    """A7 #50: red moves up to 2 different units, green up to 3 [l.221, l.225]."""
    s = run(ready(), "play movement", "move w F19 E19", "move w F19 F18")
    assert s.current == 1  # two moves ended the action
    g = run(upgraded(ready(), 0, "movement"), "play movement", "move w F19 E19", "move w F19 F18")
    assert g.current == 0 and g.pending.slots == 1
    g = run(g, "move w F19 E20")
    assert g.current == 1


def test_a_unit_never_moves_twice_in_one_action():
    """A7 #51 [l.225]."""
    s = run(ready(), "play movement", "move w F19 E19")
    assert "no w on E19 that can act" in str(rejected(s, "move w E19 E20"))


def test_worker_moves_one_hex():
    """A7 #52: workers move 1 [l.221]."""
    s = run(ready(), "play movement")
    err = rejected(s, "move w F19 D18")
    assert "cannot reach" in str(err)


def test_worker_move_bonus_adds_one_per_copy():
    """B49: each worker-movement bonus adds +1 (two copies: 3)."""
    s = give_bonus(ready(), 0, "worker_move")
    s = run(s, "play movement", "move w F19 E20", "done")  # fine with 2 points
    one = give_bonus(ready(), 0, "worker_move")
    assert one.players[0].bonuses
    two = give_bonus(ready(), 0, "worker_move", copies=2)
    from monuments_tui.rules.queries import worker_moves

    assert worker_moves(ready(), 0) == 1 and worker_moves(one, 0) == 2 and worker_moves(two, 0) == 3


def test_rivers_only_by_bridge():
    """A7 #57, B45: workers and armies cross a river only where a bridge stands [l.221, l.252]."""
    s = put_units(ready(), 0, "E19")
    s = run(s, "play movement")
    assert "cannot reach D19" in str(rejected(s, "move w E19 D19"))
    b = copy_state(s)
    b.bridges["B1"] = Bridge("B1", "D19", "E19", 1)  # built by anyone: bridges belong to nobody
    run(b, "move w E19 D19")


def test_cannot_enter_a_hex_with_another_players_pieces():
    """A7 #55, B46: no hex with another player's unit or building; not even passing through [l.223]."""
    s = put_units(ready(), 1, "E20")
    s = run(s, "play movement")
    assert "cannot reach E20" in str(rejected(s, "move w F19 E20"))


def test_cannot_enter_another_players_monument():
    """A7 #56 [l.221]."""
    s = put_units(ready(), 0, "H18")
    s = run(s, "play movement")
    assert "cannot reach H19" in str(rejected(s, "move w H18 H19"))


def test_own_monument_hex_may_be_entered():
    """B47: your own units may enter and leave your monument hex."""
    s = put_units(ready(), 0, "F18")
    run(s, "play movement", "move w F18 F19")


def test_light_blue_and_out_of_play_hexes_are_closed_even_to_air_forces():
    """A2 #12, #13, B8, B9: nobody enters light-blue or out-of-play hexes [l.120, l.225]."""
    s = put_units(ready(), 0, "A21", kind="air")
    s = put_units(s, 0, "E6", kind="air")
    s = run(s, "play movement")
    assert "cannot reach" in str(rejected(s, "move air A21 A23"))
    assert "cannot reach" in str(rejected(s, "move air E6 E7"))  # North America is not in play


def test_navies_stay_at_sea_armies_on_land():
    """A7 #57; Navy l.315, Army l.319."""
    s = put_units(ready(), 0, "F20", kind="navy")
    s = put_units(s, 0, "E20", kind="army")
    s = run(s, "play movement")
    assert "cannot reach" in str(rejected(s, "move navy F20 E20"))
    assert "cannot reach" in str(rejected(s, "move army E20 F20"))
    run(s, "move navy F20 G19")  # two sea hexes


def test_worker_carries_one_resource():
    """A7 #59, B48: a worker carries one resource, dropped on land within the 5 limit [l.221]."""
    s = put_units(ready(), 0, "E19")
    s = put_resources(s, "E19", wood=1)  # E19 already holds Greece's starting wood
    s = run(s, "play movement")
    assert "at most 1" in str(rejected(s, "move w E19 E20 carry wood,wood"))
    s = run(s, "move w E19 E20 carry wood")
    assert s.resources["E20"] == {"wood": 1} and s.resources["E19"] == {"wood": 1}


def test_horse_carries_two():
    """A7 #59: horses carry up to 2 resources (Egypt's ability, B21)."""
    s = put_units(ready(), 0, "E19", horse=True)
    s = put_resources(s, "E19", wood=1)
    run(s, "play movement", "move wh E19 E20 carry wood,wood")


def test_carry_never_breaks_the_five_limit():
    """B52: the drop must respect 5 resources per hex [l.232]."""
    s = put_units(ready(), 0, "E19")
    s = put_resources(s, "E20", metal=5)
    s = run(s, "play movement")
    assert "more than 5" in str(rejected(s, "move w E19 E20 carry wood"))


def test_ferry_boarding_pushes_to_sea_and_sails_two_loaded():
    """A7 #61-#66, B42-B44: board 1-2 units, pushed to the centre; 2 moves loaded; docking lands them [l.223, l.254]."""
    s = put_units(with_ferry(ready()), 0, "E20", n=2)
    s = run(s, "play movement", "board ferry90 w w")
    f = s.ferries["ferry90"]
    assert f.land is None and f.water == "F20"
    aboard = [u for u in s.units.values() if u.ferry == "ferry90"]
    assert len(aboard) == 2 and all(u.hex == "F20" for u in aboard)
    assert s.current == 1  # two boarding units used both slots (B43)

    s2 = run(put_units(with_ferry(ready()), 0, "E20"), "play movement", "board ferry90 w", "sail ferry90 G19")
    assert s2.ferries["ferry90"].water == "G19" and s2.current == 1
    s3 = hands_back(run(s2, "play movement", "move w H19 I19", "done"))
    s3 = run(s3, "play movement", "sail ferry90 H18")
    assert s3.ferries["ferry90"].land == "H18"
    assert any(u.hex == "H18" and u.owner == 0 and u.ferry is None for u in s3.units.values())


def test_empty_ferry_moves_one():
    """A7 #65: an empty ferry moves 1 [l.254]."""
    s = run(with_ferry(ready()), "play movement")
    assert "cannot reach" in str(rejected(s, "sail ferry90 G19"))
    run(s, "sail ferry90 F20")


def test_ferry_of_another_player_cannot_be_used():
    """A7 #62, B43: a ferry is used by its controller."""
    s = put_units(with_ferry(ready()), 1, "E20")
    s = put_units(s, 0, "E19")
    s = run(s, "play movement")
    assert "controlled by another player" in str(rejected(s, "sail ferry90 F20"))


def test_ferry_carries_cargo_ashore():
    """B48: a worker keeps its resource aboard and drops it on landing."""
    s = put_units(with_ferry(ready()), 0, "E20")
    s = put_resources(s, "E20", metal=1)
    s = run(s, "play movement", "board ferry90 w carry metal", "done")
    assert s.resources["ferry90"] == {"metal": 1}
    s = hands_back(run(s, "play movement", "move w H19 I19", "done"))
    s = run(s, "play movement", "sail ferry90 E20")
    assert s.resources["E20"] == {"metal": 1} and "ferry90" not in s.resources


def test_passengers_sail_with_their_ferry():
    """Ferry, l.254: units aboard travel with the ferry. After sailing from F20 to G19 the
    passenger stands on G19 for movement, control and attacks; F20 is left empty."""
    from monuments_tui.rules.queries import controlled_water, owners_at

    s = run(put_units(with_ferry(ready()), 0, "E20"), "play movement", "board ferry90 w", "sail ferry90 G19")
    (passenger,) = [u for u in s.units.values() if u.ferry == "ferry90"]
    assert passenger.hex == "G19" == s.ferries["ferry90"].water
    assert owners_at(s, "G19") == {0} and owners_at(s, "F20") == set()
    assert "G19" in controlled_water(s, 0) and "F20" not in controlled_water(s, 0)


def test_passengers_left_behind_only_under_the_0_3_0_rule():
    """The 0.3.0 engine left passengers on the hex they were on before the ferry sailed on;
    that behaviour survives only as an option for replaying games saved by 0.3.0."""
    from msgspec.structs import replace

    base = put_units(with_ferry(ready()), 0, "E20")
    old = replace(base.config.options, passengers_sail_with_ferry=False)
    base = replace(base, config=replace(base.config, options=old))
    s = run(base, "play movement", "board ferry90 w", "sail ferry90 G19")
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
