"""The heuristic bot's caches change its speed, never its ratings: what a rating reads from the
pieces and the geography are cached by where the pieces stand, a rollout's ratings serve the
steps then played; and what the heuristic bot's quick look (`FAST`) prunes."""

from __future__ import annotations

import random

from monuments_tui.ai import evaluate as ev, heuristic as he
from monuments_tui.ai.board_terms import forget_board_terms
from monuments_tui.ai.quick_looks import quick_crossings, quick_places
from monuments_tui.rules import GameConfig, commands as cmd, decide, fold, new_game, pending as pd
from monuments_tui.rules.state import Bridge, copy_state
from tests.helpers import add_building, bare, clear_units, workers_on


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
    """Ratings with the caches warm (filled by the game so far) equal ratings computed afresh,
    for every seat in every position: the cache keys hold everything the cached terms read."""
    warm = []
    for s in _positions():
        warm.append([ev.evaluate(s, seat) for seat in range(s.seats)])
    for s, rated in zip(_positions(), warm, strict=True):
        for seat in range(s.seats):
            forget_board_terms()
            assert ev.evaluate(s, seat) == rated[seat]


def test_the_steps_played_reuse_the_rollout_ratings(monkeypatch):
    """After choosing a card, the first step of its action was rated in the rollout: playing it
    rates nothing again."""
    state, card = next(
        (s, c)
        for s in _positions()
        if isinstance(s.pending, pd.ChooseAction)
        and s.round >= 2
        and isinstance(c := he.choose_action(s, s.pending.seat, random.Random(1)), cmd.PlayCard)
    )
    seat = state.pending.seat
    after = fold(state, decide(state, card))
    assert after.pending.seat == seat and len(he._options(after, seat, he.EXACT)) > 1
    calls = []
    monkeypatch.setattr(he, "evaluate", lambda s, seat: calls.append(1) or ev.evaluate(s, seat))
    monkeypatch.setattr(he, "_options", lambda *a: calls.append(1) or [])
    he.greedy_step(after, seat, random.Random(1))
    assert calls == []


def test_positions_rated_alike_only_when_they_are_equal():
    """Rated positions are kept under a quick signature (whose turn, what is pending, the card in
    play): a position of the same signature that differs in anything else is rated afresh, and
    an equal one, however made, finds the ratings already worked out."""
    state = next(s for s in _positions() if isinstance(s.pending, pd.ChooseAction) and s.round >= 2)
    seat = state.pending.seat
    he._RATED.clear()
    rated = he._rated(state, seat, he.EXACT)
    equal = copy_state(state)
    assert he._rated(equal, seat, he.EXACT) is rated
    richer = copy_state(state)
    home = next(u.hex for u in richer.units.values() if u.owner == seat and u.ferry is None)
    richer.resources[home] = {**richer.resources.get(home, {}), "metal": 5}
    assert he._signature(richer, seat, he.EXACT) == he._signature(state, seat, he.EXACT)
    other = he._rated(richer, seat, he.EXACT)
    assert other is not rated
    he._RATED.clear()
    assert he._rated(copy_state(richer), seat, he.EXACT) == other  # as worked out afresh


def test_fast_pruning_keeps_buildings_and_the_crossings_a_spare_worker_would_use():
    """The heuristic bot (`FAST`) rates every building but only the most promising bridges and ferries:
    those from a hex with a worker to spare (two on F18) before those from a hex its only
    worker holds (E19), and one ferry of each shore, as they rate alike."""
    s = copy_state(bare(mode="abundance"))
    clear_units(s, 0)
    workers_on(s, 0, ["F18"], per_hex=2)
    workers_on(s, 0, ["E19"])
    buildings = [cmd.Build("fort", "F18"), cmd.Build("factory", "E19"), cmd.Build("town", "F18")]
    crossings = [
        cmd.Build("ferry", "F18", to="F17"),
        cmd.Build("ferry", "F18", to="G18"),
        cmd.Build("ferry", "F18", to="G19"),
        cmd.Build("bridge", "E19", to="D18"),
        cmd.Build("bridge", "E19", to="E18"),
        cmd.Build("bridge", "F18", to="E18"),
    ]
    candidates = buildings[:2] + crossings + buildings[2:]
    kept = quick_crossings(s, 0, candidates, 2)
    assert [c for c in kept if c in buildings] == buildings
    assert sorted(c.piece for c in kept if c in crossings) == ["bridge", "ferry"]
    assert all(c.hex == "F18" for c in kept if c in crossings), "the worker to spare is on F18"
    wider = quick_crossings(s, 0, candidates, 4)
    assert [c.piece for c in wider if c in crossings].count("ferry") == 1, "one ferry of the shore"
    assert quick_crossings(s, 0, candidates, 6) == candidates


def _variants(s):
    """Copies of `s` that each change one thing the pieces' terms read, and no piece's place."""
    seat = 0
    own = [u for u in s.units.values() if u.owner == seat and u.kind == "worker"]
    town = next(b for b in s.buildings.values() if b.owner == seat)
    changes = {
        "a worker armed": lambda v: setattr(v.units[own[0].id], "weapon", True),
        "a building damaged": lambda v: setattr(v.buildings[town.id], "damaged", True),
        "movement upgraded": lambda v: v.players[seat].green.append("movement"),
        "a layer built": lambda v: setattr(v.players[seat], "layers", v.players[seat].layers + 1),
        "a bridge built": lambda v: v.bridges.update(B90=Bridge("B90", "D19", "E19", seat)),
    }
    for name, change in changes.items():
        v = copy_state(s)
        change(v)
        yield name, v


def test_a_change_the_pieces_terms_read_is_never_served_from_the_cache():
    """Each variant rates as a fresh computation after the original was rated (its terms cached),
    and differs from the original: the key holds every field of the pieces and the cards."""
    s = copy_state(bare(mode="abundance"))
    clear_units(s, 0)
    s.players[0].layers = 1  # layer 2 wants 5 land hexes: D19, across the river from E19, is one
    workers_on(s, 0, ["E20", "F18"])
    workers_on(s, 0, ["E19"], per_hex=2)
    add_building(s, 0, "town", "E20")
    for name, v in _variants(s):
        forget_board_terms()
        fresh = ev.evaluate(v, 0)
        forget_board_terms()
        original = ev.evaluate(s, 0)
        assert ev.evaluate(v, 0) == fresh, name
        assert fresh != original, name


def test_quick_places_keep_one_hex_per_kind_where_most_workers_stand():
    """The heuristic bot (`FAST`) rates, per kind of building or unit, the hex with the most of our
    workers, never one that has a building already; every crossing and other command stays."""
    s = copy_state(bare(mode="abundance"))
    clear_units(s, 0)
    workers_on(s, 0, ["E18"])
    workers_on(s, 0, ["E19"], per_hex=2)
    workers_on(s, 0, ["E20"], per_hex=3)
    add_building(s, 0, "fort", "E20")
    candidates = [
        cmd.Build("town", "E18"),
        cmd.Build("town", "E19"),
        cmd.Build("town", "E20"),
        cmd.Build("bridge", "E18", to="E19"),
        cmd.Train("army", "E19"),
        cmd.Train("army", "E20"),
        cmd.Forge("E18"),
    ]
    assert quick_places(s, 0, candidates, he.FAST.places) == [candidates[i] for i in (1, 3, 5, 6)]
    assert quick_places(s, 0, candidates, 3) == candidates


def test_the_pile_is_rated_only_until_a_card_makes_taking_back_worth_it(monkeypatch):
    """Taking back is chosen when some card of all ten, rated for next turn, is worth more than
    playing now. The pile's cards are rated one by one: the answer is the one rating them all
    gives, and once a card settles it the rest are not rated."""
    looked = 0
    for state in _positions(12):
        if not isinstance(state.pending, pd.ChooseAction) or not state.players[state.pending.seat].discard:
            continue
        seat = state.pending.seat
        base = ev.evaluate(state, seat)
        player = state.players[seat]
        hand = he._gains(state, seat, sorted(set(player.hand)), base, he.EXACT)
        held = he.pile_taken_back(state, seat)
        pile = he._gains(held, seat, sorted(set(player.discard) - set(player.hand)), base, he.EXACT)
        everything = max([*hand.values(), *pile.values(), 0.0])
        for play_value in (-1.0, 0.5, he.NEXT_TURN * everything - 0.01, he.NEXT_TURN * everything + 0.01):
            rated: list[list] = []
            real = he._gains
            monkeypatch.setattr(
                he, "_gains", lambda s, st, cards, b, p: rated.append(cards) or real(s, st, cards, b, p)
            )
            answer = he._worth_taking_back(state, seat, hand, base, play_value, he.EXACT)
            monkeypatch.setattr(he, "_gains", real)
            assert answer == (he.NEXT_TURN * everything > play_value)
            if answer and pile and he.NEXT_TURN * max([*hand.values(), 0.0]) <= play_value:
                first = next(c for c in sorted(pile) if he.NEXT_TURN * pile[c] > play_value)
                assert rated[-1] == [first]  # the card that settled it was the last one rated
            looked += 1
    assert looked >= 8
