"""Start-up: the title screen and the saves list load no rules engine and no bot.

The engine (`rules.decide`, `rules.legal` and the rule modules) and the bots load when a
game opens; the title screen reads the saves with the save format's own modules only
(docs/performance.md, Start-up). The rules package gives its public names on first use.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

ENGINE = ("monuments_tui.rules.decide", "monuments_tui.rules.legal", "monuments_tui.rules.actions", "monuments_tui.ai")

LOADED = """
import json, sys
for name in sys.argv[1:]:
    __import__(name)
print(json.dumps(sorted(m for m in sys.modules if m.startswith("monuments_tui"))))
"""


def loaded_by(*modules: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", LOADED, *modules], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def engine_in(loaded: list[str]) -> list[str]:
    return [m for m in loaded if any(m == e or m.startswith(e + ".") for e in ENGINE)]


def test_the_title_screen_and_the_app_load_no_engine_and_no_bot():
    loaded = loaded_by("monuments_tui.ui.screens.title", "monuments_tui.ui.saves_list", "monuments_tui.ui.app")
    assert "monuments_tui.ui.screens.title" in loaded and "monuments_tui.saves.format" in loaded
    assert engine_in(loaded) == []
    assert "monuments_tui.game.session" not in loaded


def test_the_check_sees_an_engine_module_when_one_is_loaded():
    assert engine_in(loaded_by("monuments_tui.game.session")) != []


DECIDE_ALONE = """
from monuments_tui.rules.decide import decide
from monuments_tui.rules.config import GameConfig
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.notation import parse_command
from monuments_tui.rules.setup import new_game
state = new_game(GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=7))
print(state.pending)
state = fold(state, decide(state, parse_command("startquest qs-land")))
print(state.pending)
"""


def fresh(script: str) -> list[str]:
    """What `script` prints, run by a new interpreter that has imported nothing of the game."""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_decide_imported_alone_decides_a_command_of_a_new_game():
    assert fresh(DECIDE_ALONE) == [
        "ChooseStartQuest(seat=0, options=('qs-land', 'qs-bridge'))",
        "ChooseStartResource(seat=0, left=2)",
    ]


PLAY_ALONE = """
from {module} import {name}
from monuments_tui.rules.config import GameConfig
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.setup import new_game
from monuments_tui.rules.decide import accepted_commands, decide
state = new_game(GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=7))
print(bool({call}))
played = 0
while played < 40 and state.pending is not None:  # set-up, then cards played and actions closed
    state = fold(state, decide(state, next(accepted_commands(state))))
    played += 1
print(played, state.phase, state.round > 1)
"""


@pytest.mark.parametrize(
    ("module", "name", "call"),
    [
        ("monuments_tui.rules.decide", "any_legal", "any_legal(state)"),
        ("monuments_tui.rules.legal", "legal_commands", "legal_commands(state)"),
        ("monuments_tui.rules.registry", "candidate_commands", "candidate_commands(state)"),
        ("monuments_tui.rules", "legal_commands", "legal_commands(state)"),
    ],
)
def test_every_entry_point_of_the_rules_works_imported_first(module, name, call):
    assert fresh(PLAY_ALONE.format(module=module, name=name, call=call)) == ["True", "40 play True"]


def test_the_rules_package_gives_its_functions_not_its_modules():
    out = fresh(
        "import sys, monuments_tui.rules.decide\n"
        "module = sys.modules['monuments_tui.rules.decide']\n"
        "from monuments_tui.rules import decide, evolve\n"
        "print(decide is module.decide, callable(evolve))"
    )
    assert out == ["True True"]


def test_the_monuments_commands_own_checks_load_no_engine_and_no_bot():
    # `monuments` runs these checks before the title screen opens (cli._dispatch)
    loaded = loaded_by("monuments_tui.cli.main", "monuments_tui.cli.preflight")
    assert "monuments_tui.cli.preflight" in loaded
    assert engine_in(loaded) == []
    assert "monuments_tui.rules.position" not in loaded  # only `new --position` reads a position
