"""The engine's contract: pure core, decide/evolve, randomness as an input."""

from __future__ import annotations

import ast
import json
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
    rng,
)
from monuments_tui.rules.decide import accepts, any_legal
from monuments_tui.rules.events import EventAny
from monuments_tui.rules.registry import candidate_commands
from monuments_tui.rules.state import copy_state

from .helpers import greece_egypt_ready, rejected, start

PACKAGE_DIR = pathlib.Path(__file__).resolve().parent.parent / "monuments_tui"
RULES_DIR = PACKAGE_DIR / "rules"

LAZY_INTERFACE = {"monuments_tui.cli.main": {"monuments_tui.ui.app"}}
"""The command line imports the app inside the function that starts it, so headless commands never load it."""

RULES_MAY_LOAD = {"monuments_tui", "monuments_tui.data"}
"""Besides itself, the rules core loads only its parent package and the packaged data it reads."""

IMPORT_EACH = """
import importlib, json, sys
loaded, errors = {}, {}
for name in sys.argv[1:]:
    before = set(sys.modules)
    try:
        importlib.import_module(name)
    except Exception as e:
        errors[name] = repr(e)
    loaded[name] = sorted(set(sys.modules) - before)
print(json.dumps({"loaded": loaded, "errors": errors}))
"""
"""Imports each module named on the command line in turn; says what each one loaded first, and which failed."""


def module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_modules(under: pathlib.Path = PACKAGE_DIR) -> dict[str, pathlib.Path]:
    """Every module of the package under `under` except the interface (`ui/`), read from the source tree."""
    return {
        module_name(path): path
        for path in sorted(under.rglob("*.py"))
        if path.relative_to(PACKAGE_DIR).parts[0] != "ui"
    }


def imported_names(path: pathlib.Path) -> set[str]:
    """Every module an import statement of `path` names, at any depth (lazy imports too)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{path}: relative import of {node.module}"
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def within(name: str, modules) -> bool:
    """True if `name` is one of `modules` or something inside one of them."""
    return any(name == m or name.startswith(m + ".") for m in modules)


def is_interface(name: str) -> bool:
    return within(name, ("textual", "rich", "monuments_tui.ui"))


def import_each(modules) -> dict:
    """Import `modules` one after the other in a fresh interpreter (`__main__` runs the app: not imported)."""
    names = [m for m in modules if not m.endswith("__main__")]
    out = subprocess.run([sys.executable, "-c", IMPORT_EACH, *names], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_purity_checks_see_every_module_outside_the_interface():
    """The module lists come from the source tree: a new module is checked without being listed here."""
    modules = source_modules()
    assert {
        "monuments_tui.cli.main",
        "monuments_tui.game.session",
        "monuments_tui.saves.format",
        "monuments_tui.ai.bots",
        "monuments_tui.rules",
        "monuments_tui.rules.decide",
        "monuments_tui.rules.solo.turn",
    } <= set(modules)
    assert not any(m.startswith("monuments_tui.ui") for m in modules)
    assert set(source_modules(RULES_DIR)) == {m for m in modules if m.startswith("monuments_tui.rules")}


def test_no_module_outside_the_interface_imports_it():
    """No import of textual, rich or monuments_tui.ui outside ui/, even inside a function (architecture)."""
    offenders = {}
    for name, path in source_modules().items():
        allowed = LAZY_INTERFACE.get(name, set())
        bad = {n for n in imported_names(path) if is_interface(n) and not within(n, allowed)}
        if bad:
            offenders[name] = sorted(bad)
    assert offenders == {}


def test_every_module_outside_the_interface_imports_and_loads_none_of_it():
    """Each module imports cleanly in a fresh interpreter, and nothing it loads is textual, rich or ui."""
    result = import_each(source_modules())
    assert result["errors"] == {}
    loaded = {m: [n for n in names if is_interface(n)] for m, names in result["loaded"].items()}
    assert {m: names for m, names in loaded.items() if names} == {}


def test_the_rules_core_imports_nothing_outside_itself():
    """The rules core imports only the standard library, msgspec and its own modules; its data it reads as resources."""
    outside = {}
    for name, path in source_modules(RULES_DIR).items():
        bad = {
            n for n in imported_names(path) if within(n, ("monuments_tui",)) and not within(n, ("monuments_tui.rules",))
        }
        if bad:
            outside[name] = sorted(bad)
    assert outside == {}
    result = import_each(source_modules(RULES_DIR))
    assert result["errors"] == {}
    loaded = {n for names in result["loaded"].values() for n in names if within(n, ("monuments_tui",))}
    assert {n for n in loaded if not within(n, ("monuments_tui.rules",))} <= RULES_MAY_LOAD


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


@pytest.mark.parametrize(
    ("civs", "mode", "seed", "solo"),
    [
        (("greece", "egypt"), "scarcity", 3, None),
        (("maya", "inca"), "abundance", 4, None),
        (("greece", "egypt", "inca"), "abundance", 6, None),
        (("greece", "egypt"), "abundance", 5, "hard"),
    ],
)
def test_the_probe_accepts_exactly_the_commands_decide_accepts(civs, mode, seed, solo):
    """`legal_commands` and `any_legal` ask `accepts`, which leaves out what closes an action;
    every candidate of a seeded game is accepted by it exactly when `decide` gives its events."""
    s = new_game(GameConfig(civs=civs, mode=mode, seed=seed, solo=solo))
    rnd = random.Random(seed)
    for _ in range(200):
        if s.pending is None:
            break
        for command in candidate_commands(s):
            try:
                decide(s, command)
                decided = True
            except RuleViolation:
                decided = False
            assert accepts(s, command) == decided, f"{command} in round {s.round}"
        s = fold(s, decide(s, rnd.choice(legal_commands(s))))


def test_decide_does_what_its_arguments_say_whatever_ran_before():
    """No mode outlives a call: the same command decided before, inside and after a probe
    gives the same events (a probe used to be a mode set around `decide`)."""
    s = greece_egypt_ready()
    command = parse_command("take back") if s.players[0].discard else legal_commands(s)[0]
    first = decide(s, command)
    assert any_legal(s)
    assert decide(s, command) == first


def test_every_rules_module_imports_first_on_its_own():
    """No import cycle in the rules core: each module imports as the first one of a fresh
    interpreter (a test file or a tool may import any of them first)."""
    failed = {}
    for name in source_modules(RULES_DIR):
        out = subprocess.run([sys.executable, "-c", f"import {name}"], capture_output=True, text=True)
        if out.returncode:
            failed[name] = out.stderr.strip().splitlines()[-1]
    assert failed == {}
