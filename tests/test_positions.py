"""Positions as text: the exact round trip, hand-written defaults, and every refusal."""

from __future__ import annotations

import random
import re
from pathlib import Path

import msgspec
import pytest

from monuments_tui.game.replay import Replay
from monuments_tui.rules import (
    GameConfig,
    PositionError,
    decide,
    fold,
    format_command,
    format_position,
    legal_commands,
    new_game,
    parse_position,
    pending as pd,
)
from monuments_tui.rules.position.fields import PENDING_KINDS
from monuments_tui.rules.state import (
    BANK_START,
    PIECE_LIMITS,
    AiState,
    Battle,
    BattleRecord,
    copy_state,
)
from tests.helpers import add_building, game

_SORTED = msgspec.json.Encoder(order="sorted")


def sorted_json(state) -> bytes:
    """`state` as JSON with dict keys sorted: the order of hexes in `resources` is not part of a
    position (the rules sort). Keys are written as text, so seats and levels sort too."""
    return _SORTED.encode(msgspec.to_builtins(state, str_keys=True))


GOLDEN_BATTLES = Path(__file__).parent / "golden" / "v1_0.3.0_four-players-scarcity.jsonl"
SETUPS = [
    (GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=1), 150),
    (GameConfig(civs=("greece", "egypt"), mode="abundance", seed=6), 150),
    (GameConfig(civs=("greece", "egypt", "inca"), mode="abundance", seed=2), 150),
    (GameConfig(civs=("greece", "egypt", "inca"), mode="scarcity", seed=2), 150),
    (GameConfig(civs=("greece", "egypt", "maya", "inca"), mode="scarcity", seed=3), 150),
    (GameConfig(civs=("greece", "egypt", "maya", "inca"), mode="abundance", seed=3), 150),
] + [(GameConfig(civs=("greece", "egypt"), solo=level, seed=5), 300) for level in ("easy", "normal", "hard", "insane")]


def features(state) -> set[str]:
    found = {state.phase}
    if state.battle is not None:
        found.add("battle")
    if any(u.ferry for u in state.units.values()):
        found.add("passengers")
    if any(place in state.ferries for place in state.resources):
        found.add("cargo")
    if any(b.damaged for b in state.buildings.values()):
        found.add("damaged")
    if state.pending is not None:
        found.add(type(state.pending).__name__)
    return found


def round_trips(state) -> list:
    """Check that `state` survives the round trip; its legal commands."""
    text = format_position(state)
    back = parse_position(text)
    assert sorted_json(back) == sorted_json(state), text
    assert format_position(back) == text
    legal = legal_commands(state)
    assert [format_command(c) for c in legal_commands(back)] == [format_command(c) for c in legal]
    return legal


def test_every_state_of_seeded_games_survives_the_round_trip():
    seen: set[str] = set()
    for config, steps in SETUPS:
        state, rnd = new_game(config), random.Random(1)
        for _ in range(steps):
            legal = round_trips(state)
            seen |= features(state)
            if state.pending is None:
                break
            state = fold(state, decide(state, rnd.choice(legal)))
    # Random play seldom fights: the golden four-player game's battles (every position from
    # each attack to the end of its battle, and every 50th position) are checked too.
    replay = Replay.open(GOLDEN_BATTLES)
    while replay.forward():
        state = replay.state
        if state.battle is not None or replay.position % 50 == 0 or any(b.damaged for b in state.buildings.values()):
            round_trips(state)
            seen |= features(state)
    # Nor do the bots' games damage a building: one is put on the board by hand.
    damaged = copy_state(game())
    add_building(damaged, 0, "fort", "E19", damaged=True)
    round_trips(damaged)
    seen |= features(damaged)
    # The games above reach every kind of position the brief names.
    assert {"setup", "play", "battle", "passengers", "cargo", "damaged", "AiTurn"} <= seen, seen


SAMPLE_PENDING = [
    pd.AssignDamage(1, damage=2, side="attacker"),
    pd.PlaceStep(0, queue=(pd.Placement("wood"), pd.Placement("weapon", "reassign")), then="personal_bonus"),
    pd.ChooseQuestsToKeep(1, deck="2-3", options=("q23-army", "q23-land"), least=0, then="personal_bonus"),
    pd.MovementStep(0, green=True, slots=1, moved=("u1", "ferry9"), steps=3),
    pd.ChoosePersonalOption(0, card=""),
    pd.ChooseWeaponHolder(0, reason="reassign", then="free"),
]


@pytest.mark.parametrize("pending", [cls(1) for cls in PENDING_KINDS.values()] + SAMPLE_PENDING, ids=repr)
def test_every_kind_of_pending_decision_is_written_and_read_back(pending):
    state = copy_state(new_game(GameConfig(civs=("greece", "egypt"), seed=1)))
    state.pending = pending
    waiting = getattr(pending, "reason", "") == "reassign" or any(
        p.source == "reassign" for p in getattr(pending, "queue", ())
    )
    if waiting:
        state.bank["weapon"] -= 1  # the trained worker's weapon waits for its new holder [l.327-329]
    if isinstance(pending, pd.ChooseQuestsToKeep):  # the quests drawn have left their deck
        state.quest_decks = {d: [q for q in deck if q not in pending.options] for d, deck in state.quest_decks.items()}
    back = parse_position(format_position(state))
    assert back.pending == pending
    assert sorted_json(back) == sorted_json(state)


def test_a_battle_in_progress_and_the_battles_fought_are_written_and_read_back():
    state = copy_state(new_game(GameConfig(civs=("greece", "egypt"), seed=1)))
    state.battle = Battle(0, 1, "I19", ("H18",), 3, 2, (1, 0, 2), (0, 1), True, ("u1",), (), attackers=("u1", "u2"))
    state.battles = [BattleRecord(1, 0, "E19", ("E20", "F18"), 1, 4, (1,), (0, 0, 2, 1), False, (), ("u4",), round=2)]
    state.ai = AiState("hard", draw=["build"], discard=[], card=None, outcome="set aside")
    text = format_position(state)
    assert "battle attacker=greece defender=egypt target=I19" in text
    assert sorted_json(parse_position(text)) == sorted_json(state)


def test_the_positions_in_the_game_keep_dict_order_that_the_rules_see():
    # Supply, set-aside, bank and resource tables keep their own order and their zeros.
    state = new_game(GameConfig(civs=("greece", "egypt"), seed=1))
    back = parse_position(format_position(state))
    assert list(back.players[0].supply.items()) == list(state.players[0].supply.items())
    assert msgspec.json.encode(back) == msgspec.json.encode(state)


HAND_WRITTEN = """\
monuments position 1
game greece,egypt scarcity seed=3
round 4
current egypt

[board]
E19: greece w w ws town 3wood
I19: egypt army 1food
ferry G18 docked H18 by egypt carrying 1metal

[egypt]
discard movement
"""


def test_a_hand_written_position_gets_ids_supply_bank_and_the_deal():
    s = parse_position(HAND_WRITTEN)
    assert sorted(s.units) == ["u1", "u2", "u3", "u5"]
    assert set(s.buildings) == {"b4"} and set(s.ferries) == {"ferry6"} and s.next_id == 7
    assert s.players[0].supply["worker"] == PIECE_LIMITS["worker"] - 3
    assert s.players[0].supply["town"] == PIECE_LIMITS["town"] - 1 - s.players[0].set_aside.get("town", 0)
    assert s.bank["wood"] == BANK_START["wood"] - 3 and s.bank["metal"] == BANK_START["metal"] - 1
    assert s.bank["weapon"] == 24 and s.bank["token"] == 24
    assert s.resources["ferry6"] == {"metal": 1}
    assert s.phase == "play" and s.pending.__struct_config__.tag == "action" and s.pending.seat == 1
    assert "movement" not in s.players[1].hand and s.players[1].discard == ["movement"]
    assert [p.turns for p in s.players] == [4, 4]
    deal = new_game(s.config)
    assert s.quest_decks == deal.quest_decks and s.players[0].personal_deck == deal.players[0].personal_deck
    assert s.rng == deal.rng
    # What was filled in is written out in full, and reads back the same.
    again = format_position(s)
    assert "supply worker=12" in again and sorted_json(parse_position(again)) == sorted_json(s)


def refusal(text: str) -> PositionError:
    with pytest.raises(PositionError) as info:
        parse_position(text)
    assert isinstance(info.value, ValueError)
    return info.value


GAME = "monuments position 1\ngame greece,egypt scarcity seed=3\n"


@pytest.mark.parametrize(
    "body, line, words",
    [
        ("[board]\nZ99: greece w\n", 4, "no hex 'Z99'"),
        ("[board]\nE19: rome w\n", 4, "name the owner"),
        ("[board]\nE19: greece wq\n", 4, "not a piece"),
        ("[board]\nE19: greece w#u1 w#u1\n", 4, "used twice"),
        ("[board]\nE19: greece w#u1\nE20: egypt w#u1\n", 5, "used twice"),
        ("[board]\nE19: 4wood 2food\n", 4, "at most 5"),
        ("[board]\nE19: 2gold\n", 4, "not a resource"),
        ("[board]\nbank wood=20\n", 4, "the bank holds 20 wood"),
        ("[board]\nE19: 2wood\nbank wood=25 sheep=25 metal=25 food=25 weapon=25 token=25\n", 5, "that makes 27"),
        ("[board]\nbridge E19-A1 by greece\n", 4, "share no edge"),
        ("[board]\nferry#f7 C6 by greece\n", 4, "must look like ferry7"),
        ("[board]\nE19: greece w@ferry9\n", 4, "no ferry has that id"),
        ("[board]\nbad line\n", 4, "a board line is"),
        ("[greece]\nhand movement flying\n", 4, "unknown action card 'flying'"),
        ("[greece]\nquests q99-nothing\n", 4, "unknown quest"),
        ("[greece]\nsupply worker=16\n", 4, "that makes 16"),
        ("[greece]\nwings 2\n", 4, "unknown line 'wings'"),
        ("[greece]\nquests q01-land\nbattles-at-draw q01-food=1\n", 5, "q01-food, not a quest in progress"),
        ("[greece]\nbattles-at-draw q01-land=²\n", 4, "name=count pairs"),
        ("[rome]\n", 3, "unknown section [rome]"),
        ("[cards]\ncommon 7 cb1-carry\n", 4, "levels 1 to 5"),
        ("[cards]\nquest-deck 0-1 cb1-carry\n", 4, "unknown quest 'cb1-carry'"),
        ("round soon\n", 3, "whole number"),
        ("pending dance greece\n", 3, "unknown pending decision 'dance'"),
        ("pending movement greece wings=2\n", 3, "no field 'wings'"),
        ("pending movement rome\n", 3, "not a civilisation of this game"),
        ("round 2\nround 3\n", 4, "given twice (first on line 3)"),
        ("next-id 2\n[board]\nE19: greece w#u5\n", 3, "next-id must be above"),
    ],
)
def test_impossible_positions_are_refused_with_the_line_and_the_problem(body, line, words):
    error = refusal(GAME + body)
    assert error.line == line, str(error)
    assert words in str(error)
    assert str(error).startswith(f"line {line}: ")


def test_the_header_and_the_game_line_are_checked():
    assert "starts with the line" in str(refusal("game greece,egypt\n"))
    assert refusal("monuments position 1\nround 3\n").line == 2
    assert "unknown civilisation 'rome'" in str(refusal("monuments position 1\ngame greece,rome scarcity\n"))
    assert "no set-up" in str(refusal("monuments position 1\ngame greece,maya scarcity\n"))
    assert "unknown mode" in str(refusal("monuments position 1\ngame greece,egypt chaos\n"))
    assert "empty" in str(refusal(""))


def test_more_pieces_on_the_board_than_a_player_has_are_refused():
    towns = " ".join(["town"] * (PIECE_LIMITS["town"] + 1))
    error = refusal(GAME + f"[board]\nE19: greece {towns}\n")
    assert "a player has 3" in str(error)


def test_the_example_in_the_positions_doc_is_a_real_position():
    doc = (Path(__file__).parents[1] / "docs" / "positions.md").read_text(encoding="utf-8")
    example = re.search(r"```text\n(monuments position 1\n.*?)```", doc, re.S).group(1)
    state = parse_position(example)
    assert format_position(state) == example
    assert legal_commands(state)
