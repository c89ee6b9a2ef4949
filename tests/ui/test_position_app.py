"""The app and positions: `monuments new --position FILE`, and copying the position from the game screen."""

from __future__ import annotations

import json

from monuments_tui.rules import format_position, parse_position
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.screens.new_game import Prefill
from tests.session_helpers import battle_ready
from tests.ui.helpers import type_command, wait_for

SIZE = (160, 50)


def _game(app) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def test_a_game_started_from_a_position_plays_from_it_and_copies_it_back(tmp_path):
    position, army, target = battle_ready()
    text = format_position(position)
    app = MonumentsApp(
        start="new", saves_dir=tmp_path, position=text, pace="instant", prefill=Prefill(seats=("human", "random"))
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = _game(app)
        header = json.loads(screen.session.path.read_text().splitlines()[0])
        assert header["position"] == text and screen.session.seats == ("human", "random")
        await type_command(pilot, "play attack")
        await type_command(pilot, f"attack {target} with army@{army}")
        # In a standard game the position is not given out: it shows every hidden card.
        await type_command(pilot, "position")
        copied = screen.session.path.with_name(screen.session.path.stem + ".position.txt")
        assert not copied.exists()
        assert any("teaching mode" in n.message for n in app._notifications)
        screen.session.set_teaching(True)
        await pilot.press("f4")
        await pilot.pause()
        assert copied.exists()
        assert format_position(parse_position(copied.read_text())) == format_position(screen.session.state)
        assert any(str(copied) in n.message for n in app._notifications)
