"""The coach (`ai/coach.py`): up to three legal moves with a line of why each, and the hints kept in
the save (`HintRecord`, `GameSession.record_hint`)."""

from __future__ import annotations

import json
import random
import shutil

import pytest

from monuments_tui.ai.coach import MAX_HINTS, hints
from monuments_tui.ai.evaluate import evaluate, evaluation_terms
from monuments_tui.ai.heuristic import heuristic_bot
from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig, decide, fold, format_command, new_game, parse_command
from tests.session_helpers import CONFIG, lines, play

GOLDEN_TEACHING = "tests/golden/v2_teaching-undo-redo.jsonl"


def heuristic_positions(steps: int = 160, seed: int = 3):
    """The positions of a heuristic-v-heuristic game, one per step."""
    state = new_game(GameConfig(civs=("greece", "egypt"), mode="abundance", seed=seed))
    rnd = random.Random(1)
    for _ in range(steps):
        if state.pending is None:
            return
        yield state
        state = fold(state, decide(state, heuristic_bot(state, rnd)))


POSITIONS = list(heuristic_positions())


def test_every_hint_is_legal_and_says_why():
    shown = 0
    for state in POSITIONS:
        found = hints(state)
        assert len(found) <= MAX_HINTS
        assert len({h.command for h in found}) == len(found)
        for h in found:
            decide(state, parse_command(h.command))  # raises RuleViolation if the rules refuse it
            assert h.why.strip() and "\n" not in h.why
        shown += len(found)
    assert shown > len(POSITIONS)  # most positions have more than one move to suggest


def test_the_first_hint_is_what_the_bot_rates_best_for_a_card():
    """Playing a card: the coach ranks as the bot does, so its first hint is the bot's own choice."""
    rnd = random.Random(1)
    agree = total = 0
    for state in POSITIONS:
        if type(state.pending).__name__ != "ChooseAction" or not hints(state):
            continue
        total += 1
        agree += hints(state)[0].command == format_command(heuristic_bot(state, rnd))
    assert total > 10 and agree >= 0.75 * total  # the coach rates every option, the bot its quick look's


def test_a_move_onto_land_says_so_toward_the_layer():
    """[Build a layer, l.272]: layer 1 needs 3 land hexes; the first move out says it counts toward them."""
    state = next(s for s in POSITIONS if type(s.pending).__name__ == "MovementStep")
    assert any("land hex toward layer 1" in h.why for h in hints(state))


def test_a_done_quest_is_turned_in_first_and_says_what_it_scores():
    """[Draw quest cards, l.371]: a completed quest can be turned in during your turn."""
    state = next(s for s in POSITIONS if any(h.command.startswith("turnin") for h in hints(s)))
    first = hints(state)[0]
    assert first.command.startswith("turnin") and "completes" in first.why and "VP" in first.why


def test_no_hints_when_the_game_is_over_or_for_the_solo_ai():
    solo = new_game(GameConfig(civs=("greece", "egypt"), mode="abundance", seed=1, solo="easy"))
    while solo.pending is not None and solo.pending.seat != solo.config.ai_seat:
        solo = fold(solo, decide(solo, heuristic_bot(solo, random.Random(1))))
    assert solo.pending is not None and hints(solo) == []


def test_the_terms_add_up_to_the_bots_evaluation():
    """`evaluation_terms` explains `evaluate`: it must stay the same sum, term for term."""
    for state in POSITIONS[::7]:
        for seat in (0, 1):
            assert sum(evaluation_terms(state, seat).values()) == pytest.approx(evaluate(state, seat), abs=1e-6)


# -- in the session and the save ------------------------------------------------------------------
def test_hints_are_refused_without_teaching_or_the_hints_setting(tmp_path):
    plain = GameSession.new(CONFIG, seats=("human", "random"), saves_dir=tmp_path)
    refusal = plain.hint_refusal()
    assert refusal and refusal.startswith("Hints are off in this game")
    assert "teaching mode" in refusal and "--hints" in refusal
    assert GameSession.new(CONFIG, seats=("human", "random"), saves_dir=tmp_path, hints=True).hint_refusal() is None
    teaching = GameSession.new(CONFIG, seats=("human", "random"), saves_dir=tmp_path, teaching=True)
    assert teaching.hint_refusal() is None
    plain.set_teaching(True)
    assert plain.hint_refusal() is None


def test_the_hints_setting_is_in_the_header_and_old_saves_read_as_no_hints(tmp_path):
    s = GameSession.new(CONFIG, seats=("human", "random"), saves_dir=tmp_path, hints=True)
    assert json.loads(lines(s.path)[0])["hints"] is True
    s.close()
    again, _ = GameSession.load(s.path)
    assert again.header.hints is True
    again.close()
    old, _ = GameSession.load(_copy(GOLDEN_TEACHING, tmp_path))
    assert old.header.hints is False
    old.close()


def test_a_hint_record_round_trips_and_is_placed_after_its_step(tmp_path):
    s = GameSession.new(CONFIG, seats=("human", "random"), saves_dir=tmp_path, hints=True)
    play(s, 5)
    shown = [(h.command, h.why) for h in hints(s.state)]
    record = s.record_hint(shown)
    assert (record.position, record.after, record.seat) == (5, s.history()[-1].seq, s.state.pending.seat)
    raw = json.loads(lines(s.path)[-1])
    assert raw["kind"] == "hint" and [h["command"] for h in raw["hints"]] == [c for c, _ in shown]
    s.close()
    again, warnings = GameSession.load(s.path)
    assert warnings == [] and again.hints_shown() == [record]
    again.close()


def test_a_hint_leaves_the_log_when_its_step_is_taken_back(tmp_path):
    s = GameSession.new(CONFIG, seats=("random", "random"), saves_dir=tmp_path, teaching=True)
    play(s, 3)
    s.record_hint([("done", "nothing open now gains more")])
    s.undo()
    assert s.hints_shown() == []
    s.redo()
    assert len(s.hints_shown()) == 1


def _copy(src: str, tmp_path):
    return shutil.copy(src, tmp_path / "old.jsonl")
