"""How the heuristic bot (`FAST`) chooses a card: by the first step of each card's action
only, and, like `heuristic-exact`, by what the discard pile's cards would gain next turn."""

from __future__ import annotations

import random

from monuments_tui.ai import heuristic as he
from monuments_tui.rules import GameConfig, commands as cmd, decide, fold, new_game, pending as pd
from monuments_tui.rules.quests import completable_quests
from monuments_tui.rules.state import copy_state
from tests.helpers import add_building, bare, clear_units, workers_on


def _decisions(rounds: int = 12) -> list:
    """The card choices (state, seat) of a seeded heuristic game's first `rounds` rounds."""
    state = new_game(GameConfig(civs=("greece", "egypt"), mode="abundance", seed=11))
    rnd = random.Random(11)
    out = []
    while state.phase != "over" and state.round <= rounds:
        if isinstance(state.pending, pd.ChooseAction):
            out.append((state, state.pending.seat))
        state = fold(state, decide(state, he.heuristic_bot(state, rnd)))
    return out


DECISIONS = _decisions()


def test_fast_rates_a_card_by_the_first_step_of_its_action():
    """`heuristic-exact` plays a movement card's action out step by step; the heuristic bot
    rates it by its best first trip alone."""
    for state, seat in DECISIONS:
        if "movement" not in state.players[seat].hand:
            continue
        opened = he._opened(state, seat, "movement")
        if opened is None or len(he._rated(opened, seat, he.FAST).ratings) < 2:
            continue
        first = max(value for _, value in he._rated(opened, seat, he.FAST).ratings)
        assert he._rollout(opened, seat, he.FAST) == first
        return
    raise AssertionError("no movement card with a choice of trips in the game")


def test_both_bots_weigh_the_discard_pile_before_a_small_gain(monkeypatch):
    """[Your turn, l.206-207]: taking the discard pile back takes the turn. A card the bot would
    get back outweighs a small gain now, a pile of losing cards does not, and a card that
    gains much now is played without a look at the pile."""

    def playable(s, seat) -> list[str]:
        return [c for c in sorted(set(s.players[seat].hand) - {"quest"}) if he._after(s, cmd.PlayCard(c)) is not None]

    state, seat = next(
        (s, seat)
        for s, seat in DECISIONS
        if s.players[seat].discard and not completable_quests(s, seat) and len(playable(s, seat)) >= 2
    )
    cards = playable(state, seat)
    gains = {c: -1.0 - i for i, c in enumerate(cards)}
    in_hand = set(state.players[seat].hand)
    pile = {"gain": 10.0}
    looked_at_pile = []

    def rated(s, seat, wanted, base, prune):
        if any(c not in in_hand for c in wanted):
            looked_at_pile.append(prune)
        return {c: gains.get(c, -9.0) if c in in_hand else pile["gain"] for c in wanted}

    monkeypatch.setattr(he, "_gains", rated)
    for prune in (he.FAST, he.EXACT):
        gains[cards[1]] = 0.5
        assert he.choose_action(state, seat, random.Random(1), prune) == cmd.TakeBack()
        pile["gain"] = -9.0
        assert he.choose_action(state, seat, random.Random(1), prune) == cmd.PlayCard(cards[1])
        pile["gain"] = 10.0
        looked_at_pile.clear()
        gains[cards[1]] = 7.0
        assert he.choose_action(state, seat, random.Random(1), prune) == cmd.PlayCard(cards[1])
        assert looked_at_pile == []


def test_the_second_worker_a_town_needs_is_walked_there():
    """Greece with a town on D17 holding 1 of its 3 workers: populating needs 2 workers in the
    town [Populate, l.264], and the layer lacks workers. Its workers walk 2 hexes (a common
    bonus), so there are many trips onto free land; of those the quick look weighs, walking
    one into the town is kept though it leaves a hex, and the bot plays it."""
    s = copy_state(bare(mode="abundance"))
    clear_units(s, 0)
    s.players[0].layers = 1
    s.players[0].bonuses = ["cb1-worker-move"]
    workers_on(s, 0, ["D17", "E18", "E19"])
    add_building(s, 0, "town", "D17")
    s.pending = pd.ChooseAction(seat=0)
    rnd = random.Random(1)
    assert he.heuristic_bot(s, rnd) == cmd.PlayCard("movement")
    s = fold(s, decide(s, cmd.PlayCard("movement")))
    step = he.heuristic_bot(s, rnd)
    assert isinstance(step, cmd.Move) and step.dst == "D17"
