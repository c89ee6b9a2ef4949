"""Start-up: the title screen and the saves list load no rules engine and no bot.

The engine (`rules.decide`, `rules.legal` and the rule modules) and the bots load when a
game opens; the title screen reads the saves with the save format's own modules only
(README, Speed). The rules package gives its public names on first use.
"""

from __future__ import annotations

import json
import subprocess
import sys

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


PACKAGE = """
import importlib
decide_module = importlib.import_module("monuments_tui.rules.decide")  # the module alone: no rule registered
from monuments_tui.rules.config import GameConfig
from monuments_tui.rules.setup import new_game
from monuments_tui.rules.commands import EndTurn
try:
    decide_module.decide(new_game(GameConfig(civs=("greece", "egypt"), seed=1)), EndTurn())
except RuntimeError as exc:
    print("refused:", exc)
from monuments_tui.rules import decide, evolve, legal_commands
print(decide is decide_module.decide, callable(evolve))
print(len(legal_commands(new_game(GameConfig(civs=("greece", "egypt"), seed=1)))) > 0)
"""


def test_the_rules_package_gives_its_functions_after_their_modules_load_and_registers_every_rule():
    out = subprocess.run([sys.executable, "-c", PACKAGE], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == [
        "refused: no rule is registered: import monuments_tui.rules (or its module legal) first",
        "True True",
        "True",
    ]


def test_the_monuments_commands_own_checks_load_no_engine_and_no_bot():
    # `monuments` runs these checks before the title screen opens (cli._dispatch)
    loaded = loaded_by("monuments_tui.cli.main", "monuments_tui.cli.preflight")
    assert "monuments_tui.cli.preflight" in loaded
    assert engine_in(loaded) == []
    assert "monuments_tui.rules.position" not in loaded  # only `new --position` reads a position
