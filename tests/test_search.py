"""The search bot (issue 44): it decides from its own seat's view, replays with a fixed seed
and iteration budget, and plays games to their end with legal commands only."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from monuments_tui.ai.bots import get_bot
from monuments_tui.ai.heuristic import heuristic_bot, ranked_commands
from monuments_tui.ai.search import Budget, Search, leaf_values
from monuments_tui.ai.search_bot import SearchBot, parse_search_name
from monuments_tui.ai.worlds import hidden_quests, sample_world
from monuments_tui.cli.simulate import play_game
from monuments_tui.rules import GameConfig, decide, fold, legal_commands, new_game, score
from monuments_tui.rules.commands import TurnInQuest
from monuments_tui.rules.content import load_content
from monuments_tui.rules.notation import format_command
from monuments_tui.rules.pending import ChooseAction
from monuments_tui.rules.state import GameState
from monuments_tui.rules.views import visible_state
from monuments_tui.saves.format import seats_problem

TINY = Budget(iterations=40, seconds=None)


def _played(config: GameConfig, steps: int) -> GameState:
    """The game of `config` after `steps` decisions of the heuristic bot in every seat."""
    state, rnd = new_game(config), random.Random(config.seed)
    for _ in range(steps):
        state = fold(state, decide(state, heuristic_bot(state, rnd)))
    return state


def _told_apart(state: GameState, seat: int) -> GameState:
    """`state` with every quest card `seat` may not see dealt again, each within its deck
    (the other seats' hands, the decks' order), the solo AI's unseen deck reversed, and
    other dice to come: a game `seat` cannot tell from `state`."""
    deck_of = {q: c.deck for q, c in load_content().quest_by_id.items()}
    by_deck: dict[str, list[str]] = {}
    for q in dict.fromkeys(hidden_quests(state, seat)):
        by_deck.setdefault(deck_of[q], []).append(q)
    swap = {q: cards[(i + 1) % len(cards)] for cards in by_deck.values() for i, q in enumerate(cards)}
    again = lambda cards: [swap.get(q, q) for q in cards]  # noqa: E731
    players = [
        p
        if p.seat == seat
        else replace(
            p, quests=again(p.quests), battles_at_draw={swap.get(q, q): n for q, n in p.battles_at_draw.items()}
        )
        for p in state.players
    ]
    ai = state.ai
    if ai is not None and len(ai.draw) > 2:
        ai = replace(ai, draw=[ai.draw[0], *reversed(ai.draw[1:])])
    return replace(
        state,
        players=players,
        quest_decks={d: again(c) for d, c in state.quest_decks.items()},
        quest_discards={d: again(c) for d, c in state.quest_discards.items()},
        removed_cards=again(state.removed_cards),
        start_quests={k: v if k == seat else again(v) for k, v in state.start_quests.items()},
        ai=ai,
        rng=state.rng ^ 0x5DEECE66D,
    )


@pytest.mark.parametrize(
    ("config", "steps"),
    [
        (GameConfig(civs=("greece", "egypt"), seed=11), 40),
        (GameConfig(civs=("greece", "egypt", "inca"), mode="scarcity", seed=5), 70),
        (GameConfig(civs=("maya", "inca"), seed=2, solo="normal"), 30),
    ],
)
def test_it_cannot_have_peeked(config, steps):
    """The same search from a position and from one that differs only in what the seat
    cannot see ranks the same moves the same: it never read another seat's quests, a
    deck's order or the dice to come (Secrets stay secret)."""
    state = _played(config, steps)
    seat = state.pending.seat
    if seat == config.ai_seat:
        state = fold(state, decide(state, heuristic_bot(state, random.Random(0))))
        seat = state.pending.seat
    other = _told_apart(state, seat)
    assert other != state and visible_state(other, seat).players == visible_state(state, seat).players
    for i in range(3):  # the very worlds searched are the same
        assert sample_world(state, seat, random.Random(i)) == sample_world(other, seat, random.Random(i))
    assert SearchBot(TINY)(state, random.Random(7)) == SearchBot(TINY)(other, random.Random(7))
    a, b = (Search(seat, random.Random(7)).run(s, TINY) for s in (state, other))
    assert a.iterations > 0 and [(c, n) for c, n, _ in a.ranked] == [(c, n) for c, n, _ in b.ranked]


def test_worlds_keep_what_the_seat_sees():
    """A sampled world deals the hidden quests again within their decks, and nothing the seat sees changes."""
    state = _played(GameConfig(civs=("greece", "egypt"), seed=11), 40)
    seat = state.pending.seat
    deck_of = {q: c.deck for q, c in load_content().quest_by_id.items()}
    worlds = [sample_world(state, seat, random.Random(i)) for i in range(5)]
    seen = visible_state(state, seat)
    for world in worlds:
        assert replace(visible_state(world, seat), rng=0) == replace(seen, rng=0)
        assert sorted(map(deck_of.get, hidden_quests(world, seat))) == sorted(
            map(deck_of.get, hidden_quests(state, seat))
        )
    assert len({tuple(w.quest_decks["0-1"]) for w in worlds}) > 1  # the deck's order is not the real one each time
    assert len({w.rng for w in worlds}) == 5  # nor the dice


def test_fixed_seed_and_iterations_play_the_same_moves():
    config = GameConfig(civs=("maya", "inca"), seed=9)
    a = play_game(config, ["search:15i", "heuristic"], 3, 4)
    b = play_game(config, ["search:15i", "heuristic"], 3, 4)
    assert a["error"] is None and a["state"] == b["state"]


def test_it_plays_a_game_to_the_end_with_legal_commands_only():
    """Seeded playthrough: every command the bot chooses is one `legal_commands` lists, to
    the game's end or the tournaments' round cap (two search bots, a tiny budget: at 6
    iterations a decision some games stall short of the fifth layer, docs/balance.md)."""
    state, rnd = new_game(GameConfig(civs=("greece", "egypt"), seed=2)), random.Random(1)
    bot = SearchBot(Budget(iterations=6, seconds=None))
    while state.phase != "over" and state.round <= 100:
        command = bot(state, rnd)
        assert command in legal_commands(state)
        state = fold(state, decide(state, command))
    assert max(p.layers for p in state.players) >= 3
    assert bot.reused > 0  # its later decisions went on from the tree kept


def test_a_solo_game_runs_with_the_ai_deck():
    result = play_game(GameConfig(civs=("greece", "egypt"), seed=3, solo="normal"), ["ai", "search:8i"], 3, 8)
    assert result["error"] is None and result["state"].round >= 8


def test_leaf_values_are_win_chances():
    state = _played(GameConfig(civs=("greece", "egypt", "inca"), seed=1), 30)
    values = leaf_values(state)
    assert len(values) == 3 and abs(sum(values) - 1) < 1e-9 and all(0 < v < 1 for v in values)
    chances = [values[0]]
    for layers in (1, 2):
        ahead = replace(state, players=[replace(state.players[0], layers=layers), *state.players[1:]])
        chances.append(leaf_values(ahead)[0])
    assert chances[0] < chances[1] < chances[2] and chances[2] > 0.5 > leaf_values(ahead)[1]


def test_in_the_last_round_the_leaves_count_victory_points():
    """Once a fifth layer is built the round is the game's last, and the most victory points
    win, not the most layers [Game end, l.188, l.391]: a leaf then rates the seats by their
    scores, so a seat ahead in layers but behind in points is behind."""
    state = _played(GameConfig(civs=("greece", "egypt"), seed=1), 30)
    quests = sorted(load_content().quest_by_id, key=lambda q: -load_content().quest_by_id[q].vp)[:6]
    split = replace(
        state,
        players=[replace(state.players[0], layers=2), replace(state.players[1], completed=quests)],
    )
    assert leaf_values(split)[0] > 0.5  # the evaluation weighs the layers most
    last = replace(split, final_round=True)
    totals = [b.total for b in score(last)]
    assert totals[1] > totals[0]
    assert leaf_values(last)[1] > 0.5 > leaf_values(last)[0]


def test_search_names():
    assert parse_search_name("search") == Budget(seconds=1.0)
    assert parse_search_name("search:0.25s") == Budget(seconds=0.25)
    assert parse_search_name("search:200i") == Budget(iterations=200, seconds=None)
    for bad in ("search:", "search:0s", "search:0i", "search:fast", "searches"):
        assert parse_search_name(bad) is None
        with pytest.raises(ValueError, match="unknown bot"):
            get_bot(bad)
    assert get_bot("search:3i") is get_bot("search:3i")  # one bot a name: it keeps its tree


def test_saves_take_the_search_bot():
    config = GameConfig(civs=("greece", "egypt"))
    assert seats_problem(config, ("human", "search")) is None
    assert seats_problem(config, ("search:0.5s", "heuristic")) is None
    problem = seats_problem(config, ("human", "search:0s"))
    assert problem is not None and "search" in problem


def test_the_coach_ranks_by_the_search_without_peeking():
    """The coach's hints come from the search from the asking seat's view: the same from a
    position and from one differing only in what that seat cannot see, each with its win chance."""
    from monuments_tui.ai.coach_search import search_hints

    state = _played(GameConfig(civs=("greece", "egypt"), seed=11), 40)
    seat = state.pending.seat
    first = search_hints(state, TINY)
    assert first == search_hints(_told_apart(state, seat), TINY)
    assert first and all("% to win" in h.why for h in first)
    legal = {format_command(c) for c in legal_commands(state)}
    assert all(h.command in legal for h in first)


def test_the_tree_is_kept_across_the_other_seats_turn():
    """After the other seat's turn, the search goes on from the node of its kept tree that
    the moves played since led to: the root starts with visits of the last search."""
    state, rnd = new_game(GameConfig(civs=("greece", "egypt"), seed=3)), random.Random(3)
    bot = SearchBot(Budget(iterations=150, seconds=None))
    carried = []
    turns = 0
    while turns < 6:
        if state.pending.seat == 0:
            reused = bot.reused
            began = isinstance(state.pending, ChooseAction) and state.round >= 2
            command = bot(state, rnd)
            if began:
                turns += 1
                last = bot.last  # None: a lone option, played unsearched
                carried.append(bot.reused > reused and last is not None and last.root.visits > last.iterations)
        else:
            command = heuristic_bot(state, rnd)
        state = fold(state, decide(state, command))
    assert any(carried)  # a turn began from the tree kept through the rival's turn


def test_settling_early_plays_the_same_move():
    """A search that stops once no other command can overtake the most visited one plays
    what the whole budget would have played, in fewer iterations."""
    budget = Budget(iterations=400, seconds=None)
    saved = 0
    for steps in (12, 30, 55):
        state = _played(GameConfig(civs=("greece", "egypt"), seed=3), steps)
        seat = state.pending.seat
        whole = Search(seat, random.Random(5)).run(state, budget)
        settled = Search(seat, random.Random(5)).run(state, budget, settle=True)
        assert settled.ranked[0][0] == whole.ranked[0][0]
        assert whole.iterations == 400
        saved += whole.iterations - settled.iterations
    assert saved > 0


def test_a_lone_option_is_played_without_a_search():
    """Where the heuristic weighs one command only, the search could choose nothing else:
    the bot plays it at once."""
    state, rnd = new_game(GameConfig(civs=("greece", "egypt"), seed=8)), random.Random(8)
    lone = []
    while not lone and state.round < 20:
        if len(ranked_commands(state, state.pending.seat)) == 1:
            lone.append(state)
        state = fold(state, decide(state, heuristic_bot(state, rnd)))
    assert lone, "no decision with a lone option in 20 rounds"
    bot = SearchBot(Budget(iterations=200, seconds=None))
    command = bot(lone[0], random.Random(1))
    assert bot.last is None and command == ranked_commands(lone[0], lone[0].pending.seat)[0]


def test_another_seats_turn_in_is_found_without_rating_its_hand():
    """In a world, another seat turns in a quest done there whenever the heuristic bot
    would turn one in, found among the rules' candidates without rating the hand."""
    state, rnd = new_game(GameConfig(civs=("greece", "egypt"), seed=4)), random.Random(4)
    turned_in = 0
    while state.phase != "over" and state.round <= 40:
        command = heuristic_bot(state, rnd)
        found = Search._turn_in(state)
        if isinstance(command, TurnInQuest):
            seat = state.pending.seat
            assert found is not None and len(found.players[seat].completed) == len(state.players[seat].completed) + 1
            turned_in += 1
        elif not any(isinstance(c, TurnInQuest) for c in legal_commands(state)):
            assert found is None
        state = fold(state, decide(state, command))
    assert turned_in >= 2
