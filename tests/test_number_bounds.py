"""Every number within its bounds: a seed or any other whole number beyond the 64 bits a save holds
is refused where it comes in (command line, new-game form, header, record, position), with a
message naming it, and the rules raise only `RuleViolation` at the edge of the range
[issue: nothing from a file reaches your terminal raw, item 2]."""

from __future__ import annotations

import pytest

from monuments_tui.cli.main import main
from monuments_tui.records import RecordError, check
from monuments_tui.records.text_import import parse_record
from monuments_tui.rules import GameConfig, RuleViolation, decide, fold, legal_commands, new_game
from monuments_tui.rules.config import SEED_MAX, validate_config
from monuments_tui.rules.position import PositionError, format_position, parse_position
from monuments_tui.saves.format import SaveError
from monuments_tui.ui.screens.new_game import build_choice

from .session_helpers import new_session, play

TOO_BIG = 18446744073709551621  # 2**64 + 5, from the issue


@pytest.mark.parametrize("seed", [TOO_BIG, -1, 10**400])
def test_a_seed_beyond_64_bits_is_refused_naming_the_seed(seed):
    config = GameConfig(civs=("greece", "egypt"), seed=seed)
    with pytest.raises(
        ValueError, match=r"seed .* out of range: it takes a whole number from 0 to 18446744073709551615"
    ):
        validate_config(config)
    with pytest.raises(ValueError, match="seed"):
        new_game(config)
    with pytest.raises(ValueError, match="seed"):
        build_choice(("greece", "egypt"), "abundance", ("human", "human"), seed=seed)


def test_a_header_with_a_seed_beyond_64_bits_is_refused_on_line_1(tmp_path):
    s = new_session(tmp_path)
    play(s, 3)
    s.close()
    lines = s.path.read_bytes().splitlines(keepends=True)
    lines[0] = lines[0].replace(b'"seed":7', f'"seed":{TOO_BIG}'.encode(), 1)
    s.path.write_bytes(b"".join(lines))
    with pytest.raises(SaveError, match=r"line 1: .*seed 18446744073709551621 is out of range"):
        check(s.path)


def test_a_record_with_a_seed_beyond_64_bits_is_refused_on_line_1():
    with pytest.raises(RecordError, match=r"line 1: .*seed .* out of range"):
        parse_record(f'[Civs "greece,egypt"]\n[Seed "{TOO_BIG}"]\n')
    with pytest.raises(RecordError, match="line 1"):
        parse_record('[Civs "greece,egypt"]\n[Seed "' + "9" * 5000 + '"]\n')


def test_a_position_with_numbers_beyond_64_bits_is_refused_naming_the_line():
    text = format_position(new_game(GameConfig(civs=("greece", "egypt"), seed=3)))
    lines = text.splitlines()
    game = next(i for i, line in enumerate(lines) if line.startswith("game "))
    for bad in (str(TOO_BIG), "9" * 5000, "-5"):
        edited = [*lines]
        edited[game] = edited[game].replace("seed=3", f"seed={bad}")
        with pytest.raises(PositionError) as refused:
            parse_position("\n".join(edited))
        assert f"line {game + 1}" in str(refused.value) and "seed" in str(refused.value)
        assert len(str(refused.value)) < 300
    rng = next(i for i, line in enumerate(lines) if line.startswith("rng "))
    edited = [*lines]
    edited[rng] = f"rng {2**64}"
    with pytest.raises(PositionError, match=f"line {rng + 1}: rng .* out of range"):
        parse_position("\n".join(edited))


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--solo", "easy", "--games", "1", "--seed", str(TOO_BIG)],
        ["simulate", "--games", "9" * 401],
        ["simulate", "--max-turns", "-1"],
        ["simulate", "--jobs", "100000"],
        ["new", "--players", "greece,egypt", "--seats", "random,random", "--seed", str(TOO_BIG), "--start"],
        ["new", "--seed", "9" * 401],
    ],
)
def test_the_command_line_refuses_numbers_beyond_their_range(argv, capsys):
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "out of range" in err or "whole number" in err
    assert len(err.splitlines()[-1]) < 300  # a 401-digit number is not echoed back


def test_simulate_refuses_seeds_that_would_pass_the_range(capsys):
    assert main(["simulate", "--games", "3", "--seed", str(SEED_MAX - 1)]) == 2
    assert "passes" in capsys.readouterr().err


def test_the_largest_seed_plays_the_solo_ai_without_overflow():
    """The solo AI's first turn copies the state, seed included: at 2**64 - 1 it still encodes."""
    state = new_game(GameConfig(civs=("greece", "egypt"), seed=SEED_MAX, solo="easy"))
    for _ in range(40):
        if state.pending is None:
            break
        command = legal_commands(state)[0]
        try:
            state = fold(state, decide(state, command))
        except RuleViolation:
            pytest.fail(f"a legal command was refused: {command}")
