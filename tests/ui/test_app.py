"""Pilot tests: the real app driven by key presses and typed commands."""

from __future__ import annotations

import os

import msgspec

from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig, RuleOptions
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.dialogs.common import AskDialog, ConfirmDialog, Curtain, TooSmall
from monuments_tui.ui.dialogs.play_from_here import PlayFromHereDialog
from monuments_tui.ui.rule_words import RULE_OPTIONS
from monuments_tui.ui.screens.end import EndScreen
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.screens.help import HelpScreen
from monuments_tui.ui.screens.new_game import NewGameScreen, Prefill
from monuments_tui.ui.screens.replay import ReplayScreen
from monuments_tui.ui.screens.title import SavesScreen, TitleScreen
from monuments_tui.ui.widgets.command_line import CommandInput, CommandLine
from monuments_tui.ui.widgets.panes import LogPane, QuestsPane
from tests.ui.helpers import screen_text, type_command, wait_for

SIZE = (160, 50)


def enc(state) -> bytes:
    return msgspec.msgpack.encode(state)


def game_app(tmp_path, civs=("greece", "egypt"), seats=("human", "random"), seed=3, teaching=False, **kw):
    prefill = Prefill(civs=civs, seed=seed, seats=seats, teaching=teaching)
    return MonumentsApp(start="new", saves_dir=tmp_path, prefill=prefill, autostart=True, pace="instant", **kw)


def game_screen(app) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def notes_of(app) -> list[str]:
    """Every notification the app shows from now on, as it was worded."""
    said: list[str] = []
    notify = app.notify

    def recording(message, *args, **kwargs):
        said.append(message)
        return notify(message, *args, **kwargs)

    app.notify = recording
    return said


def message(app) -> str:
    return app.screen.query_one(CommandLine).message


async def play_first_legal(pilot, n: int) -> list[str]:
    """Type the first legal command `n` times (bots answer in between); returns what was typed."""
    typed = []
    for _ in range(n):
        screen = game_screen(pilot.app)
        await wait_for(pilot, lambda: screen.can_type() or screen.session.state.pending is None)
        if screen.session.state.pending is None:
            break
        text = screen.legal_texts[0]
        await type_command(pilot, text)
        typed.append(text)
    return typed


# -- title and new game ---------------------------------------------------------------------------------
async def test_title_offers_every_entry_and_new_game_starts_a_game(tmp_path):
    app = MonumentsApp(saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, TitleScreen)
        text = screen_text(app)
        for entry in ("New game", "Continue the latest game", "Load a game", "Replay a game", "Help", "Quit"):
            assert entry in text
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        form = app.screen
        form.query_one("#seat-1").value = "random"
        form.query_one("#seed").value = "11"
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = game_screen(app)
        assert screen.session.config.seed == 11
        assert screen.session.config.civs == ("greece", "egypt")
        assert screen.session.seats == ("human", "random")
        assert list(tmp_path.glob("*.jsonl")) == [screen.session.path]


async def test_new_game_form_offers_only_the_allowed_setups_and_a_solo_game(tmp_path):
    from monuments_tui.ui.screens.new_game import SETUPS, SOLO_SETUPS

    assert [civs for _, civs in SETUPS] == [
        ("greece", "egypt"),
        ("maya", "inca"),
        ("greece", "egypt", "inca"),
        ("greece", "egypt", "maya", "inca"),
    ]
    app = MonumentsApp(saves_dir=tmp_path, start="new")
    async with app.run_test(size=SIZE) as pilot:
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#setup").value = "s1"  # solo: you play Greece, the AI Egypt
        await pilot.pause()
        assert form.query_one("#difficulty-row").display
        assert not form.query_one("#seat-row-0").display
        form.query_one("#difficulty").value = "hard"
        await pilot.press("ctrl+s")
        await pilot.pause()
        session = game_screen(app).session
        assert session.config.solo == "hard" and session.config.ai_seat == 0
        assert session.config.civs == SOLO_SETUPS[1][1]
        assert session.seats == ("ai", "human")


async def test_the_rule_options_reach_the_game_config(tmp_path):
    app = MonumentsApp(saves_dir=tmp_path, start="new")
    async with app.run_test(size=SIZE) as pilot:
        form = app.screen
        form.query_one("#setup").value = "m3"
        form.query_one("#mode").value = "scarcity"
        form.query_one("#opt-retreat").value = "each"
        form.query_one("#opt-dice_cap").value = "3"
        form.query_one("#opt-air_fly_over").value = True
        form.query_one("#opt-battle_quests_since_draw").value = True
        assert not form.query("#opt-trade_any_resource")  # kept for 0.3.0 saves, not a variant
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        config = game_screen(app).session.config
        assert config.civs == ("greece", "egypt", "maya", "inca") and config.mode == "scarcity"
        assert (config.options.retreat, config.options.dice_cap, config.options.air_fly_over) == ("each", 3, True)
        assert config.options.battle_quests_since_draw and config.options.trade_any_resource


async def test_the_form_refuses_a_rule_option_out_of_its_domain_saying_what_it_takes(tmp_path):
    app = MonumentsApp(saves_dir=tmp_path, start="new")
    async with app.run_test(size=SIZE) as pilot:
        form = app.screen
        for name, value, words in (("dice_cap", "11", "from 0 to 10"), ("layer4_workers", "-5", "from 1 to 3")):
            form.query_one(f"#opt-{name}").value = value
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is form
            label = RULE_OPTIONS[name].label  # named as on the form, not by its field
            assert f"'{label}' takes a whole number {words}" in str(form.query_one("#form-error").render())
            form.query_one(f"#opt-{name}").value = str(getattr(RuleOptions(), name))


# -- playing ---------------------------------------------------------------------------------------------------
async def test_set_up_and_several_turns_typed_against_a_bot(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert "keep one starting quest" in screen_text(app)
        typed = await play_first_legal(pilot, 10)
        session = screen.session
        assert len(typed) == 10
        assert session.state.phase == "play" and session.state.round >= 2
        mine = [s.text for s in session.history() if s.seat == 0]
        assert mine == typed
        assert any(s.seat == 1 for s in session.history())  # the bot played its steps
        log = screen.query_one(LogPane)
        assert len(log.lines) > 10
        assert "Round 1" in "\n".join(line.text for line in log.lines)
        await pilot.press("ctrl+f")  # the log shows Greece's steps only
        shown = "\n".join(line.text for line in log.lines)
        assert "Greece" in shown and "  Egypt " not in shown
        assert "showing Greece" in str(log.border_subtitle)


async def test_a_rejected_command_keeps_the_text_shows_the_rule_and_changes_nothing(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        before = enc(screen.session.state)
        steps = len(screen.session.history())
        await type_command(pilot, "start wood X9")
        assert screen.query_one(CommandInput).value == "start wood X9"
        text = screen_text(app)
        assert "is not possible now" in text and "Legal now: startquest" in text
        assert enc(screen.session.state) == before and len(screen.session.history()) == steps
        await type_command(pilot, "fly to the moon")
        assert "Unknown command 'fly'" in screen_text(app)
        assert screen.query_one(CommandInput).value == "fly to the moon"
        assert enc(screen.session.state) == before


async def test_tab_completes_from_the_legal_commands_and_history_recalls(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        inp = screen.query_one(CommandInput)
        inp.focus()
        await pilot.press(*"startq")
        await pilot.press("tab")
        options = [t for t in screen.legal_texts if t.startswith("startquest")]
        assert len(options) == 2
        assert inp.value == os.path.commonprefix(options)
        await pilot.press("tab")
        assert inp.value == options[0]
        await pilot.press("tab")
        assert inp.value == options[1]
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.history()[0].text == options[1]
        await pilot.press("up")
        assert inp.value == options[1]


async def test_keys_typed_in_a_burst_complete_before_enter_plays(tmp_path):
    from textual import events

    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await wait_for(pilot, lambda: bool(screen.command_line.legal))  # the screen is up and its line knows the moves
        inp = screen.query_one(CommandInput)
        inp.focus()
        inp.value = "startq"
        inp.cursor_position = 6
        for key in ("tab", "tab", "enter"):  # queued at once, as a paste or a fast typist sends them
            app.post_message(events.Key(key, None))
        await wait_for(pilot, lambda: bool(screen.session.history()))  # every key handled before the app closes
        await pilot.pause()
        assert screen.session.history() and screen.session.history()[0].text.startswith("startquest ")


async def test_the_command_palette_offers_the_legal_commands(tmp_path):
    from monuments_tui.ui.palette import LegalCommands

    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        provider = LegalCommands(screen)
        offered = [hit.text async for hit in provider.discover()]
        assert {"Game: " + t for t in screen.legal_texts} <= set(offered)
        hits = [hit async for hit in provider.search("startquest")]
        assert len(hits) == 2
        hits[0].command()  # into the command line, for Enter
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.session.history()) == 1


async def test_undo_and_redo_in_a_teaching_game(tmp_path):
    app = game_app(tmp_path, seats=("human", "human"), teaching=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await play_first_legal(pilot, 3)
        session = screen.session
        after_three = enc(session.state)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(session.history()) == 2
        assert "Took back" in message(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(session.history()) == 1
        await pilot.press("ctrl+y", "ctrl+y")
        await pilot.pause()
        assert enc(session.state) == after_three
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert "Cannot redo" in message(app)


async def test_undo_refused_says_why(tmp_path):
    app = game_app(tmp_path, seats=("human", "random"))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert message(app) == "Nothing to undo: no command has been played"
        assert len(screen.session.history()) == 0


async def test_save_a_copy_and_load_it(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await play_first_legal(pilot, 4)
        state = enc(screen.session.state)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, AskDialog)
        target = tmp_path / "copy.jsonl"
        app.screen.query_one("#answer").value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        assert target.exists()
    app = MonumentsApp(start="load", file=target, saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert enc(screen.session.state) == state
        assert screen.session.path == target


async def test_load_from_the_list_of_saves(tmp_path):
    session = GameSession.new(GameConfig(civs=("maya", "inca"), seed=5), seats=("human", "random"), saves_dir=tmp_path)
    session.execute_text(session.state.pending and "startquest " + session.state.pending.options[0])
    session.close()
    app = MonumentsApp(saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        assert isinstance(app.screen, SavesScreen)
        text = screen_text(app)
        assert "Maya v Inca" in text and "set-up" in text
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        assert len(screen.session.history()) == 1


async def test_a_file_that_is_not_a_save_is_refused_with_the_reason(tmp_path):
    bad = tmp_path / "notes.jsonl"
    bad.write_text("my shopping list\n")
    app = MonumentsApp(start="load", file=bad, saves_dir=tmp_path)
    said = notes_of(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert any("not a Monuments save" in note for note in said)


async def test_continue_the_latest_unfinished_game(tmp_path):
    session = GameSession.new(GameConfig(civs=("greece", "egypt"), seed=8), saves_dir=tmp_path)
    session.close()
    app = MonumentsApp(saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert game_screen(app).session.path == session.path


# -- hot seat ---------------------------------------------------------------------------------------------------
async def test_the_curtain_hides_private_information_between_two_people(tmp_path):
    app = game_app(tmp_path, seats=("human", "human"))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, Curtain)
        assert "Pass the keyboard to Greece" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        quests = screen.query_one(QuestsPane)
        assert "Greece (private)" in str(quests.border_title)
        await play_first_legal(pilot, 3)  # Greece: keep a quest, place two resources
        assert isinstance(app.screen, Curtain)
        text = screen_text(app)
        assert "Pass the keyboard to Egypt" in text
        egypt_options = screen.session.state.pending.options
        assert not any(q in text for q in egypt_options)  # Egypt's starting quests stay hidden
        await pilot.press("enter")
        await pilot.pause()
        assert "Egypt (private)" in str(quests.border_title)
        assert all(q in screen_text(app) for q in egypt_options)


async def test_teaching_mode_opens_all_hands_without_a_curtain(tmp_path):
    app = game_app(tmp_path, seats=("human", "human"), teaching=True)
    async with app.run_test(size=SIZE):
        assert not isinstance(app.screen, Curtain)
        assert "all players" in str(game_screen(app).query_one(QuestsPane).border_title)


# -- bots -----------------------------------------------------------------------------------------------------------
async def test_bots_play_on_a_timer_and_can_be_skipped(tmp_path):
    app = game_app(tmp_path, seats=("random", "random"))
    app.pace = "slow"
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        delays: list[float] = []
        set_timer = screen.set_timer
        screen.set_timer = lambda delay, *a, **k: (delays.append(delay), set_timer(delay, *a, **k))[1]
        played = len(screen.session.history())
        await wait_for(pilot, lambda: len(screen.session.history()) > played)
        assert delays and set(delays) == {1.5}  # slow: each next step waits 1.5 s on a timer
        await pilot.press("f6")  # skip: the bots play without pause
        await wait_for(pilot, lambda: len(screen.session.history()) >= 20)
        assert delays[-1] < 0.01


async def test_the_bot_thinks_in_a_thread_on_its_own_copy_of_the_state(tmp_path, monkeypatch):
    import threading

    from monuments_tui.ui.screens import bot_driver as game_module

    asked = []
    think = game_module.bot_command_for

    def recording(controller, state, rnd, progress=None):
        live = game_screen(app).session.state
        asked.append((threading.current_thread() is threading.main_thread(), state is live, enc(state) == enc(live)))
        return think(controller, state, rnd, progress)

    monkeypatch.setattr(game_module, "bot_command_for", recording)
    app = game_app(tmp_path, seats=("random", "random"))
    async with app.run_test(size=SIZE) as pilot:
        session = game_screen(app).session

        def untouchable(*args, **kwargs):
            raise AssertionError("the bot thread read the session")

        monkeypatch.setattr(session, "bot_command", untouchable)
        await wait_for(pilot, lambda: len(session.history()) >= 5)
        assert asked and not any(on_main for on_main, _, _ in asked)
        assert not any(shared for _, shared, _ in asked)  # a copy ...
        assert all(same for _, _, same in asked)  # ... of the position to play
        assert app.last_error is None


# -- replay ---------------------------------------------------------------------------------------------------------
def played_save(tmp_path, steps=40, seed=3):
    import random

    session = GameSession.new(
        GameConfig(civs=("greece", "egypt"), seed=seed), seats=("human", "random"), saves_dir=tmp_path
    )
    rnd = random.Random(1)
    for _ in range(steps):
        session.execute(rnd.choice(session.legal()))
    session.close()
    return session


async def test_replay_steps_by_step_turn_and_round_and_plays_from_here(tmp_path):
    session = played_save(tmp_path)
    app = MonumentsApp(start="replay", file=session.path, saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        replay = screen.replay
        assert replay.position == 0
        await pilot.press("right", "right", "right")
        assert replay.position == 3
        assert "step 3/40" in screen_text(app)
        await pilot.press("left")
        assert replay.position == 2
        await pilot.press("shift+right")
        assert replay.turn == 1 and replay.round == 1
        await pilot.press("ctrl+right")
        assert replay.round == 2
        await pilot.press("end")
        assert replay.position == 40
        await pilot.press("home")
        assert replay.position == 0
        await pilot.press("g")
        assert isinstance(app.screen, AskDialog)
        app.screen.query_one("#answer").value = "2"
        await pilot.press("enter")
        await pilot.pause()
        assert replay.turn == 2
        assert "view: Greece" in screen_text(app)  # an unfinished game opens on the person's own view
        await pilot.press("v")
        assert "view: Egypt" in screen_text(app)
        position = replay.position
        await pilot.press("p")
        assert isinstance(app.screen, PlayFromHereDialog)
        await pilot.press("enter")  # Play from here
        await pilot.pause()
        game = game_screen(app)
        branch = game.session.history()
        assert [s.text for s in branch[:position]] == [s.text for s in replay.steps[:position]]
        assert game.session.path != session.path and game.session.path.exists()


# -- the end ------------------------------------------------------------------------------------------------------------
async def test_a_game_played_to_the_end_shows_the_scores_and_the_winner(tmp_path):
    from tests.ui.positions import END_COMMANDS, near_end_session

    app = MonumentsApp(saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(near_end_session())
        await pilot.pause()
        await pilot.press("enter")  # the curtain: Greece
        for text in END_COMMANDS:
            await type_command(pilot, text)
        await play_first_legal(pilot, 1)  # the layer-5 bonus
        assert game_screen(app).session.state.final_round
        while not isinstance(app.screen, EndScreen):
            if isinstance(app.screen, Curtain):
                await pilot.press("enter")
                await pilot.pause()
                continue
            await play_first_legal(pilot, 1)
        text = screen_text(app)
        assert "Game over" in text and "Greece wins with 49 VP" in text
        assert "Monument layers" in text and "Total" in text and "tie-break: layers" in text
        await wait_for(pilot, lambda: "No score chart" in screen_text(app))
        await pilot.press("b")
        assert isinstance(app.screen, GameScreen)


def test_the_score_chart_scores_every_turn(tmp_path):
    from monuments_tui.game.replay import Replay
    from monuments_tui.ui.screens.end import chart_text, score_history

    session = played_save(tmp_path, steps=60)
    replay = Replay.open(session.path)
    turns, series = score_history(replay)
    assert len(turns) == replay.turns + 1 and all(len(s) == len(turns) for s in series)
    chart = chart_text(("greece", "egypt"), series).plain
    assert "[G] Greece" in chart and "[E] Egypt" in chart and "VP" in chart


# -- help, resilience, size ----------------------------------------------------------------------------------------------
async def test_help_lists_every_command_of_the_notation_and_every_card(tmp_path):
    from monuments_tui.rules import SYNTAX
    from monuments_tui.rules.content import load_content
    from monuments_tui.ui.screens.help import cards_table, commands_table
    from monuments_tui.ui.typed_words import SCREEN_WORDS

    assert list(commands_table().columns[0].cells) == [s.usage for s in SYNTAX] + [w.usage for w in SCREEN_WORDS]
    assert len(cards_table().rows) == len(load_content().action_cards)
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        assert "startquest QUEST" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_an_unexpected_error_is_shown_and_the_game_goes_on(tmp_path, monkeypatch):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)

        def boom(text):
            raise RuntimeError("a wire came loose")

        monkeypatch.setattr(screen.session, "execute_text", boom)
        await type_command(pilot, "startquest x")
        await pilot.pause()
        assert app.last_error and "a wire came loose" in app.last_error
        assert app.is_running and isinstance(app.screen, GameScreen)
        monkeypatch.undo()
        await play_first_legal(pilot, 1)
        assert len(screen.session.history()) == 1


async def test_a_small_terminal_gets_a_clear_message_and_resizing_is_safe(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=(79, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmall)
        assert "at least 80x24" in screen_text(app)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.resize_terminal(90, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmall)
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        await play_first_legal(pilot, 2)
        assert len(game_screen(app).session.history()) >= 2


async def test_quit_asks_first(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmDialog)
        assert "saved in" in screen_text(app)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
        assert not app.is_running


async def test_the_layout_classes_follow_the_terminal_size(tmp_path):
    from monuments_tui.ui.widgets.footer import KeysFooter

    app = game_app(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        footer = screen.query_one(KeysFooter)
        assert not screen.has_class("-narrow") and not screen.has_class("-short") and not footer.compact
        await pilot.resize_terminal(120, 35)
        await pilot.pause()
        assert screen.has_class("-narrow") and screen.has_class("-short") and footer.compact
        await pilot.press("f1")  # a screen pushed now gets the classes of the size it opens at
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.has_class("-narrow")
        await pilot.press("escape")
        await pilot.resize_terminal(135, 45)
        await pilot.pause()
        assert screen.has_class("-narrow") and not screen.has_class("-short") and not footer.compact


async def test_a_screen_opened_while_the_terminal_is_too_small_stays_under_the_request(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=(90, 22)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmall)
        game_screen(app).action_help()  # a screen pushed from below, as a bot's move or the end of the game does
        await pilot.pause()
        assert isinstance(app.screen, TooSmall)
        assert "This one is 90x22" in screen_text(app)
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")  # the request under the help is lifted as soon as it is on top
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_a_game_set_up_by_hand_has_no_chart_and_says_why_it_cannot_be_exported(tmp_path):
    from tests.ui.positions import END_COMMANDS, near_end_session

    session = near_end_session(("human", "random"))
    for text in END_COMMANDS:
        session.execute_text(text)
    app = MonumentsApp(saves_dir=tmp_path)
    said = notes_of(app)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EndScreen(session))
        await wait_for(pilot, lambda: "No score chart" in screen_text(app))
        assert "cannot be replayed from the deal" in screen_text(app)
        await pilot.press("e")
        await pilot.pause()
        assert any("does not replay from the deal" in note for note in said)
        assert app.last_error is None and not list(tmp_path.glob("*.txt"))


async def test_the_screens_state_is_reactive_and_redraws_what_depends_on_it(tmp_path, monkeypatch):
    import threading

    from monuments_tui.ui.screens import bot_driver

    looked = threading.Event()  # the bot thinks until the test has looked, however slow the machine
    think = bot_driver.bot_command_for
    monkeypatch.setattr(bot_driver, "bot_command_for", lambda *args: (looked.wait(120), think(*args))[1])
    app = game_app(tmp_path, seats=("human", "random"))
    app.pace = "unheard-of"
    async with app.run_test(size=SIZE) as pilot:
        try:
            screen = game_screen(app)
            assert screen.pace == "normal"  # an unknown pace falls back to the normal one
            screen.pace = "slow"
            while screen.can_type():
                await type_command(pilot, screen.legal_texts[0])
            await wait_for(pilot, lambda: "random is playing · pace slow" in screen_text(app))
            line = screen.query_one(CommandLine)
            assert line.legal == ()  # nothing to type while the bot plays
            screen.pace = "normal"  # the prompt follows at once
            assert "pace normal" in line.prompt.note
        finally:
            looked.set()
    session = played_save(tmp_path)
    app = MonumentsApp(start="replay", file=session.path, saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        screen.view_seat = 1
        await pilot.pause()
        assert "view: Egypt" in screen_text(app)
        assert "Egypt (private)" in str(screen.query_one(QuestsPane).border_title)


def test_the_app_gives_every_navigation_the_screens_ask_for():
    """`Navigation`'s bodies only raise: the app overrides each one."""
    from monuments_tui.ui.navigation import Navigation

    asked = [name for name, value in vars(Navigation).items() if callable(value)]
    assert asked and all(getattr(MonumentsApp, name) is not getattr(Navigation, name) for name in asked)
