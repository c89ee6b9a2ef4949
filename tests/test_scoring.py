"""Game end and scoring (rules review A17): the last round, every score line, tie-breakers.

Line numbers (l.N) refer to /work/shared/rules/monuments-rulebook.txt; Bnn to the rules review.
"""

from __future__ import annotations

import msgspec
import pytest

from monuments_tui.rules import decide, events as ev, fold, parse_command, pending as pd
from monuments_tui.rules.scoring import ScoreBreakdown, ranking, score, score_seat, winners
from monuments_tui.rules.state import copy_state
from tests.helpers import HOME, bare, position, run

CONFIGS = {
    2: ("greece", "egypt"),
    3: ("greece", "egypt", "inca"),
    4: ("greece", "egypt", "maya", "inca"),
}


# -- the last round (A17 #148-149) --------------------------------------------------------------
MONUMENT_HEX = {"greece": "F19", "egypt": "H19", "maya": "E8", "inca": "K10"}
STARTING_WORKERS = {"greece": "w w w", "egypt": "wh wh w", "maya": "w w w", "inca": "w w w"}
"""Each civilisation's monument hex and its three starting workers there [Player set-up, l.160]."""
LAYER5_COST = {
    "greece": {"E19": "wood", "E20": "metal", "F18": "sheep", "D18": "food"},
    "egypt": {"I20": "wood", "I17": "metal", "H18": "sheep", "I19": "food"},
    "maya": {"E7": "wood", "C7": "metal", "D7": "sheep", "D8": "food"},
    "inca": {"J10": "wood", "L10": "metal", "K11": "sheep", "J11": "food"},
}
"""Where each civilisation keeps the 3 of each resource that layer 5 costs [l.278]: one home hex producing each."""


def layer5_board(civ: str, extra: str) -> str:
    """[board] lines: `civ` able to build layer 5 [l.272, l.278]: a worker on its nine home land
    hexes and on the three `extra` ones (12 land hexes), three more on its monument hex, the cost
    on its home hexes."""
    cost = LAYER5_COST[civ]
    land = [h for h in HOME[civ]] + extra.split()
    lines = [f"{h}: {civ} w" + (f" 3{cost[h]}" if h in cost else "") for h in land]
    return "\n".join(lines + [f"{MONUMENT_HEX[civ]}: {civ} w w w"])


def round_in_progress(seats: int, builder: int, ready: dict[int, str] | None = None, egypt: str = ""):
    """Round 3 with `builder` to play and able to build layer 5; everyone can take cards back
    (Trade discarded). `ready` maps each seat able to build layer 5 to its three land hexes
    beyond home (by default `builder`, on the first free ones); `egypt` is more of Egypt's lines."""
    civs = CONFIGS[seats]
    ready = ready or {builder: "B13 B15 C15" if seats == 3 else "A12 A13 B13"}
    board = [
        layer5_board(civ, ready[seat]) if seat in ready else f"{MONUMENT_HEX[civ]}: {civ} {STARTING_WORKERS[civ]}"
        for seat, civ in enumerate(civs)
    ]
    sections = [f"[{civ}]\nlayers {4 if seat in ready else 0}\ndiscard trade" for seat, civ in enumerate(civs)]
    sections[1] += f"\n{egypt}"
    return position(
        f"game {','.join(civs)} abundance seed=1\nround 3\ncurrent {civs[builder]}", "[board]", *board, *sections
    )


def play_out(s):
    """Every remaining turn: take the discard pile back, until the game ends (at most 2 rounds)."""
    for _ in range(2 * s.seats):
        if s.phase == "over":
            return s
        s = run(s, "takeback")
    return s


@pytest.mark.parametrize("seats,builder", [(n, k) for n in (2, 3, 4) for k in range(n)])
def test_game_ends_after_the_round_in_which_layer_five_is_built(seats, builder):
    """Game end, l.391; l.188, l.166 (B61): once layer 5 is built the round is the last; play goes on
    until the player before the first player has had a turn, so every player has had as many turns.
    If the player before the first player builds it, the game ends right after their turn."""
    s = run(round_in_progress(seats, builder), "play monument", "layer")
    assert s.final_round
    s = run(s, f"bonus {s.pending.options[0]}")
    if builder == seats - 1:
        assert s.phase == "over" and s.pending is None
    else:
        assert s.phase == "play" and s.current == builder + 1
        s = play_out(s)
    assert s.phase == "over" and s.round == 3
    assert [p.turns for p in s.players] == [3] * seats


def test_several_players_may_finish_in_the_last_round():
    """l.188: several players may finish their monument in the last round; it ends the round once."""
    s = round_in_progress(3, 0, ready={0: "B13 B15 C15", 1: "G9 G10 G11"})
    s = run(s, "play monument", "layer", "bonus cb5-vp6")
    assert s.current == 1
    s = run(s, "play monument")
    events = decide(s, parse_command("layer"))
    assert ev.LayerBuilt(1, 5) in events and not any(isinstance(e, ev.FinalRoundBegan) for e in events)
    s = run(fold(s, events), "bonus cb5-vp5")
    assert s.current == 2
    s = run(s, "takeback")
    assert s.phase == "over"
    assert [p.layers for p in s.players] == [5, 5, 0]


def test_the_final_turn_may_still_turn_in_quests():
    """B72: every player gets a final turn; after its action it may turn in quests before the game ends."""
    s = round_in_progress(2, 1, egypt="quests qs-land")
    s = run(s, "play monument", "layer", "bonus cb5-vp6")
    assert isinstance(s.pending, pd.AfterAction) and s.phase == "play"
    s = run(s, "turnin qs-land")
    assert s.phase == "over" and s.players[1].completed == ["qs-land"]


# -- the score lines (A17 #150-158) ----------------------------------------------------------------
def final_position(score_card: str = "vanilla", game: str = "game greece,egypt scarcity seed=1"):
    """A hand-built final position for Greece (seat 0, `score_card`), the game over:

    5 layers and the 5-VP Layer-5 card; 7 resources under its workers (E19 3 wood, E20 2 metal,
    F18 2 sheep) and 4 more on D17 where it has no worker; workers on E19 (armed), E20, F18,
    two on the monument hex F19 and one aboard a ferry at sea on F20; an army on D18, an air
    force on C19, a navy on G20; a fort on E20, a town on F18, a factory on E19; 3 green
    cards; completed qs-land (1) and q23-land (2); in progress q45-land (-2), q01-food (0) and
    q23-navy (-1: met, but never turned in).
    """
    return position(
        game,
        f"""
        phase over
        pending -
        [board]
        E19: greece ws factory 3wood
        E20: greece w fort 2metal
        F18: greece w town 2sheep
        F19: greece w w
        F20: greece w@ferry90
        ferry#ferry90 F20 by greece
        D18: greece army
        C19: greece air
        G20: greece navy
        D17: 4sheep
        H19: egypt wh wh w
        [greece]
        set-aside -
        score {score_card}
        layers 5
        bonuses cb1-military cb2-movement cb3-production cb4-production cb5-vp5
        green production movement trade
        completed qs-land q23-land
        quests q45-land q01-food q23-navy
    """,
    )


def lines(breakdown: ScoreBreakdown) -> dict[str, tuple[str, int]]:
    return {line.key: (line.detail, line.vp) for line in breakdown.lines}


def test_hand_built_final_position_line_by_line():
    """Goal of the game, l.190-198; Game end, l.397-404; B64, B70, B71, B72 (vanilla card)."""
    b = score_seat(final_position(), 0)
    assert lines(b) == {
        "layers": ("5 × 6 VP", 30),  # 6 VP per layer [l.190, l.397]
        "layer5": ("cb5-vp5", 5),  # the Layer-5 card [l.191]
        "resources": ("7 resources / 3", 2),  # only under your workers, rounded down [l.398]
        "workers": ("6 workers / 2", 3),  # monument hex and ferry included (B71) [l.399]
        "land": ("5 × 1 VP", 5),  # workers, army, air force; not the monument hex, not the navy (B64) [l.400]
        "power": ("12 power / 3", 4),  # armed worker 1 (0 at sea), army 3, air 2, navy 3, fort 2, town 1 (B70) [l.401]
        "upgrades": ("3 × 1 VP", 3),  # [l.402]
        "quests_done": ("2 quest(s)", 3),  # [l.403]
        "quests_open": ("3 quest(s)", -3),  # a met quest not turned in is uncompleted (B72) [l.404]
    }
    assert b.total == 52 and (b.layers, b.military_power, b.resources) == (5, 12, 7)
    assert [line.name for line in b.lines] == [
        "Monument layers",
        "Layer-5 card",
        "Resources",
        "Workers",
        "Land hexes",
        "Military power",
        "Upgraded cards",
        "Completed quests",
        "Uncompleted quests",
    ]


def test_score_card_example_resources_per_four_and_extra_land_vp():
    """l.202: "1 VP per 4 resources ... an extra VP per land area" (score card A: 2 VP per land hex, B88)."""
    s = final_position("score-a")
    got = lines(score_seat(s, 0))
    assert got["resources"] == ("7 resources / 4", 1)
    assert got["land"] == ("5 × 2 VP", 10)
    assert score_seat(s, 0).total == 52 - 1 + 5


def test_every_division_rounds_down():
    """l.398, l.405: always round down (5 resources at 1 VP per 3 give 1 VP)."""
    s = position("game greece,egypt scarcity seed=1", "[board]", "E19: greece w 5wood")
    assert lines(score_seat(s, 0))["resources"][1] == 1
    assert lines(score_seat(s, 0))["workers"] == ("1 workers / 2", 0)


def test_extra_score_card_lines():
    """l.200, l.405 (B22): score cards C and D add a line (+1 VP per fort / per town)."""
    got = lines(score_seat(final_position("score-c"), 0))
    assert got["extra_forts"] == ("1 forts × 1 VP", 1)
    assert got["layers"] == ("5 × 5 VP", 25) and got["power"] == ("12 power / 2", 6)
    s = final_position("score-d")
    got = lines(score_seat(s, 0))
    assert got["extra_towns"] == ("1 towns × 1 VP", 1) and got["upgrades"] == ("3 × 2 VP", 6)
    assert [line.name for line in score_seat(s, 0).lines][-1] == "+1 VP per town"


def test_the_ai_scores_only_its_met_quests_and_no_penalties():
    """Solo game end, l.553, B83: the AI's quests are checked at the end; only met ones score, no penalties."""
    s = final_position(game="game greece,egypt abundance seed=1 solo=easy ai-seat=greece")
    got = lines(score_seat(s, 0))
    assert got["quests_done"] == ("3 quest(s)", 3 + 2)  # q23-navy is met: +2
    assert got["quests_open"] == ("0 quest(s)", 0)


def test_score_of_every_seat_and_serialisation():
    """Each player uses their own score card (l.395); the breakdown is a Struct saves and the app can store."""
    s = final_position()
    scores = score(s)
    assert [b.seat for b in scores] == [0, 1]
    assert scores[1].score_card == s.players[1].score_card
    raw = msgspec.json.encode(scores)
    assert msgspec.json.decode(raw, type=list[ScoreBreakdown]) == scores


# -- the ranking (A17 #159, B73) ---------------------------------------------------------------------
def fake(seat, total, layers=0, power=0, resources=0):
    return ScoreBreakdown(seat, "greece", "vanilla", (), total, layers, power, resources)


def test_most_vp_wins():
    """l.407: the player with the most VP wins."""
    s = final_position()
    assert winners(s) == [0]
    assert [p.seat for p in ranking(s)] == [0, 1]


def test_tie_breakers_layers_then_power_then_resources_then_shared():
    """l.409 (B73): ties go to most layers, then most military power, then most resources; else shared."""
    s = bare()
    assert [p.seat for p in ranking(s, [fake(0, 30, layers=3), fake(1, 30, layers=4)])] == [1, 0]
    assert [p.seat for p in ranking(s, [fake(0, 30, 4, power=5), fake(1, 30, 4, power=2)])] == [0, 1]
    assert [p.seat for p in ranking(s, [fake(0, 30, 4, 5, 1), fake(1, 30, 4, 5, 9)])] == [1, 0]
    shared = ranking(s, [fake(0, 30, 4, 5, 9), fake(1, 30, 4, 5, 9), fake(2, 12)])
    assert [(p.seat, p.place, p.shared) for p in shared] == [(0, 1, True), (1, 1, True), (2, 3, False)]


def test_game_over_state_scores_consistently():
    """The breakdown total is the sum of its lines."""
    s = final_position()
    for b in score(s):
        assert b.total == sum(line.vp for line in b.lines)
    assert copy_state(s) == s


def test_solo_score_cards():
    """Solo set-up, l.436-438 (B23): you score with the vanilla card, the AI with its level's AI card."""
    from monuments_tui.rules import GameConfig, new_game

    for level, card in (("easy", "ai1"), ("hard", "ai1"), ("normal", "ai2"), ("insane", "ai2")):
        s = new_game(GameConfig(civs=("greece", "egypt"), mode="abundance", solo=level))
        assert [p.score_card for p in s.players] == [card, "vanilla"]
        assert [b.score_card for b in score(s)] == [card, "vanilla"]
