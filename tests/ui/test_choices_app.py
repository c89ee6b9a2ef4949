"""Pilot tests: every choice shows its text before it is made (Tab list, palette, prompt, panes),
`info ID` and the `i` key, refusals in plain words first, the new-game form's plain option names."""

from __future__ import annotations

import msgspec

from monuments_tui.game.session import GameSession, Rebuilt, Timeline
from monuments_tui.rules.content import load_content
from monuments_tui.saves.format import Header
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.dialogs.info import InfoDialog
from monuments_tui.ui.palette import GAME, LegalCommands
from monuments_tui.ui.rule_words import RULE_OPTIONS
from monuments_tui.ui.screens.help import HelpScreen, options_table
from monuments_tui.ui.screens.new_game import NewGameScreen
from monuments_tui.ui.widgets.command_line import CommandInput, CommandLine
from monuments_tui.ui.widgets.panes import HandPane, InspectorPane, QuestsPane
from tests.helpers import game, ready_for_layer
from tests.ui.helpers import type_command, wait_for
from tests.ui.test_app import SIZE, game_app, game_screen, message

CONTENT = load_content()


def session_of(state) -> GameSession:
    """`state` as a game in memory, Greece a person and Egypt a random bot."""
    header = Header(config=state.config, seats=("human", "random"), teaching=False, created="", title="test")
    return GameSession(header, Rebuilt(Timeline(state), False, []), [], None)


def layer_ready():
    """Greece, past its first turn, able to build layer 1 at once."""
    s = ready_for_layer(game(), 0, 1)
    s.players[0].turns = 2
    return s


async def shows_everywhere(pilot, typed: str, texts: list[str], pane) -> None:
    """Each of `texts` is on the prompt, in the Tab list after `typed`, in the palette's help lines and in `pane`."""
    app = pilot.app
    screen = game_screen(app)
    line = screen.query_one(CommandLine)
    for text in texts:
        assert text in line.prompt.text, (text, line.prompt.text)
    helps = [hit.help async for hit in LegalCommands(screen).discover()]
    for text in texts:
        assert any(h and text in h for h in helps), text
    pane_text = screen.query_one(pane).plain.replace("\n", " ")
    for text in texts:
        assert " ".join(text.split()[:4]) in pane_text, (text, pane_text)
    inp = screen.query_one(CommandInput)
    inp.focus()
    inp.value, inp.cursor_position = typed, len(typed)
    await pilot.press("tab")  # completes what all matches share, or the first, and lists them
    listed = message(app)
    for text in texts:
        assert text[:30] in listed, (text, listed)


async def test_starting_quests_show_their_text_before_one_is_kept(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        quests = screen.session.state.pending.options
        await shows_everywhere(pilot, "startq", [CONTENT.quest_by_id[q].text for q in quests], QuestsPane)


async def play_through_setup(pilot, screen) -> None:
    """Play the first legal command of every set-up step, then wait for the first turn's choice."""
    while screen.session.state.phase == "setup":
        await wait_for(pilot, screen.can_type)
        await type_command(pilot, screen.legal_texts[0])
    await wait_for(pilot, screen.can_type)


async def test_quests_drawn_show_their_text_before_they_are_kept(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await play_through_setup(pilot, screen)
        await type_command(pilot, "play quest")  # Draw quest cards [l.367-369]
        drawn = screen.session.state.pending.options
        await shows_everywhere(pilot, "keep ", [CONTENT.quest_by_id[q].text for q in drawn], QuestsPane)


async def test_bonus_cards_and_personal_options_show_their_text(tmp_path):
    app = MonumentsApp(saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session_of(layer_ready()))
        await wait_for(pilot, lambda: bool(game_screen(app).legal_texts))
        await type_command(pilot, "play monument")
        await type_command(pilot, "layer")
        screen = game_screen(app)
        bonuses = screen.session.state.pending.options
        texts = list(dict.fromkeys(CONTENT.common_by_id[b].text for b in bonuses))[:4]  # the prompt lists 4
        await shows_everywhere(pilot, "bonus ", texts, HandPane)
        await type_command(pilot, f"bonus {bonuses[0]}")
        card = CONTENT.personal_by_id[screen.session.state.pending.card]
        await shows_everywhere(pilot, "option ", [o.text for o in card.options], HandPane)


async def test_action_cards_show_both_sides_the_upgrade_cost_and_the_discount_now(tmp_path):
    state = layer_ready()
    state.players[0].green.append("production")  # one card green: 1 off the next upgrade (B56)
    app = MonumentsApp(saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=(200, 50)) as pilot:
        app.start_session(session_of(state))
        await wait_for(pilot, lambda: bool(game_screen(app).legal_texts))
        screen = game_screen(app)
        assert "in hand: upgrade, movement, production (green)" in screen.query_one(CommandLine).prompt.text
        movement = CONTENT.action_by_id["movement"]
        helps = {str(hit.text).removeprefix(GAME): hit.help async for hit in LegalCommands(screen).discover()}
        assert movement.red_text in helps["play movement"] and movement.green_text in helps["play movement"]
        assert "Upgrade: 2 food, 1 off now, so 1 food." in helps["play movement"]
        hand = screen.query_one(HandPane).plain.replace("\n", " ")
        assert "Upgrade: 2 food, 1 off now" in hand and movement.green_text[:30] in hand
        inp = screen.query_one(CommandInput)
        inp.focus()
        inp.value, inp.cursor_position = "play m", 6
        await pilot.press("tab")
        assert "Movement (red): Move up to 2 units" in message(app)


async def test_info_shows_an_item_in_a_dialog_and_plays_nothing(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        before = msgspec.msgpack.encode(screen.session.state)
        await type_command(pilot, "info qs-wood")
        assert isinstance(app.screen, InfoDialog) and "Control 3 wood." in app.screen.plain
        await pilot.press("escape")
        assert msgspec.msgpack.encode(screen.session.state) == before and not screen.session.history()
        await type_command(pilot, "info nowhere")
        assert "Nothing is called 'nowhere'" in message(app) and "a hex (D7)" in message(app)
        inp = screen.query_one(CommandInput)
        inp.value, inp.cursor_position = "inf", 3
        await pilot.press("tab")
        assert inp.value == "info"  # Tab offers info with the legal commands
        screen.query_one(InspectorPane).focus()
        await pilot.press("enter")  # the hex under the map cursor
        assert isinstance(app.screen, InfoDialog) and app.screen.plain.startswith("Hex ")
        await pilot.press("escape")
        screen.query_one(HandPane).focus()
        await pilot.press("enter")  # the cards of the hand pane
        assert isinstance(app.screen, InfoDialog) and CONTENT.action_by_id["trade"].green_text in app.screen.plain


async def test_a_refusal_says_plain_words_first_and_the_rulebook_on_a_detail_line(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await play_through_setup(pilot, screen)
        await type_command(pilot, "play monument")  # not in the first turn (B58) [l.221]
        first, detail = message(app).splitlines()
        assert first.startswith("Monument cannot be played in your first turn. In your very first turn")
        assert "[" not in first and "l." not in first and "(B" not in first
        assert "l.221" in detail and "(B58)" in detail


async def test_the_new_game_form_names_the_rule_options_in_plain_words(tmp_path):
    app = MonumentsApp(saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        form = app.screen.query_one("#new-game")
        form.scroll_end(animate=False)
        await pilot.pause()
        labels = [str(w.render()) for w in app.screen.query(".option-label")]
        notes = {w.id: str(w.render()) for w in app.screen.query(".option-note")}
        assert labels == [w.label for w in RULE_OPTIONS.values()]
        assert all(notes[f"note-{name}"] == w.explanation for name, w in RULE_OPTIONS.items())
        assert not any("(B" in text for text in labels + list(notes.values()))
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        help_text = "\n".join(str(w.render()) for w in app.screen.query("Static"))
        assert "Rule options" in help_text
        table = options_table()
        assert list(table.columns[0].cells) == [w.label for w in RULE_OPTIONS.values()]
        assert list(table.columns[2].cells) == [w.code for w in RULE_OPTIONS.values()]  # codes only in the help
