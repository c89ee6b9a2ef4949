"""Pilot tests: `a` reviews the game from the replay and from the end screen, with a bar while a
worker judges the moves (Escape stops it and nothing is kept); the marks come into the move
list, the one on the move just played under the board, and stay in the save."""

from __future__ import annotations

from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession
from monuments_tui.rules.notation import parse_command
from monuments_tui.saves.format import ReviewRecord, read_save
from monuments_tui.ui import dialogs
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.dialogs.review import ReviewDialog
from monuments_tui.ui.screens.end import EndScreen
from monuments_tui.ui.screens.replay import ReplayScreen
from monuments_tui.ui.widgets.move_list import MoveList
from tests.test_review import BEFORE_LAYER, EXAMPLE
from tests.ui.helpers import wait_for

SIZE = (120, 40)


def short_save(tmp_path) -> GameSession:
    """The two-player example to Greece's first layer, then `play quest` instead (a blunder)."""
    example = Replay.open(EXAMPLE)
    session = GameSession.from_steps(example.header, example.steps[:BEFORE_LAYER], path=tmp_path / "g.jsonl")
    session.execute(parse_command("play quest"))
    return session


def entries(app) -> list[str]:
    moves = app.screen.query_one(MoveList)
    return [moves.get_option_at_index(i).prompt.plain for i in range(moves.option_count)]


def notes_of(app) -> list[str]:
    said: list[str] = []
    notify = app.notify
    app.notify = lambda message, *a, **k: (said.append(str(message)), notify(message, *a, **k))[1]
    return said


def reviews_in(path) -> list[ReviewRecord]:
    return [r for r in read_save(path).records if isinstance(r, ReviewRecord)]


async def test_a_in_the_replay_reviews_the_game_and_lists_its_marks(tmp_path, monkeypatch):
    monkeypatch.setattr(dialogs.review, "ITERATIONS", 20)
    session = short_save(tmp_path)
    session.close()
    app = MonumentsApp(start="replay", file=session.path, saves_dir=tmp_path, pace="instant")
    said = notes_of(app)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ReplayScreen)
        assert not any(e.lstrip().startswith("??") for e in entries(app))
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewDialog))
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen) and any("decisions:" in s for s in said))
        listed = entries(app)
        blunder = next(i for i, e in enumerate(listed) if e.lstrip().startswith("?? blunder"))
        assert listed[blunder - 1].strip().startswith("78 Greece") and "play monument was about" in listed[blunder]
        assert "Greece, " in said[-1] and "blunder" in said[-1]
        await pilot.press("end")
        await pilot.pause()
        assert "?? blunder" in str(app.screen.query_one("#position").render())
        assert app.last_error is None
    assert reviews_in(session.path) and reviews_in(session.path)[0].seats == (0, 1)


async def test_escape_stops_the_review_and_keeps_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(dialogs.review, "ITERATIONS", 400)  # long enough to be stopped on the way
    session = short_save(tmp_path)
    session.close()
    before = session.path.read_bytes()
    app = MonumentsApp(start="replay", file=session.path, saves_dir=tmp_path, pace="instant")
    said = notes_of(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewDialog))
        bar = app.screen.query_one("#review-count")
        await wait_for(pilot, lambda: "decisions judged" in str(bar.render()))  # it runs, and the screen answers
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert any("stopped" in s for s in said)
        await wait_for(pilot, lambda: not app.workers._workers)
    assert session.path.read_bytes() == before


async def test_a_on_the_end_screen_reviews_and_opens_the_replay_at_the_first_mark(tmp_path, monkeypatch):
    monkeypatch.setattr(dialogs.review, "ITERATIONS", 20)
    session = short_save(tmp_path)
    app = MonumentsApp(saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EndScreen(session))
        await pilot.pause()
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.replay.position > 0)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        first = min(session.tree().annotations)
        assert screen.replay.last_step is not None and screen.replay.last_step.seq == first
        mark = session.tree().annotations[first].mark
        assert f"{mark} " in str(screen.query_one("#position").render())
        assert app.last_error is None
    session.close()
    assert reviews_in(session.path)


async def test_the_log_shows_the_marks_and_keeps_another_seats_private_in_hot_seat(tmp_path):
    """In a hot-seat game still keeping secrets, Greece's log shows its own mark in full and
    only that Egypt's move was marked: the move preferred may name Egypt's own quests."""
    import msgspec

    from monuments_tui.saves.format import Annotation
    from monuments_tui.ui.dialogs.common import Curtain
    from monuments_tui.ui.screens.game import GameScreen
    from monuments_tui.ui.widgets.log_pane import LogPane

    example = Replay.open(EXAMPLE)
    header = msgspec.structs.replace(example.header, seats=("human", "human"))
    session = GameSession.from_steps(header, example.steps[:BEFORE_LAYER], path=tmp_path / "hot.jsonl")
    session.execute(parse_command("play quest"))
    steps = session.history()
    egypt = next(s for s in reversed(steps) if s.seat == 1)
    session.record_review(
        (0, 1),
        (
            Annotation(steps[-1].seq, 0, "??", 0.516, 0.631, "play monument", "then builds layer 1"),
            Annotation(egypt.seq, 1, "?", 0.4, 0.46, "keep q01-secret", "keeps a quest"),
        ),
    )
    app = MonumentsApp(saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await wait_for(pilot, lambda: isinstance(app.screen, Curtain))
        await pilot.press("enter")  # Greece takes the seat
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        log = app.screen.query_one(LogPane)
        await wait_for(pilot, lambda: "?? blunder" in "\n".join(s.text for s in log.lines))
        text = " ".join(s.text.strip() for s in log.lines)  # wrapped lines joined again
        assert "play monument was about 63%: then builds layer 1" in text
        assert "? review of Egypt's move (private)" in text and "q01-secret" not in text
    session.close()
