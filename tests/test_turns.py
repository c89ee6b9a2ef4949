"""Turn structure [In a turn, l.206-207; Movement, l.221 first turn; rules review A5, B58, B59]."""

from __future__ import annotations

import importlib
import random

from monuments_tui.rules import any_legal, decide, fold, legal_commands
from monuments_tui.rules.pending import ChooseAction, MovementStep
from monuments_tui.rules.registry import candidate_commands

from .helpers import START_BOARD, greece_egypt_ready, position, rejected, run, start

LATER = """
    game greece,egypt scarcity seed=1
    round 3
"""
"""Greece v Egypt in round 3, every player past their first turn, Greece to play."""

SET_UP = "[board]\n" + START_BOARD
"""The board as the set-up leaves it: starting workers on the monument hexes, starting resources beside them."""


def test_first_turn_only_movement_or_draw_quests():
    """A5 #43, B58: in the very first turn only Movement and Draw quest cards may be played [l.221]."""
    s = greece_egypt_ready()
    err = rejected(s, "play trade")
    assert "first turn" in str(err) and "l.221" in err.rule
    plays = {c.card for c in legal_commands(s) if type(c).__name__ == "PlayCard"}
    assert plays <= {"movement", "quest"} and "movement" in plays


def test_played_card_goes_to_discard_and_turn_passes():
    """A5 #41: the played card is discarded with the side played face up; play goes clockwise [l.206, l.188]."""
    s = greece_egypt_ready()
    s = run(s, "play movement", "move w F19 E19", "move w F19 F18")
    greece = s.players[0]
    assert greece.discard == ["movement"] and "movement" not in greece.hand
    assert s.current == 1 and isinstance(s.pending, ChooseAction)


def test_take_back_requires_a_discard_and_keeps_sides():
    """A5 #40, #42: take all discarded cards back; they keep their side [l.207]; B59: not with an empty pile."""
    s = position(LATER, SET_UP)
    assert "empty" in str(rejected(s, "takeback"))
    s = position(LATER, SET_UP, "[greece]", "discard movement", "green movement")
    s = run(s, "takeback")
    assert "movement" in s.players[0].hand and s.players[0].discard == []
    assert "movement" in s.players[0].green
    assert s.current == 1


def test_card_not_in_hand_is_refused():
    s = position(LATER, SET_UP, "[greece]", "discard movement")
    err = rejected(s, "play movement")
    assert "discard" in str(err)


def test_card_without_possible_effect_cannot_be_played():
    """B59: a card may be played only if part of its effect can happen (no town: no Populate)."""
    s = position(LATER, SET_UP)
    assert "no effect" in str(rejected(s, "play populate"))


def test_done_needs_one_step():
    """B59: an action allowing "up to" N steps still needs one."""
    s = greece_egypt_ready()
    s = run(s, "play movement")
    assert isinstance(s.pending, MovementStep)
    assert "at least one" in str(rejected(s, "done"))


def test_discard_for_no_effect_only_when_stuck():
    """B59: discarding a card for no effect is allowed only with no playable card and nothing to take back."""
    s = position(LATER, SET_UP)
    assert rejected(s, "discard trade")


def test_equal_turns_each_round():
    """Everyone plays an equal number of turns [l.166]."""
    s = greece_egypt_ready()
    s = run(s, "play movement", "move w F19 E19", "done", "play movement", "move w H19 H18", "done")
    assert s.round == 2 and [p.turns for p in s.players] == [2, 1]


def test_resources_spent_only_where_a_worker_stands():
    """A8 #74, #76: only resources on hexes with your worker can be spent [l.229, l.250]."""
    s = position(LATER, "[board]", "F18: 2sheep", "F19: greece w w w")  # no Greek worker on F18
    assert "no effect" in str(rejected(s, "play upgrade"))
    s = position(LATER, "[board]", "F18: greece w 2sheep", "F19: greece w w w")
    s = run(s, "play upgrade", "upgrade production")
    assert "production" in s.players[0].green and "F18" not in s.resources


def test_any_legal_answers_as_legal_commands_does_at_every_position():
    """B59 [In a turn, l.206]: "can anything be done?" (any_legal) agrees with the full list, turn after turn."""
    state, rnd = start(seed=3), random.Random(3)
    for _ in range(150):
        legal = legal_commands(state)
        assert any_legal(state) == bool(legal)
        if not legal:
            break
        state = fold(state, decide(state, rnd.choice(legal)))
    assert state.round >= 2  # the walk reached real turns, not only the set-up


def test_any_legal_stops_at_the_first_accepted_candidate(monkeypatch):
    """B59 [In a turn, l.206]: the card-effect check tries candidates only until `decide` accepts one."""
    s = start()
    s = fold(s, decide(s, legal_commands(s)[0]))  # a starting resource to place: many candidates, no nested checks
    candidates = candidate_commands(s)
    first = candidates.index(legal_commands(s)[0])
    assert first + 1 < len(candidates)
    tried = []
    decide_module = importlib.import_module("monuments_tui.rules.decide")  # the module, not the function
    real = decide_module._decided  # what the candidates are tried with (they are canonical)
    monkeypatch.setattr(decide_module, "_decided", lambda st, c: tried.append(c) or real(st, c))
    assert any_legal(s)
    assert tried == candidates[: first + 1]
