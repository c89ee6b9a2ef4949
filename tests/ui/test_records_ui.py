"""Pilot tests: `note TEXT` and `promote N` typed in a game; the log shows notes and folded side
lines [issue 19 point 5, issue 20 point 3]."""

from __future__ import annotations

from monuments_tui.ui.widgets.command_line import CommandLine
from monuments_tui.ui.widgets.panes import LogPane
from tests.ui.helpers import type_command, wait_for
from tests.ui.test_app import SIZE, game_app, game_screen, play_first_legal


def log_text(app) -> str:
    log = app.screen.query_one(LogPane)
    return "\n".join("".join(segment.text for segment in strip) for strip in log.lines)


def message(app) -> str:
    return app.screen.query_one(CommandLine).message


async def test_a_note_typed_in_a_game_is_saved_and_shown_in_the_log_at_its_position(tmp_path):
    app = game_app(tmp_path, seats=("human", "random"))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await play_first_legal(pilot, 2)
        await type_command(pilot, "note")
        assert "A note needs its text: note TEXT attaches a comment" in message(app)
        await type_command(pilot, "note Teacher: move the army first")
        assert "Noted on this position" in message(app)
        session = screen.session
        position = len(session.history())
        assert session.tree().notes_at(0, position) == ("Teacher: move the army first",)
        await wait_for(pilot, lambda: "✎ Teacher: move the army first" in log_text(app))
        assert b'"kind":"note"' in session.path.read_bytes()


async def test_an_undone_line_is_folded_in_the_log_and_promote_makes_it_the_main_line(tmp_path):
    app = game_app(tmp_path, seats=("human", "human"), teaching=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        session = screen.session
        await play_first_legal(pilot, 4)
        first_line = [s.text for s in session.history()]
        await pilot.press("ctrl+z", "ctrl+z")
        await pilot.pause()
        other = next(t for t in screen.legal_texts if t != first_line[2])
        await type_command(pilot, other)
        await wait_for(pilot, lambda: "side line 1, 2 moves undone" in log_text(app))
        assert "promote 1" in log_text(app)
        await type_command(pilot, "promote x")
        assert "Which side line? promote N" in message(app)
        await type_command(pilot, "promote 1")
        assert "Side line 1 is now the main line" in message(app)
        assert [s.text for s in session.history()] == first_line
        await wait_for(pilot, lambda: "side line 1, 1 move undone" in log_text(app))
