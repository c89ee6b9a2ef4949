"""Random playthroughs: bots choosing among `legal_commands` in every configuration.

No command a bot picks from `legal_commands` may raise, `legal_commands` is never empty
while the game is on, and every position after every command keeps the invariants of
`rules.invariants` (ferries and passengers, the component list, at most 5 resources a hex,
supply and bank totals, no negative counts). Uniformly random players rarely finish a monument from the start, so
games from the start run to a round cap; games from late-game positions run to the real
game end [Game end, l.391].
"""

from __future__ import annotations

import random

import pytest

from monuments_tui.rules import GameConfig, commands as cmd, decide, legal_commands, new_game
from monuments_tui.rules.evolve import apply_in_place
from monuments_tui.rules.invariants import invariant_violations
from monuments_tui.rules.scoring import ranking, score
from monuments_tui.rules.state import GameState, copy_state
from tests.helpers import late_game

CONFIGS = [
    (civs, mode)
    for civs in (
        ("greece", "egypt"),
        ("maya", "inca"),
        ("greece", "egypt", "inca"),
        ("greece", "egypt", "maya", "inca"),
    )
    for mode in ("abundance", "scarcity")
]


def uniform(state: GameState, legal: list, rnd: random.Random):
    return rnd.choice(legal)


def monument_first(state: GameState, legal: list, rnd: random.Random):
    """Uniform, except that a monument layer (and its bonus) is always taken when legal."""
    for wanted in (cmd.BuildLayer, cmd.ChooseBonus):
        hits = [c for c in legal if isinstance(c, wanted)]
        if hits:
            return rnd.choice(hits)
    if cmd.PlayCard("monument") in legal:
        return cmd.PlayCard("monument")
    return rnd.choice(legal)


def play(state: GameState, bot_seed: int, max_rounds: int, choose=uniform) -> GameState:
    """Play until the game is over or `max_rounds` is passed; fails on an empty legal list."""
    state = copy_state(state)
    rnd = random.Random(bot_seed)
    while state.phase != "over" and state.round <= max_rounds:
        legal = legal_commands(state)
        assert legal, f"no legal command while waiting for {state.pending}"
        command = choose(state, legal, rnd)
        for event in decide(state, command):
            apply_in_place(state, event)
        assert invariant_violations(state) == [], command
    return state


@pytest.mark.parametrize("civs,mode", CONFIGS)
def test_random_games_from_the_start(civs, mode):
    """A uniformly random bot plays 20 rounds without a rule error or a dead end, seeds 1 and 2."""
    for seed in (1, 2):
        state = play(new_game(GameConfig(civs=civs, mode=mode, seed=seed)), seed, 20)
        assert state.phase == "play" and state.round == 21


@pytest.mark.parametrize("civs,mode", CONFIGS)
def test_late_games_reach_the_real_end(civs, mode):
    """Game end, l.391: from a late position the game ends after the round in which layer 5 is built;
    every player has had the same number of turns, and the final scores rank every seat."""
    state = play(late_game(civs, mode, 1), 1, 30, monument_first)
    assert state.phase == "over" and state.pending is None and legal_commands(state) == []
    assert any(p.layers == 5 for p in state.players)
    assert len({p.turns for p in state.players}) == 1
    assert sorted(p.seat for p in ranking(state)) == list(range(len(civs)))
    assert all(b.total == sum(line.vp for line in b.lines) for b in score(state))


@pytest.mark.parametrize("civs,mode", CONFIGS)
def test_uniform_random_late_games(civs, mode):
    """A uniformly random bot plays late positions (seeds 1-3) without a rule error or a dead end;
    whenever it finishes a monument the game ends with equal turns."""
    for seed in (1, 2, 3):
        state = play(late_game(civs, mode, seed), seed, 14)
        if state.phase == "over":
            assert len({p.turns for p in state.players}) == 1


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "insane"])
@pytest.mark.parametrize("civs", [("greece", "egypt"), ("maya", "inca")])
def test_random_solo_games_keep_the_invariants(civs, level):
    """Solo, every level: the AI deck (its only legal command is `ai`) against uniform random
    play, 25 rounds, seeds 1 and 2."""
    for seed in (1, 2):
        config = GameConfig(civs=civs, mode="abundance", seed=seed, solo=level)
        state = play(new_game(config), seed, 25)
        assert state.phase == "over" or state.round == 26
