"""Colours are theme variables: the default theme draws the app's colours, and a theme can change any of them."""

from __future__ import annotations

from rich.color import Color
from textual.theme import Theme

from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.screens.new_game import Prefill
from monuments_tui.ui.theme import COLOURS
from monuments_tui.ui.widgets.map_view import MapView
from monuments_tui.ui.widgets.panes import PlayersPane


def colours_drawn(widget) -> set[str]:
    """Every foreground and background colour in the lines `widget` draws now."""
    out = set()
    for y in range(widget.size.height):
        for segment in widget.render_line(y):
            style = segment.style
            for colour in (style.color, style.bgcolor) if style else ():
                if colour is not None and colour.triplet is not None:
                    out.add(colour.triplet.hex)
    return out


def app_for(tmp_path) -> MonumentsApp:
    prefill = Prefill(civs=("greece", "egypt"), seed=3, seats=("human", "random"))
    return MonumentsApp(start="new", saves_dir=tmp_path, prefill=prefill, autostart=True, pace="instant")


async def test_the_default_theme_draws_the_colours_of_the_map_and_panes(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        view = app.screen.query_one(MapView)
        view.cursor = "A1"  # off Greece's pieces (the cursor has a colour of its own)
        await pilot.pause()
        drawn = colours_drawn(view)
        for name in ("civ-greece", "civ-egypt", "map-land", "map-wood", "map-sheep", "map-light-blue"):
            assert COLOURS[name] in drawn, name
        assert COLOURS["civ-greece"] in colours_drawn(app.screen.query_one(PlayersPane))


async def test_a_theme_changes_the_colours_without_code(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        base = app.get_theme(app.theme)
        app.register_theme(
            Theme(
                name="greece-green",
                primary=base.primary,
                dark=base.dark,
                variables={"civ-greece": "#00ff00", "map-land": "#101010"},
            )
        )
        app.theme = "greece-green"
        screen = app.screen
        screen.query_one(MapView).cursor = "A1"
        await pilot.pause()
        drawn = colours_drawn(screen.query_one(MapView))
        assert "#00ff00" in drawn and "#101010" in drawn
        assert COLOURS["civ-greece"] not in drawn and COLOURS["map-land"] not in drawn
        players = colours_drawn(screen.query_one(PlayersPane))
        assert "#00ff00" in players and COLOURS["civ-greece"] not in players
        assert Color.parse(COLOURS["civ-egypt"]).triplet.hex in players  # the others keep theirs
