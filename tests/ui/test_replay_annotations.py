"""Pilot tests: the replay shows a game's notes, its side lines (and steps into them) and the
coach's hints at their positions, hints to another seat kept private in that seat's view."""

from __future__ import annotations

from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.screens.replay import ReplayScreen
from monuments_tui.ui.widgets.move_list import MoveList

SIZE = (160, 50)


def annotated_game(tmp_path) -> GameSession:
    """Four steps, a note after the second, a side line of two steps leaving after the second,
    and a hint to the seat to move after the fourth."""
    config = GameConfig(civs=("greece", "egypt"), mode="abundance", seed=3)
    session = GameSession.new(config, seats=("human", "human"), saves_dir=tmp_path, teaching=True, hints=True)
    for _ in range(4):
        session.execute(session.legal()[0])
    undone = [session.history()[2].text]
    session.undo()
    session.undo()
    session.note("Here the army should move first")
    others = [c for c in session.legal() if c != session.history()[-1]]
    session.execute(others[-1])
    assert session.history()[2].text not in undone
    session.execute(session.legal()[0])
    session.record_hint([("pass", "nothing better to do")])
    session.close()
    return session


def replay_of(session: GameSession, tmp_path) -> MonumentsApp:
    return MonumentsApp(start="replay", file=session.path, saves_dir=tmp_path, pace="instant")


def entries(app) -> list[str]:
    moves = app.screen.query_one(MoveList)
    return [moves.get_option_at_index(i).prompt.plain for i in range(moves.option_count)]


def position_line(app) -> str:
    return str(app.screen.query_one("#position").render())


def index_of(app, words: str) -> int:
    return next(i for i, e in enumerate(entries(app)) if words in e)


async def test_a_note_is_listed_under_its_move_and_shown_when_the_replay_stands_there(tmp_path):
    session = annotated_game(tmp_path)
    async with replay_of(session, tmp_path).run_test(size=SIZE) as pilot:
        app = pilot.app
        assert isinstance(app.screen, ReplayScreen)
        listed = entries(app)
        note = index_of(app, "✎ Here the army should move first")
        second = next(i for i, e in enumerate(listed) if e.strip().startswith("2 "))
        third = next(i for i, e in enumerate(listed) if e.strip().startswith("3 "))
        assert second < note < third
        await pilot.press("right")
        assert "✎" not in position_line(app)
        await pilot.press("right")
        assert "✎ Here the army should move first" in position_line(app)


async def test_a_side_line_is_folded_under_its_move_and_enter_steps_into_it(tmp_path):
    session = annotated_game(tmp_path)
    async with replay_of(session, tmp_path).run_test(size=SIZE) as pilot:
        app = pilot.app
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        fold = index_of(app, "⤷ side line 1, 2 moves:")
        assert "undone" not in entries(app)[fold] and "promote" not in entries(app)[fold]
        moves = screen.query_one(MoveList)
        moves.highlighted = fold
        await pilot.press("enter")
        await pilot.pause()
        side = screen.replay.line_steps(1)
        assert screen.line == 1 and screen.line_position == 3
        assert side[2].text != screen.replay.steps[2].text
        assert "side line 1, step 3/4" in position_line(app)
        await pilot.press("right")
        assert screen.line_position == 4
        await pilot.press("right", "left", "left")
        assert screen.line_position == 2 and screen.replay.position == 0
        assert "back to the main line" in entries(app)[0]
        await pilot.press("m")
        assert screen.line == MAIN_LINE and screen.replay.position == 2
        assert "side line 1, 2 moves:" in "\n".join(entries(app))


async def test_choosing_a_main_line_move_from_a_side_line_returns_to_the_main_line(tmp_path):
    session = annotated_game(tmp_path)
    async with replay_of(session, tmp_path).run_test(size=SIZE) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        moves = screen.query_one(MoveList)
        moves.highlighted = index_of(pilot.app, "⤷ side line 1")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.line == 1
        moves.highlighted = index_of(pilot.app, "Start: before")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.line == MAIN_LINE and screen.replay.position == 0


async def test_hints_are_listed_at_their_position_and_private_in_another_seats_view(tmp_path):
    session = annotated_game(tmp_path)
    hinted = session.hints_shown()[0].seat
    async with replay_of(session, tmp_path).run_test(size=SIZE) as pilot:
        app = pilot.app
        hint = index_of(app, "coach for")
        fourth = next(i for i, e in enumerate(entries(app)) if e.strip().startswith("4 "))
        assert hint > fourth and "pass: nothing better to do" in entries(app)[hint]
        for seat in (0, 1):
            await pilot.press("v")
            assert app.screen.view_seat == seat
            text = entries(app)[index_of(app, "coach for")]
            if seat == hinted:
                assert "pass: nothing better to do" in text and "private" not in text
            else:
                assert "hints given (private)" in text and "nothing better" not in text


MAIN_LINE = 0
