"""Solo mode: the AI deck and its 8 cards, as the rulebook's solo rules say.

Line numbers are those of the rulebook text (monuments-rulebook.txt); Bnn are items of the
rules review.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from monuments_tui.rules import (
    GameConfig,
    RuleViolation,
    decide,
    events as ev,
    fold,
    legal_commands,
    new_game,
    parse_command,
)
from monuments_tui.rules.card_types import AI_CARD_IDS, AI_SCORE_CARD
from monuments_tui.rules.commands import AiAct
from monuments_tui.rules.config import check_ai_seat
from monuments_tui.rules.pending import AiTurn, ChooseAction
from monuments_tui.rules.queries import controlled_land, resource_totals, units_of
from monuments_tui.rules.solo import deck
from monuments_tui.rules.solo.tables import ai_layer, difficulty, load_solo
from tests.helpers import position, run
from tests.solo_helpers import AI, HUMAN, PLAYER, ai_position, ai_to_play, ai_turn, narration, solo, with_deck


# -- set-up [Solo set-up, l.432-446] -----------------------------------------------------------
def test_solo_setup():
    """l.434-446 (A18, B23, B84): abundance 2-player layout; the player uses the vanilla score card,
    the AI the card of its level; no abilities; no personal bonus deck or set-aside pieces for the
    AI; its 2 resources on one hex next to its monument reachable without a bridge; one unseen
    starting quest for the AI; the player keeps 1 of 2; the AI plays first."""
    from monuments_tui.rules.board import load_board

    board = load_board()
    for level in ("easy", "normal", "hard", "insane"):
        s = new_game(GameConfig(civs=("greece", "egypt"), solo=level, seed=5))
        ai, human = s.players
        assert human.score_card == "vanilla" and ai.score_card == AI_SCORE_CARD[level]
        assert ai.ability is None and human.ability is None
        assert (
            ai.personal_deck == [] and ai.set_aside == {} and all(ai.supply[k] == 3 for k in ("town", "fort", "army"))
        )
        assert human.personal_deck and human.set_aside
        assert len(ai.quests) == 1 and s.pending.seat == HUMAN and len(s.pending.options) == 2
        [(hex_id, on)] = s.resources.items()
        assert on == {board.hex(hex_id).resource: 2}
        assert board.distance(hex_id, "F19") == 1 and not board.is_river(hex_id, "F19")
    s = solo()
    assert isinstance(s.pending, AiTurn) and s.pending.seat == AI and s.round == 1


def test_solo_config_is_checked():
    """l.434, l.450: two seats, abundance, the AI in seat 0 (first player, the player has the last turn)."""
    with pytest.raises(ValueError, match="seat 0"):
        check_ai_seat("easy", 1)  # an AI seat read from a format-1 save or a position
    with pytest.raises(ValueError, match="Abundance"):
        new_game(GameConfig(civs=("greece", "egypt"), mode="scarcity", solo="easy"))
    with pytest.raises(ValueError, match="solo"):
        check_ai_seat(None, 0)


def test_only_the_ai_answers_its_seat():
    """l.452: the AI's decisions are taken by its deck: `ai` is the one legal command there."""
    s = solo()
    assert legal_commands(s) == [AiAct()]
    with pytest.raises(RuleViolation, match="AI decides"):
        decide(s, parse_command("play movement"))
    s, _ = ai_turn(s)
    assert isinstance(s.pending, ChooseAction) and s.pending.seat == HUMAN
    with pytest.raises(RuleViolation):
        decide(s, AiAct())


def test_player_restrictions():
    """l.450, l.516: in solo the player may not upgrade Draw quest cards."""
    s = position(
        """
        game greece,egypt abundance seed=1 solo=easy ai-seat=greece
        round 1
        current egypt
        [board]
        H18: egypt w 2sheep 2food
        """,
        PLAYER,
        "[egypt]\nturns 2\nquests qs-land",
    )
    s = run(s, "play upgrade")
    with pytest.raises(RuleViolation, match="solo"):
        decide(s, parse_command("upgrade quest"))


# -- the deck [l.438, l.452-460; B74, B75, B80, B85] ------------------------------------------------
def test_first_deck_has_movement_on_top():
    """l.438: the other 7 cards shuffled, Movement on top; the next card is always visible."""
    tops = set()
    for seed in range(30):
        ai, _ = deck.first_deck("easy", seed)
        assert ai.draw[0] == "movement" and sorted(ai.draw) == sorted(AI_CARD_IDS)
        tops.add(tuple(ai.draw[1:3]))
    assert len(tops) > 5  # really shuffled
    s = solo()
    from monuments_tui.rules.describe import describe_pending

    assert "movement" in describe_pending(s)


def test_reshuffle_never_leaves_a_reshuffle_card_on_top():
    """l.460 (B74): after a new draw pile is made, a reshuffle card on top is shuffled away.
    Build your Monument always counts; Upgrade a card once all four upgrades are done."""
    s = solo()
    ai = replace(s.ai, draw=[], discard=list(AI_CARD_IDS))
    for seed in range(200):
        new, _, _ = deck.full_reshuffle(s, AI, ai, seed)
        assert new.draw[0] != "monument" and sorted(new.draw) == sorted(AI_CARD_IDS)
    done = ai_position("movement", PLAYER, sections="[greece]\ngreen movement production population special")
    tops = {deck.full_reshuffle(done, AI, ai, seed)[0].draw[0] for seed in range(200)}
    assert "upgrade" not in tops and "monument" not in tops
    assert "upgrade" in {deck.full_reshuffle(s, AI, ai, seed)[0].draw[0] for seed in range(200)}


def test_empty_draw_pile_is_reshuffled_at_the_start_of_the_turn():
    """l.459: the last card was played without a reshuffle: reshuffle at the next AI turn."""
    s = with_deck(solo(), [], discard=["production", "quest", "monument"])
    s, events = ai_turn(s)
    assert "draw pile is empty" in narration(events)
    assert len(s.ai.draw) + len(s.ai.discard) == 3


def test_set_aside_and_shuffled_back():
    """l.512, l.496 (B80): Build a building with all buildings out is set aside and the next card
    drawn; a full reshuffle brings it back once a building is off the board again."""
    s = ai_position(
        "build,quest",
        """
        E19: greece town#btown0 fort#bfort0 factory#bfactory0
        E20: greece town#btown1 fort#bfort1 factory#bfactory1
        F18: greece town#btown2 fort#bfort2 factory#bfactory2
    """,
    )
    s, events = ai_turn(s)
    assert s.ai.set_aside == ["build"] and "set aside" in narration(events)
    assert any(isinstance(e, ev.QuestsKept) for e in events)  # drew the next card at once
    new, _, notes = deck.full_reshuffle(s, AI, s.ai, 7)
    assert new.set_aside == ["build"]  # still every building out
    s = ai_position(
        "quest set_aside=build",
        """
        E19: greece town#btown0 factory#bfactory0
        E20: greece town#btown1 fort#bfort1 factory#bfactory1
        F18: greece town#btown2 fort#bfort2 factory#bfactory2
    """,
    )  # the same, once the fort on E19 is off the board again
    new, _, notes = deck.full_reshuffle(s, AI, s.ai, 7)
    assert "build" in new.draw and new.set_aside == []
    # Upgrade's draw-pile-only reshuffle never brings it back (B80).
    new, _, _ = deck.draw_pile_reshuffle(s, AI, s.ai, 7)
    assert new.set_aside == ["build"]


def test_easy_ends_the_turn_when_a_card_does_nothing_hard_draws_the_next():
    """l.455, l.457: a card that can do nothing ends the AI's turn on Easy/Normal; on Hard/Insane
    the next card is drawn at once."""
    for level, draws_next in (("easy", False), ("normal", False), ("hard", True), ("insane", True)):
        s = with_deck(solo(level), ["population", "quest", "production"])  # no town: Population does nothing
        s, events = ai_turn(s)
        assert s.ai.discard[0] == "population"
        assert any(isinstance(e, ev.QuestsKept) for e in events) is draws_next, level
        assert isinstance(s.pending, ChooseAction) and s.current == HUMAN


def test_loop_guard():
    """B85: on Hard, a whole cycle through the deck that does nothing ends the AI's turn."""
    s = with_deck(solo("hard"), ["population"], discard=[])
    s, events = ai_turn(s)
    assert "cycle" in narration(events) and s.current == HUMAN


# -- the tables [l.520-543; B23, B82] ---------------------------------------------------------------
def test_difficulty_tables():
    """l.522-534: the AI monument tables; B23: four levels = two tables x two AI score cards."""
    easy = [(3, 2, 0), (5, 4, 1), (7, 7, 1), (9, 10, 1), (11, 12, 2)]
    hard = [(2, 2, 0), (4, 4, 0), (6, 6, 0), (8, 9, 1), (10, 10, 1)]
    for level, table in (("easy", easy), ("normal", easy), ("hard", hard), ("insane", hard)):
        for layer, (hexes, res, workers) in enumerate(table, start=1):
            row = ai_layer(level, layer)
            assert (row.hexes, row.resources, row.workers) == (hexes, res, workers)
        assert difficulty(level).score_card == AI_SCORE_CARD[level]
        assert difficulty(level).draw_next is (level in ("hard", "insane"))
    assert len({(difficulty(lv).table, difficulty(lv).score_card) for lv in ("easy", "normal", "hard", "insane")}) == 4
    solo_tables = load_solo()
    assert solo_tables.upgrade_order == ("movement", "production", "population", "special")
    assert solo_tables.costs == {"building": 2, "bridge": 1, "ferry": 1, "upgrade": 0}


# -- the cards ----------------------------------------------------------------------------------------
def test_production_takes_the_hexes_that_produce_most():
    """l.465: the AI produces where the most resources come, whatever their type; 2 hexes (3 green)."""
    s = ai_position(
        "production",
        """
        E19: greece w w
        E20: greece w
        F18: greece w factory
    """,
    )
    s, events = ai_turn(s)
    gained = {e.hex: e.n for e in events if isinstance(e, ev.ResourcesGained)}
    assert gained == {"F18": 3, "E19": 2}
    s = ai_position(
        "production",
        """
        E19: greece w w
        E20: greece w
        F18: greece w factory
    """,
        sections="[greece]\ngreen production",
    )
    s, events = ai_turn(s)
    assert len([e for e in events if isinstance(e, ev.ResourcesGained)]) == 3


def test_movement_fills_towns_then_spreads():
    """l.471-472: first every AI town holds 2 workers, then units spread out over more hexes."""
    s = ai_position(
        "movement",
        """
        E19: greece w town
        F19: greece w w
    """,
    )
    s, events = ai_turn(s)
    moves = [e for e in events if isinstance(e, ev.UnitMoved)]
    assert len(moves) == 2
    assert len([u for u in units_of(s, AI, "worker") if u.hex == "E19"]) == 2
    assert len(controlled_land(s, AI)) == 2


def test_population_picks_the_town_nearest_new_land():
    """l.478: Population puts the worker in the town from which it most easily reaches land the AI does not hold."""
    s = ai_position(
        "population",
        """
        E19: greece w
        E20: greece w w town
        F18: greece w w town
        bridge E18-F18 by greece
    """,
    )
    s, events = ai_turn(s)
    [placed] = [e for e in events if isinstance(e, ev.UnitPlaced)]
    assert placed.unit.hex == "F18"  # E18 is one step away across the bridge


def test_upgrade_order_and_second_command():
    """l.500-502 (B75): Upgrade a card upgrades Movement, Production, Population, Special in turn,
    for free; a target in the draw pile is upgraded there and the draw pile reshuffled; once all
    four are green it moves one unit and reshuffles everything."""
    s = solo()
    order = []
    for _ in range(4):
        rest = [c for c in AI_CARD_IDS if c != "upgrade"]
        s = with_deck(s, ["upgrade", *rest], discard=[])
        before = resource_totals(s, AI)
        s, events = ai_turn(s)
        [up] = [e for e in events if isinstance(e, ev.CardUpgraded)]
        order.append(up.card)
        assert resource_totals(s, AI) == before
        assert "reshuffles its draw pile" in narration(events)
        s = ai_to_play(s)  # the four upgrades in turn: each turn goes on from the last
    assert order == ["movement", "production", "population", "special"]
    s = with_deck(s, ["upgrade", "production"], discard=["quest"])
    s, events = ai_turn(s)
    assert not any(isinstance(e, ev.CardUpgraded) for e in events)
    assert any(isinstance(e, ev.UnitMoved) for e in events)
    assert sorted(s.ai.draw) == ["production", "quest", "upgrade"] and s.ai.discard == []


def test_build_a_building():
    """l.506-510: no building: a town (prefer a hex with 2 workers); otherwise a D6 roll
    (1-3 town, 4-5 fort, 6 factory); any 2 resources; all out: set aside."""
    s = ai_position("build", "E19: greece w w\nE20: greece w 2metal" + PLAYER)
    s, events = ai_turn(s)
    [b] = [e.building for e in events if isinstance(e, ev.BuildingPlaced)]
    assert (b.kind, b.hex) == ("town", "E19")
    s = ai_position("build", "E19: greece w w town\nE20: greece w 2metal" + PLAYER)
    s, events = ai_turn(s)
    [b] = [e.building for e in events if isinstance(e, ev.BuildingPlaced)]
    rolls = [e.value for e in events if isinstance(e, ev.RandomDrawn) and e.purpose == "building_type"]
    assert b.kind == {1: "town", 2: "town", 3: "town", 4: "fort", 5: "fort", 6: "factory"}[rolls[-1]]


def test_draw_quest_is_unseen_on_the_ai_stack():
    """l.516: one quest from the deck of the AI's level, face down onto its stack."""
    s = solo()
    before = list(s.players[AI].quests)
    top = s.quest_decks["0-1"][0]
    s, events = ai_turn(with_deck(s, ["quest"]))
    assert s.players[AI].quests == [*before, top]
    assert top not in narration(events)


def test_monument_layer_bonus_and_common_discard():
    """l.520-545 (B77, B78): the AI builds by its table paying any resources, discards a random
    common bonus of the level and takes its own bonus; at layer 2, 2 workers in its towns."""
    s = ai_position("monument", "E19: greece w\nE20: greece w 2metal\nF18: greece w" + PLAYER, "hard")
    s, events = ai_turn(s)
    assert s.players[AI].layers == 1 and not resource_totals(s, AI)
    [taken] = [e for e in events if isinstance(e, ev.CommonBonusTaken)]
    assert taken.seat is None and taken.card in s.removed_cards
    # Layer 2 on Hard: 4 areas, 4 resources, no worker; bonus: 2 workers in the AI's towns.
    s = ai_position(
        "monument",
        """
        E18: greece w 4wood
        E19: greece w town
        E20: greece w
        F18: greece w
        bridge E18-E19 by greece
    """
        + PLAYER,
        "hard",
        sections="[greece]\nlayers 1",
    )
    workers = len(units_of(s, AI, "worker"))
    s, events = ai_turn(with_deck(s, ["monument"]))
    assert s.players[AI].layers == 2
    assert len(units_of(s, AI, "worker")) == workers + 2
    assert [e.unit.hex for e in events if isinstance(e, ev.UnitPlaced)] == ["E19", "E19"]


def test_monument_layer_five_takes_a_card_and_ends_the_game():
    """l.543 (B77): at layer 5 the AI takes a random Layer-5 card (its VP count); the round is the last."""
    workers = "\n".join(f"{h}: greece w" for h in ("F18", "E18", "D18", "D19", "C18", "C19", "D17", "L22"))
    board = f"E19: greece w w 5wood\nE20: greece w 5metal\n{workers}"
    s, events = ai_turn(ai_position("monument", board + PLAYER, "hard", sections="[greece]\nlayers 4"))
    [taken] = [e for e in events if isinstance(e, ev.CommonBonusTaken)]
    assert taken.seat == AI and taken.level == 5 and s.players[AI].bonuses == [taken.card]
    assert s.final_round and s.current == HUMAN  # the player still has the last turn
    s = fold(s, decide(s, legal_commands(s)[0]))
    while s.phase != "over":
        s = fold(s, decide(s, legal_commands(s)[0]))
    assert s.phase == "over"


def test_monument_attacks_only_when_stronger():
    """l.547 (B41): the AI attacks only where the power it commits exceeds the defence."""
    s = ai_position("monument", "I20: greece army\nI19: egypt w" + PLAYER, sections="[egypt]\nturns 3")
    s, events = ai_turn(s)
    assert any(isinstance(e, ev.BattleBegan) for e in events)
    [began] = [e.battle for e in events if isinstance(e, ev.BattleBegan)]
    assert began.attack_power > began.defence_power and began.attacker == AI
    # Against a fort and a town (power 3) one army (power 3) does not attack.
    s2 = ai_position("monument", "I20: greece army\nI19: egypt w fort town" + PLAYER)
    s2, events = ai_turn(s2)
    assert not any(isinstance(e, ev.BattleBegan) for e in events)
    assert "no attack" in narration(events)


def test_the_ai_answers_battle_choices():
    """The AI takes its own battle choices (damage, take-over, retreat) with `ai` [l.424]."""
    ai_choices = 0
    for rng in range(1, 40):
        s = position(
            f"""
            game greece,egypt abundance seed=1 solo=easy ai-seat=greece
            round 1
            current egypt
            rng {rng * 7919}
            [board]
            I20: greece army ws fort
            I19: egypt army air air
            """,
            PLAYER,
            "[egypt]\nturns 3\nbonuses cb1-military\nquests qs-land",
            "set-aside town=2 fort=1 factory=2 navy=3 army=2 air=1",  # the second air force from set-aside
        )
        s = run(s, "play attack", "attack I20 with army@I19,air@I19,air@I19")
        while s.battle is not None:
            if s.pending.seat == AI:
                assert legal_commands(s) == [AiAct()]
                events = decide(s, AiAct())
                assert "The AI chooses" in narration(events)
                ai_choices += 1
            else:
                events = decide(s, legal_commands(s)[0])
            s = fold(s, events)
        assert s.battles and not any(
            b.owner == AI and b.damaged for b in s.buildings.values()
        )  # destroyed, never damaged
    assert ai_choices


def test_every_ai_turn_is_narrated():
    """Issue item 5: the log names the card drawn and what it did or why not."""
    s = solo()
    s, events = ai_turn(s)
    text = narration(events)
    assert "draws Movement" in text and "move" in text


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "insane"])
def test_a_complete_solo_game(level):
    """A complete solo game at each difficulty runs to the end with 0 rule errors, and replays exactly."""
    from monuments_tui.cli.simulate import play_game

    config = GameConfig(civs=("maya", "inca"), solo=level, seed=3)
    result = play_game(config, ["ai", "heuristic"], 3, 300)
    assert result["error"] is None and result["finished"], result["rounds"]
    state = result["state"]
    assert max(p.layers for p in state.players) == 5 and state.current == 1  # the player had the last turn
    again = play_game(config, ["ai", "heuristic"], 3, 300)
    assert again["state"] == result["state"]
