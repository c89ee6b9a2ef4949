"""How the bots choose a card: what the next layer lacks (`layer_needs`) and the quick prior
built on it (`card_prior`), and `heuristic-fast`, which rates each card by the first step of
its action and takes the discard pile back when every card in hand would lose ground."""

from __future__ import annotations

import random

import pytest

from monuments_tui.ai import evaluate as ev, heuristic as he
from monuments_tui.ai.board_terms import board_terms
from monuments_tui.rules import GameConfig, commands as cmd, decide, fold, new_game, pending as pd
from monuments_tui.rules.quests import completable_quests


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


def test_layer_needs_are_the_terms_of_turns_to_layer():
    """`layer_needs` says what `turns_to_layer` counts: the Monument card's turn, then the
    workers, the land in reach and beyond, and the resources still short."""
    for state, seat in DECISIONS:
        needs = ev.layer_needs(state, seat)
        pieces = board_terms(state, seat)
        totals = ev.resource_counts(state, seat)
        turns = ev.turns_to_layer(state, seat, set(pieces.land), totals, pieces.potential)
        assert needs is not None
        assert 1.0 + needs.units + needs.walking + needs.overseas + needs.resources == pytest.approx(turns)
        assert needs.ready == (turns == pytest.approx(1.0))


def _needs(**lacking) -> ev.LayerNeeds:
    base = dict(units=0.0, town_first=False, town_affordable=False, walking=0.0, overseas=0.0, resources=0.0, surplus=0)
    return ev.LayerNeeds(**(base | lacking), potential=0.0)


def test_the_prior_follows_what_the_next_layer_lacks():
    """[Build a layer, l.272]: a layer wants land, workers and resources. The card that
    brings what is short ranks first; Monument first of all once nothing is short."""

    def first(needs: ev.LayerNeeds) -> str:
        cards = ["build", "monument", "movement", "populate", "production", "trade", "train", "upgrade"]
        return max(cards, key=lambda c: he.card_prior(needs, c))

    assert first(_needs()) == "monument"
    assert first(_needs(resources=2.0)) == "production"
    assert first(_needs(units=2.0)) == "populate"
    assert first(_needs(units=2.0, town_first=True, town_affordable=True)) == "build"
    assert first(_needs(walking=1.0)) == "movement"
    assert he.card_prior(_needs(units=2.0, town_first=True), "populate") == 0.0  # no town to populate from


def test_fast_plays_a_card_that_gains_and_takes_back_when_every_card_loses(monkeypatch):
    """[Your turn, l.206-207]: taking the discard pile back takes the turn, so `heuristic-fast`
    does it only when every card in hand would leave it worse off."""

    def playable(s, seat) -> list[str]:
        return [c for c in sorted(set(s.players[seat].hand) - {"quest"}) if he._after(s, cmd.PlayCard(c)) is not None]

    state, seat = next(
        (s, seat)
        for s, seat in DECISIONS
        if s.players[seat].discard and not completable_quests(s, seat) and len(playable(s, seat)) >= 2
    )
    cards = playable(state, seat)
    gains = {c: -1.0 - i for i, c in enumerate(cards)}
    monkeypatch.setattr(he, "_gains", lambda *a: dict(gains))
    assert he.choose_action(state, seat, random.Random(1), he.FAST) == cmd.TakeBack()
    gains[cards[1]] = 0.5
    assert he.choose_action(state, seat, random.Random(1), he.FAST) == cmd.PlayCard(cards[1])
