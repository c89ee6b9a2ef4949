"""`monuments diff` and `records/diff.py`: what changed between two positions, in plain words.

[issue 20, point 4; Game end, l.395-407 for the score lines; l.369 for hidden quests]
"""

from __future__ import annotations

from pathlib import Path

from monuments_tui.cli.main import main
from monuments_tui.game.replay import Replay, changes_since
from monuments_tui.records.diff import EVERYTHING, diff_states
from monuments_tui.rules import GameConfig, new_game
from monuments_tui.rules.state import Building, Unit, copy_state
from monuments_tui.rules.views import HIDDEN

EXAMPLES = Path(__file__).parent.parent / "saves" / "examples"
FOUR = EXAMPLES / "four-players-scarcity.jsonl"

KNOWN = """From step 98 (round 10, turn 37) to step 114 (round 12, turn 45):
  Resources on E20: +1 metal (now 1 metal)
  Resources on F18: +1 sheep (now 4 sheep)
  Resources on I20: -1 wood (now 1 wood)
  Resources on K11: -2 sheep (now 1 metal, 1 wood)
  Maya's worker moved from E7 to E8
  Inca built a factory on K11
  Egypt built a bridge between I20 and J19
  Greece played Production, Upgrade an action
  Greece upgraded Trade
  Egypt took back Production into the hand
  Maya took back Production into the hand
  Inca played Build a building
  Inca took back Production, Trade into the hand
  Greece VP: 7 -> 8 (+1)
    Upgraded cards: 2 -> 3 (+1)
  Maya VP: 3 -> 2 (-1)
    Land hexes: 2 -> 1 (-1)
  Inca VP: 4 -> 3 (-1)
    Resources: 1 -> 0 (-1)
"""


def test_the_cli_lists_a_known_pair_of_steps_of_the_shipped_four_player_game(capsys):
    assert main(["diff", str(FOUR), "s98", "s114"]) == 0
    assert capsys.readouterr().out == KNOWN
    assert main(["diff", str(FOUR), "r10", "r12"]) == 0  # the same places named as rounds
    assert capsys.readouterr().out == KNOWN


def test_the_cli_takes_turns_bare_or_with_t_and_refuses_anything_else_in_plain_words(capsys):
    assert main(["diff", str(FOUR), "12", "t13"]) == 0
    assert capsys.readouterr().out.startswith("From step 41 (round 3, turn 12) to step 44 (round 4, turn 13):")
    assert main(["diff", str(FOUR), "x12", "t13"]) == 2
    err = capsys.readouterr().err
    assert "'x12' is not a place in this game" in err and "a round (r10" in err and "Traceback" not in err
    assert main(["diff", str(FOUR), "s0", "s5000"]) == 2
    assert "step 5000 is past the end: this game has 1210 steps" in capsys.readouterr().err
    assert main(["diff", "no-such-file.jsonl", "s0", "s1"]) == 1
    assert "no-such-file.jsonl" in capsys.readouterr().err


def test_the_same_position_has_no_change():
    state = new_game(GameConfig(civs=("greece", "egypt"), seed=3))
    assert diff_states(state, copy_state(state)) == ["No change."]


def _base():
    return new_game(GameConfig(civs=("greece", "egypt"), seed=3))


def test_pieces_placed_moved_lost_and_trained_and_buildings():
    before = _base()
    before.units = {
        "u1": Unit("u1", 0, "worker", "F18"),
        "u2": Unit("u2", 0, "worker", "F19"),
        "u3": Unit("u3", 1, "army", "H19"),
        "u4": Unit("u4", 1, "worker", "H18"),
    }
    after = copy_state(before)
    del after.units["u2"]  # Greece's worker on F19 becomes an army [Train a military unit, l.309-311]
    after.units["u9"] = Unit("u9", 0, "army", "F19")
    after.units["u1"].hex = "E18"
    del after.units["u3"]
    after.units["u4"].weapon = True
    after.units["u8"] = Unit("u8", 1, "worker", "I20")
    after.buildings = {"b1": Building("b1", 0, "town", "F18")}
    lines = diff_states(before, after)
    assert "Greece trained a worker on F19 into army" in lines
    assert "Greece's worker moved from F18 to E18" in lines
    assert "Egypt lost army from H19" in lines
    assert "Egypt's worker on H18 took a weapon" in lines
    assert "Egypt placed worker on I20" in lines
    assert "Greece built a town on F18" in lines
    assert not any("placed army" in line for line in lines)  # the trained army is not also "placed"


def test_cards_played_upgraded_and_taken_back_layers_bonuses_and_quests():
    before = _base()
    p = before.players[0]
    p.hand, p.discard, p.green = ["production", "movement"], ["trade"], []
    p.quests, p.completed = ["q01-food"], []
    after = copy_state(before)
    q = after.players[0]
    q.hand, q.discard, q.green = ["trade"], ["production"], ["movement"]
    q.layers, q.bonuses = 1, ["cb1-worker-move"]
    q.quests, q.completed = ["q01-armed"], ["q01-food"]
    lines = diff_states(before, after)
    assert lines[0] == "Greece played Production"
    assert "Greece upgraded Movement" in lines
    assert "Greece took back Trade into the hand" in lines
    assert "Greece's monument: layer 0 -> layer 1" in lines
    assert "Greece took the common bonus cb1-worker-move" in lines
    assert "Greece completed the quest q01-food" in lines
    assert "Greece now holds quest q01-armed" in lines
    vp = lines[lines.index("Greece VP: 1 -> 10 (+9)") + 1 :]
    assert vp == ["  Monument layers: 0 -> 6 (+6)", "  Upgraded cards: 0 -> 2 (+2)", "  Completed quests: 0 -> 1 (+1)"]


def test_another_seats_quests_stay_hidden_in_a_seats_view():
    before = _base()
    before.players[1].quests = ["q01-food"]
    after = copy_state(before)
    after.players[1].quests = ["q01-food", "q23-navy"]
    assert "Egypt now holds quest q23-navy" in diff_states(before, after)
    egypt_sees = diff_states(before, after, 1)
    greece_sees = diff_states(before, after, 0)
    assert "Egypt now holds quest q23-navy" in egypt_sees
    assert "Egypt now holds 1 hidden quest(s)" in greece_sees
    assert not any("q23-navy" in line for line in greece_sees)
    # Its penalty would tell the quest: Greece is not shown Egypt's "Uncompleted quests" line [l.369].
    assert any("Uncompleted quests" in line for line in egypt_sees)
    assert not any("Uncompleted quests" in line for line in greece_sees)
    assert HIDDEN not in " ".join(diff_states(before, after, EVERYTHING))


def test_changes_since_is_the_start_of_the_turn_or_at_its_start_the_turn_before():
    r = Replay.open(FOUR)
    r.goto_place("t12")
    start = r.position
    assert changes_since(r.steps, start + 1) == start
    assert changes_since(r.steps, start) == r.turn_position(11)
    assert changes_since(r.steps, 0) == 0
