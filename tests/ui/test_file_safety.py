"""No save is lost by saving, and text from a file is shown as text [issue: nothing from a
file reaches your terminal raw, items 1 and 4]: "save a copy" (ctrl+s) onto an existing file
asks first and keeps the replaced file beside it; a title or hint holding markup shows as typed
in the Load list and the replay's title bar."""

from __future__ import annotations

import json

from monuments_tui.game.session import GameSession
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.dialogs.common import AskDialog, ConfirmDialog
from monuments_tui.ui.screens.replay import ReplayScreen
from tests.session_helpers import new_session, play
from tests.ui.helpers import screen_text
from tests.ui.test_app import SIZE, game_app, game_screen, notes_of, play_first_legal

MARKUP = "[bold red]x[/bold red] [link=y]z[/link]"


async def _save_copy_to(pilot, app, target) -> None:
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, AskDialog)
    app.screen.query_one("#answer").value = str(target)
    await pilot.press("enter")
    await pilot.pause()


async def test_saving_a_copy_over_another_file_asks_and_keeps_the_old_one(tmp_path):
    other = new_session(tmp_path / "other")
    play(other, 12)
    other.close()
    target = other.path
    before = target.read_bytes()
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        said = notes_of(app)
        await play_first_legal(pilot, 2)
        await _save_copy_to(pilot, app, target)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # keep it
        await pilot.pause()
        assert target.read_bytes() == before and not list(target.parent.glob("*.bak"))
        await _save_copy_to(pilot, app, target)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")  # replace it
        await pilot.pause()
        backup = target.with_name(target.name + ".bak")
        assert backup.read_bytes() == before, "the replaced game is kept beside the copy"
        copy, _ = GameSession.load(target)
        assert len(copy.history()) == len(game_screen(app).session.history())
        copy.close()
        assert any(f"kept as {backup}" in s for s in said)


async def test_a_title_with_markup_shows_as_typed_in_the_load_list_and_the_replay(tmp_path):
    s = new_session(tmp_path)
    play(s, 4)
    s.close()
    raw = s.path.read_bytes().split(b"\n")
    header = json.loads(raw[0])
    header["title"] = MARKUP
    s.path.write_bytes(b"\n".join([json.dumps(header).encode(), *raw[1:]]))
    app = MonumentsApp(saves_dir=tmp_path, start="title")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert MARKUP[:20] in screen_text(app)
    app = MonumentsApp(start="replay", file=s.path, saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert MARKUP in screen_text(app)


def test_files_written_beside_a_save_are_written_whole_or_not_at_all(tmp_path, monkeypatch):
    """The position text (F4) and the exported record (end screen) go through one atomic writer:
    a write that fails half-way leaves the file as it was, and no temp file behind."""
    import os

    from monuments_tui.saves import journal
    from monuments_tui.ui.safety import write_beside_save

    class Node:
        said: list[str] = []

        def notify(self, message, **kwargs):
            self.said.append(message)

    path = tmp_path / "game.position.txt"
    assert write_beside_save(Node(), path, "first\n") and path.read_text() == "first\n"

    def torn(fd, data):
        os.write(fd, data[:3])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal, "_write_all", torn)
    assert not write_beside_save(Node(), path, "second, longer text\n")
    assert path.read_text() == "first\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.position.txt"]
    assert "No space left on device" in Node.said[-1]
