"""The heuristic bot's caches change its speed, never its ratings: geography is cached by where
the pieces stand, a rollout's ratings serve the steps then played; and what the "heuristic-fast"
bot prunes."""

from __future__ import annotations

import random

from monuments_tui.ai import evaluate as ev, heuristic as he
from monuments_tui.ai.geography import pieces_key
from monuments_tui.rules import GameConfig, commands as cmd, decide, fold, new_game, pending as pd
from monuments_tui.rules.state import copy_state
from tests.helpers import bare, clear_units


def _positions(rounds: int = 6) -> list:
    """Every position of a seeded heuristic game's first `rounds` rounds, with the seat to move."""
    state = new_game(GameConfig(civs=("greece", "egypt", "inca"), mode="abundance", seed=3))
    rnd = random.Random(3)
    out = []
    while state.phase != "over" and state.round <= rounds:
        out.append(state)
        state = fold(state, decide(state, he.heuristic_bot(state, rnd)))
    return out


def test_cached_geography_rates_as_a_fresh_computation():
    """Ratings with the geography cache warm (filled by the game so far) equal ratings
    computed afresh, for every seat in every position: the cache key holds everything the
    geography reads."""
    warm = []
    for s in _positions():
        warm.append([ev.evaluate(s, seat) for seat in range(s.seats)])
    for s, rated in zip(_positions(), warm, strict=True):
        for seat in range(s.seats):
            ev._ROUTES.clear()
            assert ev.evaluate(s, seat) == rated[seat]


def test_the_pieces_key_changes_only_when_pieces_move():
    s = _positions(2)[-1]
    moved = copy_state(s)
    unit = next(iter(moved.units.values()))
    unit.hex = "A1" if unit.hex != "A1" else "A2"
    assert pieces_key(moved) != pieces_key(s)
    other = copy_state(s)
    other.players[0].hand = []
    other.resources = {}
    assert pieces_key(other) == pieces_key(s)


def test_the_steps_played_reuse_the_rollout_ratings(monkeypatch):
    """After choosing a card, the first step of its action was rated in the rollout: playing it
    rates nothing again."""
    state = next(s for s in _positions() if isinstance(s.pending, pd.ChooseAction) and s.round >= 2)
    seat = state.pending.seat
    card = he.choose_action(state, seat, random.Random(1))
    assert isinstance(card, cmd.PlayCard)
    after = fold(state, decide(state, card))
    assert after.pending.seat == seat and len(he._options(after, seat, he.EXACT)) > 1
    calls = []
    monkeypatch.setattr(he, "evaluate", lambda s, seat: calls.append(1) or ev.evaluate(s, seat))
    monkeypatch.setattr(he, "_options", lambda *a: calls.append(1) or [])
    he.greedy_step(after, seat, random.Random(1))
    assert calls == []


def test_fast_pruning_keeps_buildings_and_the_best_crossings():
    """`heuristic-fast` rates every building but only the most promising bridges and ferries:
    a bridge onto free land before a ferry."""
    s = copy_state(bare(mode="abundance"))
    clear_units(s, 0)
    candidates = [
        cmd.Build("fort", "E18"),
        cmd.Build("factory", "E18"),
        cmd.Build("ferry", "E18", to="E17"),
        cmd.Build("bridge", "E18", to="E19"),
        cmd.Build("bridge", "E18", to="F18"),
        cmd.Build("town", "E19"),
    ]
    kept = he._quick_crossings(s, 0, candidates, 1)
    assert [c for c in kept if c.piece in ("fort", "factory", "town")] == [candidates[0], candidates[1], candidates[5]]
    crossings = [c for c in kept if c.piece in ("bridge", "ferry")]
    assert len(crossings) == 1 and crossings[0].piece == "bridge"
    assert he._quick_crossings(s, 0, candidates, 3) == candidates
