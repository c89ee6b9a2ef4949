"""The Load screen with hostile files in the saves folder: it opens, lists each damaged file
as damaged, and shows every title literally [issue: saves you can trust, item 2]."""

from __future__ import annotations

from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.screens.title import SavesScreen
from tests.session_helpers import new_session, play
from tests.ui.helpers import screen_text


async def test_the_load_screen_lists_hostile_files_as_damaged_and_titles_literally(tmp_path):
    good = new_session(tmp_path, title="[/] Greece [bold]wins[/bold]")
    play(good, 4)
    good.close()
    (tmp_path / "deep.jsonl").write_bytes(b"[" * 100_000 + b"]" * 100_000 + b"\n")
    (tmp_path / "markup.jsonl").write_text('{"format":"monuments-save","version":1,"title":"[/]"\n')
    app = MonumentsApp(saves_dir=tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        text = screen_text(app)
        assert "[/] Greece [bold]wins[/bold]" in text
        assert text.count("cannot open") == 2
