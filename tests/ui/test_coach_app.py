"""Pilot tests of the coach on the game screen (`hint`, f9), the guided game (`monuments learn`) and
the monuments drawn (`ui/monument_art.py`) in the players pane and on the end screen."""

from __future__ import annotations

import pytest

from monuments_tui.cli.main import build_parser
from monuments_tui.game.session import GameSession
from monuments_tui.rules import parse_command
from monuments_tui.ui.app import MonumentsApp, prefill_from_args
from monuments_tui.ui.monument_art import LAYERS, PARTS, monument_lines
from monuments_tui.ui.screens.coaching import LessonDialog
from monuments_tui.ui.screens.end import EndScreen
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.widgets.command_line import CommandLine
from monuments_tui.ui.widgets.panes import LogPane, PlayersPane
from tests.ui.helpers import screen_text, type_command, wait_for

SIZE = (160, 50)
CIVS = ("greece", "egypt", "maya", "inca")
PANE_WIDTH = 34
"""The players pane's text width: the right column (39) less its border, padding and scroll bar."""


def game_screen(app) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def message(app) -> str:
    return game_screen(app).query_one(CommandLine).message


@pytest.fixture(autouse=True)
def quick_coach(monkeypatch):
    """The coach's search, short: a few iterations instead of its second of thought."""
    from monuments_tui.ai.search import Budget
    from monuments_tui.ui.screens import coaching

    monkeypatch.setattr(coaching, "COACH_BUDGET", Budget(iterations=12, seconds=None))


async def hinted(pilot, app) -> None:
    """Wait for the coach's answer to appear in the command line."""
    await wait_for(pilot, lambda: message(app).startswith(("Coach ", "The coach has no move")))


def hinted_app(tmp_path, **kw) -> tuple[MonumentsApp, GameSession]:
    from monuments_tui.rules import GameConfig

    config = GameConfig(civs=("greece", "egypt"), mode="abundance", seed=3)
    session = GameSession.new(config, seats=("human", "random"), saves_dir=tmp_path, **kw)
    return MonumentsApp(saves_dir=tmp_path, pace="instant"), session


# -- hint -------------------------------------------------------------------------------------------
async def test_hint_puts_the_best_move_in_the_line_and_enter_plays_it(tmp_path):
    app, session = hinted_app(tmp_path, hints=True)
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await pilot.pause()
        await pilot.press("f9")
        await hinted(pilot, app)
        line = game_screen(app).command_line
        first = line.input.value
        assert first.startswith("startquest ") and message(app).startswith("Coach 1/2")
        assert "keeps qs-" in message(app) and "% to win" in message(app)
        await pilot.press("f9")  # again, at the same position: the next one
        assert line.input.value != first and message(app).startswith("Coach 2/2")
        assert len(session.hints_shown()) == 1  # shown once, recorded once
        line.input.value = "startq"  # the line changed since: the best move first again
        await pilot.press("f9")
        assert line.input.value == first and message(app).startswith("Coach 1/2")
        await pilot.press("f9")
        chosen = line.input.value
        await pilot.press("enter")
        await pilot.pause()
        assert session.history()[0].text == chosen


async def test_the_coach_thinks_on_a_worker_and_the_screen_answers_meanwhile(tmp_path, monkeypatch):
    from monuments_tui.ai.search import Budget
    from monuments_tui.ui.screens import coaching

    monkeypatch.setattr(coaching, "COACH_BUDGET", Budget(seconds=1.5))
    app, session = hinted_app(tmp_path, hints=True)
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await pilot.pause()
        screen = game_screen(app)
        screen.action_hint()  # f9
        assert message(app).startswith("The coach is thinking") and screen._coach_at is not None
        screen.action_hint()  # asked again while it thinks: it says so, and searches once
        assert message(app).startswith("The coach is thinking")
        line = screen.command_line
        line.input.value = "start"  # the screen takes keys meanwhile
        await pilot.press("q")
        await hinted(pilot, app)
        # typed over while the coach thought: the line is left as typed, the hint shown below it
        assert line.input.value == "startq" and "f9 puts it in the line" in message(app)
        assert message(app).startswith("Coach 1/2") and len(session.hints_shown()) == 1
        await pilot.press("f9")  # the line changed since the hint: the best move, into the line
        assert line.input.value.startswith("startquest ") and message(app).startswith("Coach 1/2 in the line")


async def test_an_answer_for_a_position_left_is_dropped(tmp_path, monkeypatch):
    from monuments_tui.ai.search import Budget
    from monuments_tui.ui.screens import coaching

    monkeypatch.setattr(coaching, "COACH_BUDGET", Budget(seconds=1.0))
    app, session = hinted_app(tmp_path, hints=True)
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await pilot.pause()
        screen = game_screen(app)
        screen.action_hint()  # f9
        session.execute(parse_command("startquest qs-land"))  # played before the coach answered
        screen.refresh_all()
        await wait_for(pilot, lambda: screen._coach_at is None)
        assert session.hints_shown() == [] and not message(app).startswith("Coach ")


async def test_typed_hint_is_refused_in_plain_words_when_the_game_has_no_hints(tmp_path):
    app, session = hinted_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await pilot.pause()
        await type_command(pilot, "hint")
        said = message(app)
        assert said.startswith("Hints are off in this game") and "--hints" in said and "teaching mode" in said
        assert session.hints_shown() == [] and session.history() == []


async def test_the_hints_shown_are_in_the_log_and_stay_there_after_reload(tmp_path):
    app, session = hinted_app(tmp_path, hints=True)
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await pilot.pause()
        await type_command(pilot, "startquest qs-land")
        await type_command(pilot, "hint")
        await hinted(pilot, app)
        log = "\n".join(strip.text for strip in game_screen(app).query_one(LogPane).lines)
        assert log.split("keeps starting quest qs-land")[1].count("coach for Greece:") == 1
    session.close()
    again = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = "\n".join(strip.text for strip in game_screen(again).query_one(LogPane).lines)
        assert "coach for Greece:" in log and "start " in log.split("coach for Greece:")[1]


def test_the_hints_setting_reaches_the_game_from_the_command_line():
    args = build_parser().parse_args(["new", "--hints", "--start"])
    assert prefill_from_args(args).hints is True
    assert prefill_from_args(build_parser().parse_args(["new"])).hints is False


async def test_the_new_game_form_has_an_allow_hints_box(tmp_path):
    from textual.widgets import Checkbox

    app = MonumentsApp(start="new", saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#hints", Checkbox)
        assert "Allow hints" in screen_text(app) and box.value is False
        box.value = True
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert game_screen(app).session.header.hints is True


# -- learn ------------------------------------------------------------------------------------------------
async def test_learn_starts_a_guided_teaching_game_against_the_heuristic_bot(tmp_path):
    args = build_parser().parse_args(["learn"])
    assert args.command == "learn"
    app = MonumentsApp(start="learn", saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = game_screen(app).session
        assert session.teaching and session.header.guided and session.header.hints
        assert session.seats == ("human", "heuristic") and session.config.civs == ("greece", "egypt")
        # The first prompt comes with its lesson, and with what can be played.
        assert isinstance(app.screen, LessonDialog) and app.screen.lesson.id == "setup"
        text = screen_text(app)
        assert "Welcome to Monuments" in text and "You can play now:" in text and "startquest qs-" in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "You can play: startquest qs-" in screen_text(app)


async def test_the_title_screen_offers_learn_to_play(tmp_path):
    app = MonumentsApp(saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Learn to play" in screen_text(app)
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonDialog))


async def test_each_lesson_opens_once_as_the_guided_game_goes_on(tmp_path):
    app = MonumentsApp(start="learn", saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen = []
        for _ in range(40):
            await wait_for(pilot, lambda: isinstance(app.screen, LessonDialog) or game_screen(app).can_type())
            if isinstance(app.screen, LessonDialog):
                seen.append(app.screen.lesson.id)
                await pilot.press("escape")
                await pilot.pause()
                continue
            screen = game_screen(app)
            await type_command(pilot, screen.legal_texts[0])
        assert seen[:3] == ["setup", "start_resource", "first_turn"] and len(seen) == len(set(seen))


# -- monuments drawn ---------------------------------------------------------------------------------
@pytest.mark.parametrize("civ", CIVS)
def test_each_monument_grows_with_every_layer_and_fits_the_pane(civ):
    drawings = [monument_lines(civ, n) for n in range(LAYERS + 1)]
    inked = [sum(1 for line in d for ch in line if ch != " ") for d in drawings]
    assert all(a < b for a, b in zip(inked, inked[1:], strict=False))
    for smaller, larger in zip(drawings[1:], drawings[2:], strict=False):
        assert larger[-len(smaller) :] == smaller  # a layer adds its part on top of the last
    for d in drawings:
        assert len(d) <= 8 and all(len(line) <= PANE_WIDTH and line.isascii() for line in d)


def test_the_four_monuments_are_all_different_and_bad_input_is_refused():
    assert len({tuple(monument_lines(c, LAYERS)) for c in CIVS}) == 4 and set(PARTS) == set(CIVS)
    with pytest.raises(ValueError, match="0 to 5"):
        monument_lines("greece", 6)
    with pytest.raises(ValueError, match="choose one of"):
        monument_lines("rome", 1)


async def test_the_players_pane_and_the_end_screen_show_the_monuments(tmp_path):
    from tests.ui.positions import END_COMMANDS, near_end_session

    session = near_end_session(("human", "random"))
    app = MonumentsApp(saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await pilot.pause()
        pane = game_screen(app).query_one(PlayersPane)
        layers = session.state.players[0].layers
        drawn = "\n".join(line.rstrip() for line in monument_lines("greece", layers))
        await wait_for(pilot, lambda: drawn in pane.plain)
        assert f"Colossus of Rhodes: layer {layers}/5\n{drawn}" in pane.plain
        for text in END_COMMANDS:
            session.execute(parse_command(text))
        app.push_screen(EndScreen(session))
        await pilot.pause()
        text = screen_text(app)
        for p in session.state.players:
            assert monument_lines(p.civ, p.layers)[-1].strip() in text
            assert f"{p.civ.capitalize()} {p.layers}/5" in text


async def test_in_hot_seat_the_other_player_sees_only_that_a_hint_was_given(tmp_path):
    from monuments_tui.ui.dialogs.common import Curtain

    app, session = hinted_app(tmp_path, hints=True)
    session = GameSession.new(session.config, seats=("human", "human"), saves_dir=tmp_path, hints=True)
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await wait_for(pilot, lambda: isinstance(app.screen, Curtain))
        await pilot.press("enter")  # Greece takes the seat
        await pilot.pause()
        await pilot.press("f9")
        await hinted(pilot, app)
        hinted_move = game_screen(app).command_line.input.value
        log = game_screen(app).query_one(LogPane)
        assert hinted_move in "\n".join(s.text for s in log.lines)
        for _ in range(3):  # Greece's starting quest and two starting resources
            await type_command(pilot, game_screen(app).legal_texts[0])
        await wait_for(pilot, lambda: isinstance(app.screen, Curtain))
        await pilot.press("enter")  # Egypt takes the seat
        await pilot.pause()
        shown = "\n".join(s.text for s in log.lines)
        assert "coach for Greece: hints given (private)" in shown and hinted_move not in shown.split("(private)")[0]
