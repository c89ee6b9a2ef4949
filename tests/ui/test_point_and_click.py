"""Point and click: a click on a hex inspects it; a click on a legal choice under the question or
on a card in the hand puts its command in the line, selected and ready for Enter."""

from __future__ import annotations

from monuments_tui.ui.widgets.map_view import MapView
from monuments_tui.ui.widgets.panes import HandPane, InspectorPane
from tests.ui.test_coach_app import game_screen, hinted_app


async def test_a_click_on_a_choice_under_the_question_offers_its_command(tmp_path):
    app, session = hinted_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_session(session)
        await pilot.pause()
        screen = game_screen(app)
        options = screen.query_one("#options")
        first = str(options.render()).splitlines()[0]
        command = first.strip().partition(" — ")[0]
        assert command in screen.legal_texts
        await pilot.click("#options", offset=(len(first) - len(first.lstrip()) + 2, 0))
        await pilot.pause()
        inp = screen.command_line.input
        assert inp.value == command and (inp.selection.start, inp.selection.end) == (0, len(command))
        await pilot.press("enter")
        await pilot.pause()
        assert session.history()[0].text == command


async def test_a_click_on_a_card_in_hand_offers_to_play_it(tmp_path):
    from monuments_tui.game.session import GameSession
    from monuments_tui.rules import GameConfig

    session = GameSession.new(
        GameConfig(civs=("greece", "egypt"), seed=3), seats=("human", "random"), saves_dir=tmp_path
    )
    while session.state.phase == "setup":
        session.execute(session.legal()[0])
    from monuments_tui.ui.app import MonumentsApp

    app = MonumentsApp(saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        app.start_session(session)
        await pilot.pause()
        screen = game_screen(app)
        hand = screen.query_one(HandPane)
        row = next(i for i, line in enumerate(hand.plain.splitlines()) if " movement " in f" {line} ")
        col = hand.plain.splitlines()[row].index("movement")
        await pilot.click(HandPane, offset=(col + 2 + 1, row + 1))  # border and padding
        await pilot.pause()
        assert screen.command_line.input.value == "play movement"


async def test_a_click_on_a_hex_inspects_it(tmp_path):
    app, session = hinted_app(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        app.start_session(session)
        await pilot.pause()
        screen = game_screen(app)
        m = screen.query_one(MapView)
        before = m.cursor
        await pilot.click(MapView, offset=(m.size.width // 3, m.size.height // 2))
        await pilot.pause()
        assert m.cursor != before
        assert screen.query_one(InspectorPane).plain.startswith(m.cursor)  # the hex clicked, inspected
