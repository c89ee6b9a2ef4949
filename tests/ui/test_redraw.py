"""Redrawing only what changed [issue 21 point 4]: the screen after moves played on it is the screen
a fresh app draws for the same position; the map repaints every row that changed; a pane draws
again only the parts that changed; the legal list is worked out when something reads it."""

from __future__ import annotations

from pathlib import Path

import msgspec
from rich.console import Console, Group
from rich.text import Text
from textual.app import App, ComposeResult

from monuments_tui.game.session import GameSession
from monuments_tui.game.timeline import load_save
from monuments_tui.rules import format_command
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.widgets.log_pane import LogPane
from monuments_tui.ui.widgets.map_view import MapView
from monuments_tui.ui.widgets.panes import PlayersPane, TextPane
from tests.ui.helpers import screen_text, settle

LONG_GAME = Path(__file__).resolve().parents[1] / "golden" / "v1_0.3.0_four-players-scarcity.jsonl"
SIZE = (160, 50)
_SAVE, _REBUILT = load_save(LONG_GAME)  # under the rules it was played with (0.3.0)
STEPS = _REBUILT.timeline.steps


def session_at(at: int) -> GameSession:
    """The long game after `at` steps, every hand open and a person on every seat (no file)."""
    header = msgspec.structs.replace(_SAVE.header, seats=("human",) * 4, teaching=True)
    return GameSession.from_steps(header, list(STEPS[:at]), autosave=False)


def drawn(app) -> dict:
    """Everything the game screen draws: the screen as read, each pane's lines with their styles, the map's."""
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    map_view = screen.query_one(MapView)
    return {
        "screen": screen_text(app),
        "panes": {p.id: p._strips for p in screen.query(TextPane)},
        "log": screen.query_one(LogPane).lines,
        "map": [map_view.render_line(y) for y in range(map_view.size.height)],
    }


async def opened(at: int, then: int = 0) -> dict:
    """What a game screen opened at step `at` draws after `then` more moves typed on it."""
    app = MonumentsApp(saves_dir=None)
    async with app.run_test(size=SIZE) as pilot:
        screen = GameScreen(session_at(at))
        await app.push_screen(screen)
        await pilot.pause()
        for step in STEPS[at : at + then]:
            assert screen.play_text(format_command(step.command))
            await pilot.pause()
        await settle(pilot)
        return drawn(app)


async def test_moves_played_on_screen_draw_what_a_fresh_screen_draws_for_the_same_position():
    played = await opened(1400, then=30)
    fresh = await opened(1430)
    assert played["screen"] == fresh["screen"]
    assert played["log"] == fresh["log"], "the log appended is the log built whole"
    assert played["panes"] == fresh["panes"]
    assert played["map"] == fresh["map"], "the rows kept are the rows drawn afresh"


class MapApp(App):
    def __init__(self, state, zoom: str):
        super().__init__()
        self.first = state
        self.zoom = zoom

    def compose(self) -> ComposeResult:
        yield MapView(self.first, zoom=self.zoom)


async def test_a_new_state_repaints_every_map_row_that_changed_and_keeps_the_others():
    before, after = session_at(1500).state, session_at(1503).state  # three ferries sail
    for zoom, cursor in (("overview", "F19"), ("detail", "L7")):  # the detail map scrolls in this pane
        app = MapApp(before, zoom)
        async with app.run_test(size=(120, 40)) as pilot:
            view = app.query_one(MapView)
            view.select(cursor)
            await pilot.pause()
            rows = range(view.size.height)
            old = [view.render_line(y) for y in rows]
            refreshed: set[int] = set()
            refresh = view.refresh

            def recording(*regions, **kwargs):
                for r in regions:
                    refreshed.update(range(r.y, r.y + r.height))
                if not regions:
                    refreshed.update(rows)
                return refresh(*regions, **kwargs)

            view.refresh = recording  # type: ignore[method-assign]
            view.state = after
            new = [view.render_line(y) for y in rows]
            changed = {y for y in rows if old[y] != new[y]}
            assert changed, "the ferries are in sight"
            assert changed <= refreshed, f"rows {sorted(changed - refreshed)} changed but were not repainted"
            assert len(refreshed) < len(rows) / 2, "most rows are kept"
            fresh = MapView(after, zoom=zoom)._map_grid()
            assert (fresh.chars, fresh.styles) == (view._map_grid().chars, view._map_grid().styles)


class PaneApp(App):
    def compose(self) -> ComposeResult:
        yield PlayersPane()


async def test_a_pane_draws_again_only_the_parts_that_changed():
    app = PaneApp()
    async with app.run_test(size=(60, 40)) as pilot:
        pane = app.query_one(PlayersPane)
        drawn_parts: list[str] = []
        render_lines = app.console.render_lines

        def counting(renderable, *args, **kwargs):
            drawn_parts.append(renderable.plain if isinstance(renderable, Text) else type(renderable).__name__)
            return render_lines(renderable, *args, **kwargs)

        app.console.render_lines = counting  # type: ignore[method-assign]
        parts = [Text("one"), Text("two"), Text("three")]
        pane.set_text(Group(*parts))
        await pilot.pause()
        assert drawn_parts == ["one", "two", "three"]
        drawn_parts.clear()
        refreshed = []
        refresh = pane.refresh
        pane.refresh = lambda *a, **k: (refreshed.append(a), refresh(*a, **k))[1]  # type: ignore[method-assign]
        pane.set_text(Group(Text("one"), Text("two"), Text("three")))
        assert drawn_parts == [] and refreshed == [], "the same text: nothing drawn, nothing repainted"
        pane.set_text(Group(Text("one"), Text("2"), Text("three")))
        assert drawn_parts == ["2"]
        assert pane.plain.split() == ["one", "2", "three"]
        console = Console(width=pane.scrollable_content_region.width)
        with console.capture() as whole:
            console.print(Group(Text("one"), Text("2"), Text("three")))
        assert pane.plain == whole.get().rstrip("\n")


async def test_the_legal_list_is_worked_out_when_read_not_on_every_redraw():
    app = MonumentsApp(saves_dir=None)
    async with app.run_test(size=SIZE) as pilot:
        screen = GameScreen(session_at(1500))
        await app.push_screen(screen)
        await pilot.pause()
        for step in STEPS[1500:1504]:
            screen.play_text(format_command(step.command))
            await pilot.pause()
            assert not screen.legal_texts.computed, "a redraw works out no legal list"
        line = screen.command_line
        line.input.value = "e"  # the first key typed: the suggestion needs the list
        assert screen.legal_texts.computed
        assert line.input._suggestion == (line.only_completion("e") or "")
        assert list(screen.legal_texts) == [format_command(c) for c in screen.session.legal()]


async def test_the_log_appended_step_by_step_is_the_log_built_whole_through_notes_undos_and_side_lines():
    from monuments_tui.rules import GameConfig

    session = GameSession.new(GameConfig(civs=("greece", "egypt"), seed=3), teaching=True, autosave=False)
    app = MonumentsApp(saves_dir=None)
    async with app.run_test(size=SIZE) as pilot:
        screen = GameScreen(session)
        await app.push_screen(screen)
        await pilot.pause()
        log = screen.query_one(LogPane)

        def whole() -> list:
            appended = log.lines
            log._built = None  # build it again from the start
            log.show(*log._last_args)
            return appended

        for turn in range(24):
            if turn % 7 == 3:
                screen.play_text(f"note move {turn}")
            elif turn % 5 == 4:
                screen.action_undo()
            else:
                legal = list(screen.legal_texts)
                screen.play_text(legal[turn % len(legal)])  # after an undo: often another move, a side line
            await pilot.pause()
            assert whole() == log.lines, f"turn {turn}"
        assert session.tree().variations and session.tree().notes
