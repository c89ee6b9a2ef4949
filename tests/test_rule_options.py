"""Rule options take only the values their rules allow: out of its domain an option is refused
by msgspec when a save header is decoded, by `validate_config` (the new-game form, the command
line, `new_game`) and by a position, each naming the option and what it takes."""

from __future__ import annotations

import json

import pytest

from monuments_tui.cli.main import main
from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig, format_position, new_game, parse_position
from monuments_tui.rules.config import RuleOptions, validate_config
from monuments_tui.rules.errors import PositionError
from monuments_tui.saves.format import SaveError

from .session_helpers import new_session, play, rebind

OUT_OF_DOMAIN = [
    ("layer4_workers", -5),  # sacrifices rise from 1 worker to 3 [Monument, l.278] (B1)
    ("layer4_workers", 0),
    ("layer4_workers", 4),
    ("upgrade_discount", "nonsense"),  # cumulative or flat (B56)
    ("dice_cap", -1),
    ("dice_cap", 11),  # the box holds 10 special dice [Components, l.88] (B28)
    ("failed_attack_damage", "defender"),  # both or attacker (B30)
    ("retreat", "nonsense"),  # together or each (B34)
    ("solo_unit_cost", 3),  # a navy or an army costs 2 [l.180-181] (B76)
    ("solo_unit_cost", -1),
    ("solo_workers_kept", 16),  # a player has 15 workers [Components, l.93]
    ("solo_workers_kept", -1),
    ("bank_limited", 3),
]
IDS = [f"{name}={value}" for name, value in OUT_OF_DOMAIN]

AT_THE_BOUNDS = [
    ("layer4_workers", 1),
    ("layer4_workers", 3),
    ("dice_cap", 0),
    ("dice_cap", 10),
    ("upgrade_discount", "flat"),
    ("failed_attack_damage", "attacker"),
    ("retreat", "each"),
    ("solo_unit_cost", 2),
    ("solo_workers_kept", 15),
]


def with_option(tmp_path, name, value):
    """A save whose header sets rule option `name` to `value`."""
    s = new_session(tmp_path)
    play(s, 4)
    s.close()
    lines = s.path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["config"]["options"][name] = value
    lines[0] = json.dumps(header) + "\n"
    s.path.write_text("".join(lines))
    rebind(s.path)
    return s.path


@pytest.mark.parametrize("name,value", OUT_OF_DOMAIN, ids=IDS)
def test_a_save_header_with_an_option_out_of_its_domain_is_refused_naming_line_1(tmp_path, capsys, name, value):
    path = with_option(tmp_path, name, value)
    assert main(["check", str(path)]) == 1
    said = capsys.readouterr().err
    assert "line 1: invalid save header" in said and f"options.{name}" in said
    with pytest.raises(SaveError) as refused:
        GameSession.load(path, saves_dir=tmp_path)
    assert refused.value.line == 1 and f"options.{name}" in refused.value.reason


@pytest.mark.parametrize("name,value", AT_THE_BOUNDS, ids=[f"{n}={v}" for n, v in AT_THE_BOUNDS])
def test_a_save_header_with_an_option_at_the_edge_of_its_domain_loads(tmp_path, name, value):
    path = with_option(tmp_path, name, value)
    session, _ = GameSession.load(path, saves_dir=tmp_path)
    assert getattr(session.state.config.options, name) == value
    session.close()


@pytest.mark.parametrize("name,value", OUT_OF_DOMAIN, ids=IDS)
def test_validate_config_refuses_an_option_out_of_its_domain_saying_what_it_takes(name, value):
    config = GameConfig(civs=("greece", "egypt"), options=RuleOptions(**{name: value}))
    with pytest.raises(ValueError, match=f"rule option {name} takes .*, not {value!r}"):
        validate_config(config)
    with pytest.raises(ValueError, match=f"rule option {name}"):
        new_game(config)


def test_the_refusal_says_what_would_work():
    with pytest.raises(ValueError) as refused:
        validate_config(GameConfig(civs=("greece", "egypt"), options=RuleOptions(layer4_workers=-5)))
    assert str(refused.value) == "rule option layer4_workers takes a whole number from 1 to 3, not -5"
    with pytest.raises(ValueError) as refused:
        validate_config(GameConfig(civs=("greece", "egypt"), options=RuleOptions(retreat="nonsense")))
    assert str(refused.value) == "rule option retreat takes together or each, not 'nonsense'"


def test_a_save_header_with_an_unknown_mode_or_level_is_refused_naming_line_1(tmp_path):
    for field, value in (("mode", "chaos"), ("solo", "impossible")):
        s = new_session(tmp_path / field)
        s.close()
        lines = s.path.read_text().splitlines(keepends=True)
        header = json.loads(lines[0])
        header["config"][field] = value
        s.path.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))
        with pytest.raises(SaveError) as refused:
            GameSession.load(s.path, saves_dir=tmp_path)
        assert refused.value.line == 1 and f"config.{field}" in refused.value.reason


def position_with(options_line: str) -> str:
    lines = format_position(new_game(GameConfig(civs=("greece", "egypt"), seed=1))).splitlines()
    return "\n".join([*lines[:2], options_line, *lines[2:]]) + "\n"


def test_a_position_refuses_an_option_out_of_its_domain_naming_its_line():
    with pytest.raises(PositionError, match="line 3: layer4_workers takes a whole number from 1 to 3, not '-5'"):
        parse_position(position_with("options layer4_workers=-5"))
    with pytest.raises(PositionError, match="line 3: retreat takes together or each, not 'nonsense'"):
        parse_position(position_with("options retreat=nonsense"))


def test_a_position_with_options_at_their_bounds_round_trips():
    state = parse_position(position_with("options layer4_workers=1 dice_cap=10 retreat=each solo_workers_kept=15"))
    options = state.config.options
    assert (options.layer4_workers, options.dice_cap, options.retreat, options.solo_workers_kept) == (1, 10, "each", 15)
    assert parse_position(format_position(state)).config.options == options
