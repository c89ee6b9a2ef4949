"""Small terminals: every screen usable at 80x24, the pane switcher, the legend panel, the key bar, the saves table."""

from __future__ import annotations

from textual.geometry import Region
from textual.widgets import DataTable

from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.dialogs.common import Curtain, TooSmall
from monuments_tui.ui.saves_list import SaveSummary, plan_columns
from monuments_tui.ui.screens.end import EndScreen
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.screens.help import HelpScreen
from monuments_tui.ui.screens.new_game import NewGameScreen, Prefill
from monuments_tui.ui.screens.replay import ReplayScreen
from monuments_tui.ui.screens.title import SavesScreen, TitleScreen
from monuments_tui.ui.widgets.board import Board
from monuments_tui.ui.widgets.footer import KeysFooter, fitting
from monuments_tui.ui.widgets.legend_panel import LegendPanel
from monuments_tui.ui.widgets.map_view import MapView
from tests.ui.helpers import screen_text, settle, type_command, wait_for

SMALL = (80, 24)


def assert_fits(app) -> str:
    """Every widget on screen lies inside it, and every key of the bar is there whole; returns the text."""
    width, height = app.size
    screen = Region(0, 0, width, height)
    for widget, (region, _clip) in app.screen._compositor.visible_widgets.items():
        scrolled = any(a.allow_vertical_scroll for a in widget.ancestors if hasattr(a, "allow_vertical_scroll"))
        inside = region if not scrolled else Region(region.x, 0, region.width, 1)  # a scroll view may be taller
        assert screen.contains_region(inside), f"{widget!r} at {region} leaves the {width}x{height} screen"
    text = screen_text(app)
    bar = text.splitlines()[-1]
    for footer in app.screen.query(KeysFooter):
        for key in footer.children:
            label = f"{key.key_display} {key.description}".strip()
            assert label in bar, f"{label!r} is clipped in the key bar {bar!r}"
    return text


def hot_seat_app(tmp_path) -> MonumentsApp:
    return MonumentsApp(saves_dir=tmp_path, pace="instant")


async def test_every_screen_is_usable_at_80x24(tmp_path):
    from tests.ui.positions import END_COMMANDS, near_end_session

    app = hot_seat_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "Continue the latest game" in assert_fits(app)

        await pilot.press("n")  # the new-game form: two people at one keyboard by default
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        assert "Players" in assert_fits(app)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, Curtain))
        assert "show my board (Enter)" in assert_fits(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        board = screen.query_one(Board)
        text = assert_fits(app)
        assert screen.has_class("-compact") and "[Map]" in text
        assert "keep one starting quest" in text  # the prompt says what the game waits for
        map_view = screen.query_one(MapView)
        assert map_view.zoom == "mini" and tuple(map_view.scroll_offset) == (0, 0)
        assert " O " in text.replace("│", " ") and "28" in text  # the last row and column in sight

        shown = []
        for _ in board.panes():  # F7 goes through every pane and back to the map
            await pilot.press("f7")
            await pilot.pause()
            pane = screen.query_one(f"#{board.pane}")
            text = assert_fits(app)
            assert pane.region.height >= 5 and f"{pane.border_title}"[:8] in text
            shown.append(board.pane)
        assert shown == ["hand", "players", "quests", "log", "inspector", "map"]
        assert screen.query_one("#cmd").has_focus  # reading the panes leaves the command line ready

        await pilot.press("f3")  # the legend: a panel that scrolls to its last line
        await pilot.pause()
        legend = screen.query_one(LegendPanel)
        assert legend.display and legend.has_focus
        assert "typed into the command line" not in assert_fits(app)
        await pilot.press("end")
        await pilot.pause()
        assert "typed into the command line" in assert_fits(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not legend.display

        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "Monuments: help" in assert_fits(app)
        await pilot.press("escape")
        while not isinstance(app.screen, Curtain):  # Greece's set-up, then Egypt's turn behind the curtain
            await type_command(pilot, screen.legal_texts[0])
        assert_fits(app)
        await pilot.press("enter")
        await pilot.pause()

        screen.session.set_teaching(True)  # the live replay shows every seat's quests: not behind a curtain
        screen.action_replay()  # the palette's "Replay this game from the start"
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("right")
        await pilot.pause()
        assert "step 1/" in assert_fits(app)
        await pilot.press("f7")
        await pilot.pause()
        assert "[Hand]" in assert_fits(app)
        await pilot.press("escape")

        app.start_session(near_end_session(("human", "random")))
        await pilot.pause()
        for text in END_COMMANDS:
            await type_command(pilot, text)
        await type_command(pilot, app.screen.legal_texts[0])
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        text = assert_fits(app)
        assert "Game over" in text and "[G] Greece" in text and "[E] Egypt" in text
        await pilot.press("end")  # the page scrolls to the chart and the keys
        await wait_for(pilot, lambda: "No score chart" in screen_text(app))
        assert "r replay the game" in assert_fits(app)

        await pilot.press("t", "l")
        await wait_for(pilot, lambda: isinstance(app.screen, SavesScreen))
        text = assert_fits(app)
        header = next(line for line in text.splitlines() if "Game" in line and "Status" in line)
        assert all(word in header for word in ("Civilisations", "Round"))
        assert "Greece v Egypt" in text and "set-up" in text


def game_against_random(tmp_path) -> MonumentsApp:
    """A new game started at once: a person against the random bot, which plays instantly."""
    return MonumentsApp(
        start="new",
        saves_dir=tmp_path,
        prefill=Prefill(seed=3, seats=("human", "random")),
        autostart=True,
        pace="instant",
    )


async def test_below_80x24_the_game_asks_for_room_and_waits(tmp_path):
    app = game_against_random(tmp_path)
    async with app.run_test(size=(79, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmall) and "at least 80x24" in screen_text(app)
        await pilot.resize_terminal(80, 23)
        await pilot.pause()
        assert isinstance(app.screen, TooSmall)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_f7_in_a_large_terminal_puts_the_focus_on_the_next_pane(tmp_path):
    app = game_against_random(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert not screen.has_class("-compact")
        await pilot.press("f7")
        await pilot.pause()
        assert screen.query_one("#hand").has_focus
        assert all(pane.region.height for pane in screen.query_one(Board).panes())  # every pane in sight
        await pilot.resize_terminal(*SMALL)  # the focused pane is the one the compact layout shows
        await pilot.pause()
        assert screen.query_one(Board).pane == "hand" and screen.query_one("#hand").region.height > 5
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.press("f3")
        await pilot.pause()
        legend = screen.query_one(LegendPanel)
        map_view = screen.query_one(MapView)
        assert legend.region.x > map_view.region.x and map_view.region.width > 40  # beside the map


def summary(name: str, civs: str, status: str = "in progress") -> SaveSummary:
    from pathlib import Path

    return SaveSummary(
        Path(f"{name}.jsonl"),
        title=name,
        civs=civs,
        setup="abundance · seed 7",
        round=3,
        status=status,
        created="2026-11-30T10:00:00",
    )


def test_the_saves_table_keeps_its_key_columns_at_every_width():
    saves = [
        summary("A long evening of four civilisations and their monuments", "Greece v Egypt v Maya v Inca"),
        summary("g2", "Greece v Egypt", status="cannot open: line 3 is not a record of a save"),
    ]
    for width in (78, 98, 118, 158, 240):
        plan = plan_columns(saves, width)
        keys = [c.key for c, _ in plan]
        assert keys[:5] == ["game", "civs", "round", "status", "played"], width
        assert sum(w + 2 for _, w in plan) <= width, width
    assert [c.key for c, _ in plan_columns(saves, 240)][5:] == ["setup", "started", "file"]
    assert "file" not in [c.key for c, _ in plan_columns(saves, 98)]


def test_the_key_bar_leaves_out_whole_keys_that_do_not_fit():
    from textual.widgets._footer import FooterKey

    keys = [FooterKey(k, k, d, "a") for k, d in (("^z", "Undo"), ("f1", "Help"), ("f7", "Pane"), ("f6", "Skip"))]
    palette = FooterKey("ctrl+p", "^p", "palette", "p", classes="-command-palette")
    shown = fitting([*keys, palette], 36, compact=True)
    assert shown == [*keys[:3], palette]  # 8 cells a key, 12 the palette: "f6 Skip" waits
    assert fitting([*keys, palette], 200, compact=False) == [*keys, palette]
    long = FooterKey("f9", "f9", "a description too long for the bar", "a")
    assert fitting([keys[0], long, keys[1], palette], 36, compact=True) == [keys[0], palette]  # the order is kept


async def test_the_saves_list_at_80_columns_shows_name_civilisations_round_and_status(tmp_path):
    session = GameSession.new(
        GameConfig(civs=("maya", "inca"), seed=5),
        seats=("human", "random"),
        saves_dir=tmp_path,
        title="Maya and Inca, a long evening of monuments",
    )
    session.close()
    app = MonumentsApp(saves_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("l")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        assert labels[:5] == ["Game", "Civilisations", "Round", "Status", "Last played"] and "File" not in labels
        text = assert_fits(app)
        assert "Maya v Inca" in text and "set-up · Maya to play" in text
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        labels = [str(c.label) for c in table.columns.values()]
        assert labels[:7] == ["Game", "Civilisations", "Round", "Status", "Last played", "Set-up", "Started"]


async def test_in_the_compact_layout_esc_brings_the_map_back_and_pgdn_pages_the_pane_shown(tmp_path):
    app = MonumentsApp(
        start="new", saves_dir=tmp_path, prefill=Prefill(seed=3, seats=("human", "random")), autostart=True
    )
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.query_one(Board)
        await pilot.press("f7")  # the hand: longer than the pane
        await pilot.pause()
        hand = screen.query_one("#hand")
        assert board.pane == "hand" and hand.max_scroll_y > 0
        await pilot.press("pagedown")  # typed in the command line, it pages the hand
        await pilot.pause()
        assert hand.scroll_offset.y > 0 and screen.query_one("#cmd").has_focus
        await pilot.press("escape")  # to the map, shown again
        await pilot.pause()
        assert board.pane == "map" and screen.query_one(MapView).has_focus
        await pilot.click("#pane-bar", offset=(20, 0))  # a name in the bar shows its pane: " F7  [Map] Hand  Players"
        await pilot.pause()
        assert board.pane == "players"


async def test_the_key_bar_keeps_its_keys_until_what_it_shows_changes(tmp_path):
    """Textual asks the key bar to compose its keys again at every change of bindings; it does
    only when the keys it would show change, each key made in the bar's compactness."""
    from textual.widgets._footer import FooterKey

    session = GameSession.new(GameConfig(civs=("greece", "egypt"), seed=3), teaching=True, saves_dir=tmp_path)
    app = MonumentsApp(saves_dir=tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        app.start_session(session)
        await settle(pilot)
        screen = app.screen
        footer = screen.query_one(KeysFooter)
        keys = list(footer.query(FooterKey))
        assert [k.key for k in keys][:3] == ["escape", "ctrl+z", "ctrl+y"] and not footer.compact
        screen.refresh_bindings()  # the same keys bound: the bar keeps the widgets it has
        await settle(pilot)
        assert list(footer.query(FooterKey)) == keys
        assert "Map" in {k.description for k in keys}
        screen.board.map.focus()  # Esc now goes back to the command line, and the bar says so
        await settle(pilot)
        shown = list(footer.query(FooterKey))
        assert shown != keys and "Command line" in {k.description for k in shown}
        for key in shown:  # styled as the bar is (Textual leaves the palette's key compact)
            assert key.has_class("-compact") == key.compact == key.has_class("-command-palette")
