"""The engine's contract: pure core, decide/evolve, randomness as an input."""

from __future__ import annotations

import pathlib
import random
import subprocess
import sys

import msgspec
import pytest

from monuments_tui.rules import (
    GameConfig,
    RuleViolation,
    decide,
    evolve,
    fold,
    legal_commands,
    new_game,
    parse_command,
)
from monuments_tui.rules import rng
from monuments_tui.rules.events import EventAny
from monuments_tui.rules.state import copy_state

from .helpers import greece_egypt_ready, rejected, start

RULES_DIR = pathlib.Path(__file__).resolve().parent.parent / "monuments_tui" / "rules"


def test_core_imports_no_interface():
    """The rules core, bots, session and saves import neither textual nor rich (architecture)."""
    code = (
        "import importlib, sys\n"
        "for m in ('monuments_tui.rules', 'monuments_tui.ai.bots', 'monuments_tui.session', 'monuments_tui.saves'):\n"
        "    try:\n"
        "        importlib.import_module(m)\n"
        "    except ModuleNotFoundError as e:\n"
        "        if e.name != m: raise\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_core_does_no_terminal_or_file_io():
    """No print, input or open in the rules core: it reads packaged data only through importlib.resources."""
    offenders = []
    for path in RULES_DIR.rglob("*.py"):
        text = path.read_text()
        for word in ("print(", "input(", " open(", "sys.stdout", "sys.stderr"):
            if word in text:
                offenders.append(f"{path.name}: {word}")
    assert offenders == []


def test_decide_never_changes_the_state():
    """decide checks and reports; it never mutates (architecture, habit 1)."""
    s = greece_egypt_ready()
    before = msgspec.msgpack.encode(s)
    for c in legal_commands(s):
        decide(s, c)
    assert msgspec.msgpack.encode(s) == before


def test_evolve_returns_a_new_state_and_leaves_the_old_one():
    s = greece_egypt_ready()
    before = msgspec.msgpack.encode(s)
    events = decide(s, parse_command("play movement"))
    new = evolve(s, events[0])
    assert msgspec.msgpack.encode(s) == before
    assert new is not s


def test_rejected_command_is_a_value_error_with_rule_and_hint():
    """A RuleViolation is a ValueError that cites the rulebook and says what is legal."""
    s = greece_egypt_ready()
    err = rejected(s, "play production")
    assert isinstance(err, ValueError)
    assert "l.221" in err.rule
    assert "Movement" in err.hint


def test_command_out_of_turn_says_what_is_awaited():
    s = greece_egypt_ready()
    err = rejected(s, "produce E19")
    assert "not possible now" in str(err)
    assert "Legal now" in err.hint


def _random_log(seed: int, steps: int) -> tuple[list[bytes], object]:
    s = start(seed=seed)
    rnd = random.Random(seed)
    log = []
    for _ in range(steps):
        if s.phase == "over":
            break
        events = decide(s, rnd.choice(legal_commands(s)))
        log.append(msgspec.json.encode(events))
        s = fold(s, events)
    return log, s


def test_same_seed_and_commands_give_an_identical_event_log():
    """Randomness is an input: same seed + same commands = byte-identical events."""
    a, _ = _random_log(11, 250)
    b, _ = _random_log(11, 250)
    assert a == b


def test_different_seeds_deal_differently():
    a = start(seed=1)
    b = start(seed=2)
    assert (a.quest_decks, a.start_quests) != (b.quest_decks, b.start_quests)


def test_any_state_equals_the_fold_of_its_events():
    """Folding the recorded events onto the initial state rebuilds the live state exactly."""
    initial = start(seed=5)
    s = copy_state(initial)
    rnd = random.Random(5)
    events = []
    for _ in range(200):
        if s.phase == "over":
            break
        new = decide(s, rnd.choice(legal_commands(s)))
        events.extend(new)
        s = fold(s, new)
    decoded = msgspec.json.decode(msgspec.json.encode(events), type=list[EventAny])
    assert msgspec.msgpack.encode(fold(initial, decoded)) == msgspec.msgpack.encode(s)


def test_generator_is_deterministic_and_unbiased_enough():
    """The special die has faces 0,0,0,1,1,2 [Attack, l.337]; rolls follow the generator state."""
    state = rng.seed_state(42)
    faces, state2 = rng.roll_special(state, 6000)
    assert rng.roll_special(state, 6000) == (faces, state2)
    counts = {v: faces.count(v) for v in (0, 1, 2)}
    assert 2700 < counts[0] < 3300 and 1700 < counts[1] < 2300 and 800 < counts[2] < 1200


def test_invalid_configurations_are_refused():
    """Set-up allows Greece+Egypt or Maya+Inca for 2, Greece+Egypt+Inca for 3, all for 4 [Set-up, l.120]."""
    with pytest.raises(ValueError):
        new_game(GameConfig(civs=("greece", "maya")))
    with pytest.raises(ValueError):
        new_game(GameConfig(civs=("greece", "egypt", "maya")))
    with pytest.raises(ValueError):
        new_game(GameConfig(civs=("greece", "egypt"), mode="chaos"))
    with pytest.raises(ValueError):
        new_game(GameConfig(civs=("greece", "greece")))


def test_game_over_refuses_commands():
    s = copy_state(greece_egypt_ready())
    s.phase = "over"
    s.pending = None
    with pytest.raises(RuleViolation, match="over"):
        decide(s, parse_command("play movement"))
