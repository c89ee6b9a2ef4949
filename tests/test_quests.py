"""Quests: starting quests, Draw quest cards, turning quests in, hidden quests (rules review A15).

Line numbers (l.N) refer to /work/shared/rules/monuments-rulebook.txt; Bnn to the rules review.
"""

from __future__ import annotations

from pathlib import Path

from monuments_tui.rules import (
    GameConfig,
    RuleOptions,
    decide,
    events as ev,
    fold,
    format_command,
    legal_commands,
    new_game,
    parse_command,
    pending as pd,
    waiting_for,
)
from monuments_tui.rules.content import load_content
from monuments_tui.rules.quests import BATTLE_TASKS, check_quest, first_counted_battle, task_value
from monuments_tui.rules.state import GameState
from monuments_tui.rules.views import HIDDEN, visible_event, visible_state
from tests.helpers import START_WORKERS, game, position, rejected, run, saved_steps

GAME = """
    game greece,egypt scarcity seed=1
    round 3
"""
"""Greece v Egypt in round 3 (every player past their first turn), Greece to play."""

MONUMENT_WORKERS = "[board]\n" + START_WORKERS
"""Each side's three starting workers on its monument hex, and nothing else on the board."""


def quest_turn(layers: int = 0, green: bool = False, bonuses=(), greece: str = "", cards: str = ""):
    """Greece to play with `layers` built, the quest card on its `green` side, `bonuses` held,
    more lines of its own in `greece` and of the cards in `cards`; no quest in progress."""
    lines = [
        f"layers {layers}",
        "green quest" if green else "",
        f"bonuses {' '.join(bonuses)}" if bonuses else "",
        greece,
    ]
    return position(GAME, MONUMENT_WORKERS, "[greece]", *lines, "[cards]", cards)


def test_starting_quests_deal_two_keep_one():
    """Player set-up, l.154: each player is dealt 2 starting quests, keeps one; the rest leave the game."""
    s = new_game(GameConfig(civs=("greece", "egypt"), seed=3))
    assert isinstance(s.pending, pd.ChooseStartQuest) and len(s.pending.options) == 2
    keep, other = s.pending.options
    after = run(s, f"startquest {keep}")
    assert after.players[0].quests == [keep]
    assert other in after.removed_cards and 0 not in after.start_quests


def test_red_draws_two_and_green_draws_three():
    """Draw quest cards, l.367, l.379: red draws 2, green (upgraded) draws 3."""
    red = run(quest_turn(), "play quest")
    assert isinstance(red.pending, pd.ChooseQuestsToKeep) and len(red.pending.options) == 2
    assert red.pending.options == tuple(quest_turn().quest_decks["0-1"][:2])
    green = run(quest_turn(green=True), "play quest")
    assert len(green.pending.options) == 3


def test_quest_draw_bonus_adds_a_card():
    """Common bonus (B18): the quest-draw card adds 1 card to the Draw quest cards action."""
    s = run(quest_turn(bonuses=["cb1-quests"]), "play quest")
    assert len(s.pending.options) == 3
    s = run(quest_turn(green=True, bonuses=["cb1-quests"]), "play quest")
    assert len(s.pending.options) == 4


def test_keep_at_least_one_and_discard_the_rest():
    """l.367-369: keep at least one; the others go to that deck's discard pile."""
    s = run(quest_turn(), "play quest")
    a, b = s.pending.options
    assert "at least one" in str(rejected(s, "keep none"))
    assert "was not drawn" in str(rejected(s, "keep q44-nope"))
    after = run(s, f"keep {a}")
    assert after.players[0].quests == [a]
    assert after.quest_discards["0-1"] == [b]
    assert a not in after.quest_decks["0-1"] and b not in after.quest_decks["0-1"]
    assert after.current == 1 and after.players[0].discard == ["quest"]


def test_keep_both_and_there_is_no_limit():
    """l.369, l.379: you may keep one or both; there is no limit to quests in progress."""
    s = run(quest_turn(greece="quests q01-land q01-food q01-metal"), "play quest")
    after = run(s, "keep " + " ".join(s.pending.options))
    assert len(after.players[0].quests) == 5
    legal = {format_command(c) for c in legal_commands(s)}
    a, b = s.pending.options
    assert legal == {f"keep {a}", f"keep {b}", f"keep {a} {b}"}


def test_draw_from_the_deck_matching_your_layers():
    """l.369, l.375: draw from the deck of your monument level (0-1, 2-3, 4-5)."""
    for layers, deck in [(0, "0-1"), (1, "0-1"), (2, "2-3"), (3, "2-3"), (4, "4-5"), (5, "4-5")]:
        s = run(quest_turn(layers=layers), "play quest")
        assert s.pending.deck == deck
        assert all(q in quest_turn().quest_decks[deck] for q in s.pending.options)


def test_an_empty_deck_is_reshuffled_from_its_discards():
    """Player set-up, l.154; l.381: when a quest deck runs out, its discards are shuffled into a new deck."""
    deck = ["q01-fort", "q01-armed", "q01-workers", "q01-stockpile"]
    s = quest_turn(cards="quest-deck 0-1 q01-fort\nquest-discard 0-1 q01-armed q01-workers q01-stockpile")
    events = decide(s, parse_command("play quest"))
    shuffled = [e for e in events if isinstance(e, ev.QuestDeckShuffled)]
    assert len(shuffled) == 1 and sorted(shuffled[0].order) == sorted(deck[1:4])
    after = fold(s, events)
    assert after.pending.options[0] == deck[0] and after.pending.options[1] in deck[1:4]
    assert after.quest_discards["0-1"] == [] and len(after.quest_decks["0-1"]) == 2
    assert after.rng == shuffled[0].rng != s.rng


def test_a_short_deck_without_discards_draws_what_is_left():
    """l.154: if a deck runs out and there are no discards, you draw what is left."""
    s = quest_turn(cards="quest-deck 0-1 q01-fort")
    after = run(s, "play quest")
    assert len(after.pending.options) == 1


def test_no_quests_at_that_level_makes_the_card_unplayable():
    """l.154 and B59: with no cards and no discards at your level there are no quests; the card does nothing."""
    s = quest_turn(layers=2, cards="quest-deck 2-3 -\nquest-discard 2-3 -")
    assert "would have no effect" in str(rejected(s, "play quest"))
    assert "play quest" not in [format_command(c) for c in legal_commands(s)]


# -- turning quests in ---------------------------------------------------------------------------
def quest_ready(quest: str = "qs-land", layers: int = 0, on_d18: str = ""):
    """Greece holds `quest` (qs-land: 4 land hexes) and controls E19, E20, F18 and D18 (which
    holds `on_d18`), with `layers` built; Greece to play."""
    return position(
        GAME,
        f"""
        [board]
        E19: greece w
        E20: greece w
        F18: greece w
        D18: greece w {on_d18}
        H19: egypt wh wh w
        [greece]
        layers {layers}
        quests {quest}
    """,
    )


def test_turn_in_a_completed_quest_before_the_action():
    """l.371-373: turn in a completed quest at any point during your own turn."""
    s = quest_ready(layers=2)
    after = run(s, "turnin qs-land")
    assert after.players[0].completed == ["qs-land"] and after.players[0].quests == []
    assert isinstance(after.pending, pd.ChooseAction) and after.current == 0


def test_turn_in_after_the_action_and_only_when_met():
    """l.371-373 (B60): after the action the turn waits while a quest can be turned in."""
    s = quest_ready(layers=2)
    after = run(s, "play production", "produce E19", "done")
    assert isinstance(after.pending, pd.AfterAction)
    assert [format_command(c) for c in legal_commands(after)] == ["turnin qs-land", "end"]
    unmet = quest_ready("q01-land", layers=2)
    assert "not complete" in str(rejected(unmet, "turnin q01-land"))


def test_quests_of_any_level_may_be_completed():
    """l.375: quests from earlier levels (and the starting quest) may still be completed."""
    s = quest_ready("q01-food", layers=4, on_d18="4food")
    after = run(s, "turnin q01-food")
    assert after.players[0].completed == ["q01-food"]


def test_bonus_resource_while_the_level_matches_the_back():
    """l.377, B27: completing a quest while your level is on its back gives a resource of your choice,
    placed on a matching hex with your worker; starting quests count as 0-1."""
    s = quest_ready(layers=1)
    assert "bonus resource" in str(rejected(s, "turnin qs-land"))
    assert "produces metal, not wood" in str(rejected(s, "turnin qs-land wood E20"))
    assert rejected(s, "turnin qs-land wood E20").rule == rejected(s, "turnin qs-land wood E18").rule == "Quests, l.377"
    assert "no worker on E18" in str(rejected(s, "turnin qs-land wood E18"))
    after = run(s, "turnin qs-land food D18")
    assert after.resources["D18"] == {"food": 1}
    late = quest_ready(layers=2)
    assert "no bonus resource" in str(rejected(late, "turnin qs-land food D18"))


# -- hidden quests (B87) ---------------------------------------------------------------------------
def test_quests_in_progress_are_hidden_from_other_players():
    """l.369, B87: quests in progress lie face down; each seat sees only its own."""
    s = position(
        GAME,
        MONUMENT_WORKERS,
        """
        [greece]
        quests q01-land
        [egypt]
        quests q01-food q01-metal
        completed qs-wood
    """,
    )
    mine = visible_state(s, 0)
    assert mine.players[0].quests == ["q01-land"]
    assert mine.players[1].quests == [HIDDEN, HIDDEN]
    assert mine.players[1].completed == ["qs-wood"]  # turned in: shown to everyone [l.373]
    public = visible_state(s, None)
    assert public.players[0].quests == [HIDDEN] and public.players[1].quests == [HIDDEN, HIDDEN]
    assert all(q == HIDDEN for q in mine.quest_decks["0-1"]) and len(mine.quest_decks["0-1"]) == len(
        s.quest_decks["0-1"]
    )
    assert s.players[1].quests == ["q01-food", "q01-metal"]  # the state itself keeps them


def test_drawn_and_dealt_quests_are_hidden_from_the_others():
    """l.154, l.369: the starting quests dealt and the cards being chosen are seen only by their owner."""
    s = new_game(GameConfig(civs=("greece", "egypt"), seed=3))
    assert visible_state(s, 0).pending.options == s.pending.options
    assert visible_state(s, 1).pending.options == (HIDDEN, HIDDEN)
    assert visible_state(s, 1).start_quests[1] == s.start_quests[1]
    assert visible_state(s, 0).start_quests[1] == [HIDDEN, HIDDEN]
    q = quest_turn()
    events = decide(q, parse_command("play quest"))
    dealt = next(e for e in events if isinstance(e, ev.QuestsDealt))
    assert visible_event(q, dealt, 0) == dealt
    assert visible_event(q, dealt, 1).cards == (HIDDEN, HIDDEN)
    shown = [visible_event(q, e, 1) for e in events if isinstance(e, ev.PendingSet)]
    assert shown[-1].pending.options == (HIDDEN, HIDDEN)


def test_a_prompt_written_from_a_seat_view_names_no_card_it_hides():
    """l.154, l.369: the prompt for the seat choosing lists its cards; another seat's names none."""
    s = new_game(GameConfig(civs=("greece", "egypt"), seed=3))
    options = ", ".join(s.pending.options)
    assert waiting_for(visible_state(s, 0)) == f"Greece: keep one starting quest ({options})"
    assert waiting_for(visible_state(s, 1)) == waiting_for(visible_state(s, None)) == "Greece: keep one starting quest"
    q = fold(quest_turn(), decide(quest_turn(), parse_command("play quest")))
    assert HIDDEN not in waiting_for(visible_state(q, 1)) and "keep at least one of the quests drawn" in waiting_for(
        visible_state(q, 1)
    )
    assert all(card in waiting_for(visible_state(q, 0)) for card in q.pending.options)


def test_the_ai_quests_are_hidden_until_the_end():
    """Solo, l.516, l.553, B87: the AI's quests are unseen, and revealed when the game is over."""
    solo = "game greece,egypt abundance seed=1 solo=easy ai-seat=greece"  # the AI is seat 0 [l.450]
    s = position(solo, "round 3", MONUMENT_WORKERS, "[greece]", "quests qs-land")
    assert visible_state(s, 1).players[0].quests == [HIDDEN]
    assert visible_state(s, 0).players[0].quests == [HIDDEN]
    over = position(solo, "round 3", "phase over", "pending -", MONUMENT_WORKERS, "[greece]", "quests qs-land")
    assert visible_state(over, 1).players[0].quests == ["qs-land"]


# -- battle tasks and when the quest was drawn (B26) ------------------------------------------
def won_battle(round_: int = 1) -> str:
    """A battle Greece won as the attacker on E19 in `round_`, as a position's line."""
    return (
        f"battle-record attacker=greece defender=egypt target=E19 origins=E20 attack_power=3 defence_power=3 "
        f"attack_pips=1,0,0 defence_pips=0,0,0 attacker_won=yes round={round_}"
    )


def battle_quest_drawn_after_a_battle(since_draw: bool) -> GameState:
    """Greece won a battle, then drew and kept q23-battle ("Win 1 battle as the attacker")."""
    s = position(
        GAME,
        f"options battle_quests_since_draw={'yes' if since_draw else 'no'}",
        won_battle(),
        MONUMENT_WORKERS,
        """
        [greece]
        layers 2
        [cards]
        quest-deck 2-3 q23-battle q23-army q23-land q23-greenland q23-navy q23-defences q23-upgrades q23-islands q23-stockpile q23-workers q23-foreign q23-sheep-metal
    """,
    )
    return run(s, "play quest", "keep q23-battle")


def test_battle_tasks_count_the_whole_game_by_default():
    """l.371, B26: tasks are fulfilled "at any point during the game": a battle won before the
    quest was drawn counts."""
    s = battle_quest_drawn_after_a_battle(since_draw=False)
    assert s.players[0].battles_at_draw == {"q23-battle": 1}
    assert check_quest(s, 0, "q23-battle") == ""


def test_battle_tasks_count_only_battles_since_the_draw_with_the_option():
    """B26's alternative (option battle_quests_since_draw): the same position, but only battles
    fought after the quest was kept count [l.371]."""
    s = battle_quest_drawn_after_a_battle(since_draw=True)
    assert check_quest(s, 0, "q23-battle") == "battles won (0 of 1)"
    later = position(
        GAME,
        "options battle_quests_since_draw=yes",
        won_battle(),
        won_battle(round_=2),
        MONUMENT_WORKERS,
        """
        [greece]
        layers 2
        quests q23-battle
        battles-at-draw q23-battle=1
    """,
    )
    assert check_quest(later, 0, "q23-battle") == ""
    after = run(later, "turnin q23-battle")
    assert after.players[0].battles_at_draw == {}  # the record leaves with the quest


def test_starting_quests_count_battles_from_the_start_of_the_game():
    """B26's alternative: a starting quest was kept at set-up, before any battle [l.154]."""
    s = game(options=RuleOptions(battle_quests_since_draw=True))
    start = s.players[0].quests[0]
    assert s.players[0].battles_at_draw == {start: 0}
    assert first_counted_battle(s, 0, start) == 0


def test_the_solo_ai_battle_tasks_count_the_whole_game_even_with_the_option():
    """l.553, B83: the AI's battle quests "may be fulfilled during the game", checked at the end
    against the whole battle log; the option applies to players' quests only."""
    s = position(
        "game greece,egypt abundance seed=1 solo=easy ai-seat=greece",
        "options battle_quests_since_draw=yes",
        won_battle(),
        """
        round 3
        [board]
        F19: greece w w w
        H19: egypt wh wh w
        [greece]
        layers 2
        quests q23-battle
        battles-at-draw q23-battle=1
    """,
    )
    assert check_quest(s, 0, "q23-battle") == ""


def test_when_a_hidden_quest_was_drawn_is_hidden_too():
    """B87: the record of when each quest was kept names the quest, so the others do not see it."""
    s = battle_quest_drawn_after_a_battle(since_draw=True)
    assert visible_state(s, 1).players[0].battles_at_draw == {}
    assert visible_state(s, 0).players[0].battles_at_draw == {"q23-battle": 1}


def test_only_the_battle_tasks_read_the_battle_their_count_starts_from():
    """A quest check works out `first_counted_battle` only for quests with battle tasks."""
    *_, (_, state) = saved_steps(Path(__file__).parent / "golden" / "v2_four-players-battles.jsonl", lambda s: None)
    assert state.battles
    differ = set()
    for quest in load_content().quests:
        for task in quest.tasks:
            for seat in range(state.seats):
                if task_value(state, seat, task, 0) != task_value(state, seat, task, len(state.battles)):
                    differ.add(task.kind)
    assert differ and differ <= BATTLE_TASKS
