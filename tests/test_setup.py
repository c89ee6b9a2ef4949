"""Set-up for every configuration [Set-up, l.118-166; rules review A3, A4]."""

from __future__ import annotations

import pytest

from monuments_tui.rules import commands as cmd, legal_commands
from monuments_tui.rules.board import load_board
from monuments_tui.rules.content import ACTION_IDS
from monuments_tui.rules.pending import ChooseAction, ChooseStartQuest, ChooseStartResource
from monuments_tui.rules.queries import layout

from .helpers import finish_setup, greece_egypt_ready, put_units, rejected, run, start

CONFIGS = [
    (("greece", "egypt"), "abundance"),
    (("greece", "egypt"), "scarcity"),
    (("maya", "inca"), "abundance"),
    (("maya", "inca"), "scarcity"),
    (("greece", "egypt", "inca"), "abundance"),
    (("greece", "egypt", "inca"), "scarcity"),
    (("greece", "egypt", "maya", "inca"), "abundance"),
    (("greece", "egypt", "maya", "inca"), "scarcity"),
]

ISLANDS = {
    (("greece", "egypt"), "abundance"): {"madagascar", "greenland_bottom", "greenland_top", "uk"},
    (("greece", "egypt"), "scarcity"): {"madagascar", "greenland_bottom", "greenland_top"},
    (("maya", "inca"), "abundance"): {"greenland_bottom", "greenland_top", "easter_island", "hawaii", "cuba"},
    (("maya", "inca"), "scarcity"): {"greenland_bottom", "greenland_top", "easter_island", "hawaii"},
    (("greece", "egypt", "inca"), "abundance"): {
        "madagascar",
        "greenland_bottom",
        "uk",
        "cuba",
        "easter_island",
        "island7",
    },
    (("greece", "egypt", "inca"), "scarcity"): {"madagascar", "greenland_bottom", "uk", "cuba", "easter_island"},
    (("greece", "egypt", "maya", "inca"), "abundance"): {
        "madagascar",
        "greenland_bottom",
        "greenland_top",
        "uk",
        "easter_island",
        "hawaii",
        "cuba",
        "island7",
    },
    (("greece", "egypt", "maya", "inca"), "scarcity"): {
        "madagascar",
        "greenland_bottom",
        "greenland_top",
        "uk",
        "easter_island",
        "hawaii",
        "cuba",
    },
}


@pytest.mark.parametrize("civs,mode", CONFIGS)
def test_every_configuration_sets_up(civs, mode):
    """10 red action cards each, 3 workers on each monument hex, islands per mode [l.120-166]."""
    s = start(civs=civs, mode=mode, seed=3)
    board = load_board()
    assert len(s.players) == len(civs)
    for seat, p in enumerate(s.players):
        assert sorted(p.hand) == sorted(ACTION_IDS) and p.green == [] and p.discard == []
        monument = board.monument_hex(p.civ)
        assert sum(1 for u in s.units.values() if u.owner == seat and u.hex == monument) == 3
        assert p.supply["worker"] == 12
        assert p.score_card != "vanilla" and p.ability is not None
        assert len(p.personal_deck) == 5
    land_regions = {board.hex(h).region for h in layout(s).land}
    islands = {r for r in land_regions if r not in ("europe", "africa", "north_america", "south_america")}
    assert islands == ISLANDS[(civs, mode)]
    continents = {"greece": "europe", "egypt": "africa", "maya": "north_america", "inca": "south_america"}
    assert {r for r in land_regions if r in continents.values()} == {continents[c] for c in civs}


@pytest.mark.parametrize("civs,mode", CONFIGS)
def test_setup_choices_lead_to_the_first_players_turn(civs, mode):
    """Everyone keeps a starting quest and places 2 resources; the first player (seat 0) starts [l.154-166]."""
    s = finish_setup(start(civs=civs, mode=mode, seed=4))
    assert s.phase == "play" and s.round == 1 and s.current == 0
    assert isinstance(s.pending, ChooseAction) and s.pending.seat == 0
    for p in s.players:
        assert len(p.quests) == 1
    assert sum(sum(v.values()) for v in s.resources.values()) == 2 * len(civs)


def test_starting_quests_two_dealt_one_kept():
    """Each player is dealt 2 starting quests, keeps one; the rest leave the game [l.154]."""
    s = start()
    assert isinstance(s.pending, ChooseStartQuest)
    a, b = s.pending.options
    s = run(s, f"startquest {b}")
    assert s.players[0].quests == [b]
    assert a in s.removed_cards
    assert isinstance(s.pending, ChooseStartResource)


def test_starting_resource_must_match_the_hex():
    """A starting resource goes on a hex that produces that type [Player set-up, l.162]."""
    s = start()
    s = run(s, f"startquest {s.pending.options[0]}")
    assert "produces" in str(rejected(s, "start metal E19"))
    assert "not a land hex" in str(rejected(s, "start wood A1"))
    s = run(s, "start wood E19", "start wood E19")
    assert s.resources["E19"] == {"wood": 2}
    assert s.bank["wood"] == 23


def test_starting_resource_not_on_another_players_continent_hex_with_pieces():
    """B55: never a hex holding another player's pieces, nor a monument hex [Player set-up, l.162]."""
    s = start()
    s = run(s, f"startquest {s.pending.options[0]}")
    rival = put_units(s, 1, "E19")  # an Egyptian worker on a Greek wood hex
    assert "another player has pieces on E19" in str(rejected(rival, "start wood E19"))
    assert cmd.PlaceStartResource("wood", "E19") not in legal_commands(rival)
    assert cmd.PlaceStartResource("wood", "E19") in legal_commands(s)
    assert run(rival, "start metal E20").resources["E20"] == {"metal": 1}
    own = put_units(s, 0, "E19")  # the player's own pieces do not stand in the way
    assert run(own, "start wood E19").resources["E19"] == {"wood": 1}
    for monument in ("F19", "H19"):  # Greece's own, and Egypt's with its 3 workers
        assert "not a land hex" in str(rejected(s, f"start wood {monument}"))


def test_unused_continents_and_islands_are_out_of_play():
    """Continents not in play and islands not listed cannot be entered [l.120; B8]."""
    s = greece_egypt_ready()
    lay = layout(s)
    board = load_board()
    assert board.monument_hex("maya") not in lay.in_play
    assert not any(board.hex(h).region == "uk" for h in lay.land)


def test_first_player_keeps_the_marker_and_turns_go_clockwise():
    """Seat 0 starts every round; turns go clockwise [l.166, l.188]."""
    s = finish_setup(start(civs=("greece", "egypt", "maya", "inca"), seed=2))
    order = []
    for _ in range(8):
        order.append(s.current)
        s = _pass_turn(s)
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]


def _pass_turn(s):
    from monuments_tui.rules import decide, fold, legal_commands

    seat = s.current
    while s.current == seat and s.phase == "play":
        s = fold(s, decide(s, legal_commands(s)[-1]))
    return s


def test_ai_solo_setup():
    """Solo: the AI gets the AI score card, no personal deck, no set-aside pieces, 2 resources next to its monument."""
    s = start(civs=("greece", "egypt"), mode="abundance", solo="easy")
    ai = s.players[0]
    assert ai.personal_deck == [] and ai.set_aside == {} and ai.ability is None
    assert s.players[1].score_card == "vanilla" and ai.score_card == "ai1"
    assert len(ai.quests) == 1
    board = load_board()
    ((hex_id, res),) = s.resources.items()
    assert sum(res.values()) == 2 and board.distance(hex_id, board.monument_hex("greece")) == 1
    assert s.pending.seat == 1


def test_cards_filtered_by_player_count():
    """A3 #26: with 2 players remove 3+ and 4+ cards; with 3 remove 4+ [l.146]; #27: no solo-only quests [l.154]."""
    from monuments_tui.rules.content import load_content

    content = load_content()
    for civs, limit in (
        (("greece", "egypt"), 2),
        (("greece", "egypt", "inca"), 3),
        (("greece", "egypt", "maya", "inca"), 4),
    ):
        s = start(civs=civs)
        in_piles = [cid for pile in s.common_piles.values() for cid in pile]
        assert in_piles and all(content.common_by_id[c].min_players <= limit for c in in_piles)
        quests = [q for deck in s.quest_decks.values() for q in deck]
        assert quests and all(content.quest_by_id[q].min_players <= limit for q in quests)
        assert all(content.quest_by_id[q].solo != "solo_only" for q in quests)
    assert any(c.min_players == 4 for c in content.common_bonus)


def test_score_cards_bonus_decks_and_abilities_dealt():
    """A4 #31-#34: a random score card and personal deck each; set-up card decides the supply; one ability per civ [l.156-160]."""
    from monuments_tui.rules.content import load_content

    content = load_content()
    dealt = {tuple(p.score_card for p in start(seed=seed).players) for seed in range(12)}
    assert len(dealt) > 1  # random
    s = start(civs=("greece", "egypt", "maya", "inca"), seed=5)
    decks = {content.personal_by_id[p.personal_deck[0]].deck for p in s.players}
    assert len(decks) == 4
    for p in s.players:
        setup_card = content.personal_by_id[p.personal_deck[-1]]
        assert setup_card.layer == 0
        for piece, n in setup_card.supply.items():
            assert p.supply[piece] == n and p.set_aside.get(piece, 0) == 3 - n
        assert content.ability_by_id[p.ability].civ == p.civ


def test_common_bonus_piles_by_level():
    """A4 #37: common bonus cards sorted into 5 level piles [l.164]."""
    from monuments_tui.rules.content import load_content

    content = load_content()
    s = start()
    assert sorted(s.common_piles) == [1, 2, 3, 4, 5]
    for level, pile in s.common_piles.items():
        assert all(content.common_by_id[c].level == level for c in pile)
