"""Loading a long save: a progress bar while a worker thread checks every command again [issue 21 point 4]."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

from textual.widgets import ProgressBar

from monuments_tui.game.session import GameSession
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.screens.loading import LONG_SAVE_BYTES, LoadingScreen
from monuments_tui.ui.screens.title import TitleScreen
from tests.ui.helpers import wait_for

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "examples" / "four-players-scarcity.jsonl"
SIZE = (160, 50)


def long_save(tmp_path: Path) -> Path:
    path = tmp_path / "long.jsonl"
    shutil.copy(EXAMPLE, path)
    assert path.stat().st_size > LONG_SAVE_BYTES
    return path


def record_progress(monkeypatch) -> list[tuple]:
    """Every update of a progress bar: (total, progress, the thread the check ran in)."""
    seen: list[tuple] = []
    update = ProgressBar.update
    checking = LoadingScreen._progress

    def on_update(self, **kwargs):
        if "total" in kwargs and "progress" in kwargs:  # the loading screen's (the bar's own watchers give one)
            seen.append((kwargs["total"], kwargs["progress"], threads[-1] if threads else None))
        return update(self, **kwargs)

    threads: list[str] = []

    def on_progress(self, done, total):
        threads.append(threading.current_thread().name)
        return checking(self, done, total)

    monkeypatch.setattr(ProgressBar, "update", on_update)
    monkeypatch.setattr(LoadingScreen, "_progress", on_progress)
    return seen


async def test_a_long_save_loads_on_a_worker_with_a_progress_bar_then_the_game_opens(tmp_path, monkeypatch):
    path = long_save(tmp_path)
    seen = record_progress(monkeypatch)
    app = MonumentsApp(start="load", file=path, saves_dir=tmp_path)  # the bots wait 1.5 s: none plays here
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert len(screen.session.history()) == 1210
        assert not any(isinstance(s, LoadingScreen) for s in app.screen_stack)
    totals = {total for total, _, _ in seen}
    assert totals == {1210}, "the bar counts the save's records"
    progress = [done for _, done, _ in seen]
    assert progress == sorted(progress) and progress[-1] == 1210 and len(progress) > 10
    assert all(thread != threading.main_thread().name for _, _, thread in seen), "checked off the interface's thread"


async def test_a_long_save_that_fails_its_check_says_why_and_goes_back(tmp_path):
    path = long_save(tmp_path)
    lines = path.read_text().splitlines()
    middle = len(lines) // 2
    lines[middle] = lines[middle].replace('"seat":0', '"seat":1', 1).replace('"seat":2', '"seat":3', 1)
    path.write_text("\n".join(lines) + "\n")
    said: list[str] = []
    app = MonumentsApp(start="load", file=path, saves_dir=tmp_path)
    notify = app.notify
    app.notify = lambda message, *a, **k: (said.append(message), notify(message, *a, **k))[1]  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: bool(said))
        assert isinstance(app.screen, TitleScreen)
    assert str(path) in said[0] and f"line {middle + 1}" in said[0], said


async def test_escape_while_loading_goes_back_and_lets_the_save_go(tmp_path):
    path = long_save(tmp_path)
    app = MonumentsApp(start="load", file=path, saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, LoadingScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
    session, _ = GameSession.load(path)  # nobody holds it: it opens again
    session.close()
