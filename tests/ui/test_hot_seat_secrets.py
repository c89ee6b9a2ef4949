"""Pilot tests: hot seat keeps secrets (issue 19, point 7).

While the curtain is in use (two people, teaching off), nothing shown to the player at the
keyboard names another seat's hidden cards: the prompt, the log, undo and redo messages,
the command line's history and Tab list, notifications and palette entries. What is
private is what `rules.views` hides: quests in progress, the starting quests dealt, and the
quest cards drawn and kept [Player set-up, l.154; Draw quest cards, l.369; B87]. Action
cards are public: played cards lie face up, so a hand is the ten cards less the discards
[Upgrading, l.215]; score cards and personal bonus decks are public too (B87).
"""

from __future__ import annotations

import random

from monuments_tui.game.session import GameSession
from monuments_tui.rules import commands as c, events as ev, pending as pd
from monuments_tui.rules.content import load_content
from monuments_tui.rules.views import visible_state
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.dialogs.common import Curtain
from monuments_tui.ui.palette import AppCommands, LegalCommands
from monuments_tui.ui.widgets.command_line import CommandInput
from monuments_tui.ui.widgets.panes import LogPane
from tests.session_helpers import CONFIG
from tests.ui.helpers import screen_text, wait_for
from tests.ui.test_app import SIZE, game_screen, message, notes_of

GREECE, EGYPT = 0, 1


def hot_seat_save(tmp_path, until, *, teaching: bool = False) -> GameSession:
    """Two people, Greece and Egypt: random legal play until `until(session)` holds; saved and closed."""
    session = GameSession.new(CONFIG, seats=("human", "human"), teaching=teaching, saves_dir=tmp_path)
    rnd = random.Random(1)
    for _ in range(3000):
        session.execute(rnd.choice(session.legal()))
        if until(session):
            session.close()
            return session
    raise AssertionError("the position never came")


def greece_kept_quests_and_egypt_decides(session: GameSession) -> bool:
    last = session.history()[-1]
    return isinstance(last.command, c.KeepQuests) and last.seat == GREECE and session.state.pending.seat == EGYPT


def secrets_of(session: GameSession, seat: int) -> set[str]:
    """The ids of every quest card `seat` has seen and the others may not: dealt, drawn, kept."""
    ids: set[str] = set(session.state.players[seat].quests) | set(session.state.start_quests.get(seat, ()))
    for step in session.history():
        for e in step.events:
            if isinstance(e, ev.QuestsDealt) and e.seat == seat:
                ids |= set(e.cards)
            if isinstance(e, ev.QuestsKept) and e.seat == seat:
                ids |= set(e.kept) | set(e.discarded)
    return ids - set(session.state.players[seat].completed)  # a quest turned in is shown to all [l.373]


async def everything_shown(pilot) -> str:
    """All the text the player at the keyboard can read now, or call up with a key."""
    app = pilot.app
    screen = game_screen(app)
    inp = screen.query_one(CommandInput)
    said = [screen_text(app), message(app)]
    said += [line.text for line in screen.query_one(LogPane).lines]  # the whole log, scrolled or not
    for provider in (LegalCommands(screen), AppCommands(screen)):
        said += [f"{hit.text} {hit.help}" async for hit in provider.discover()]
    inp.focus()
    for _ in range(6):  # the command history
        await pilot.press("up")
        said.append(inp.value)
    inp.value = ""
    await pilot.press("tab")  # the Tab list of every legal command
    said.append(message(app))
    return "\n".join(said)


def assert_nothing_named(shown: str, session: GameSession, secrets: set[str], viewer: int) -> None:
    assert secrets, "the other seat has a private choice to keep"
    quests = load_content().quest_by_id
    own = {quests[q].text for q in secrets_of(session, viewer) if q in quests}
    for q in secrets:
        assert q not in shown, f"{q} is named"
        text = quests[q].text.rstrip(".") if q in quests else ""
        if text and quests[q].text not in own:
            assert text not in shown, f"the text of {q} is shown"


async def lift_curtain(pilot, who: str) -> None:
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, Curtain))
    assert f"Pass the keyboard to {who}" in screen_text(app)
    await pilot.press("enter")
    await wait_for(pilot, lambda: not isinstance(app.screen, Curtain))


async def test_an_undo_refusal_does_not_name_the_quests_another_seat_kept(tmp_path):
    session = hot_seat_save(tmp_path, greece_kept_quests_and_egypt_decides)
    secrets = secrets_of(session, GREECE)
    app = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        notes = notes_of(app)
        await lift_curtain(pilot, "Egypt")
        await pilot.press("ctrl+z")
        await pilot.pause()
        refusal = message(app)
        assert refusal.startswith("Cannot undo Greece's last step (keep ...)")
        shown = await everything_shown(pilot) + "\n".join(notes)
        assert_nothing_named(shown, game_screen(app).session, secrets, EGYPT)


async def test_the_starting_quests_stay_secret_in_the_log_the_history_and_the_prompt(tmp_path):
    new = GameSession.new(CONFIG, seats=("human", "human"), saves_dir=tmp_path)
    new.close()
    app = MonumentsApp(start="load", file=new.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await lift_curtain(pilot, "Greece")
        dealt = set(screen.session.state.start_quests[GREECE])
        for _ in range(3):  # Greece keeps a starting quest and places two resources, typed
            inp = screen.query_one(CommandInput)
            await wait_for(pilot, screen.can_type)
            inp.focus()
            inp.value = screen.legal_texts[0]
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(screen.session.history()[0].command, c.KeepStartQuest)
        await lift_curtain(pilot, "Egypt")
        await pilot.press("ctrl+z")  # refused: Greece's step
        await pilot.pause()
        shown = await everything_shown(pilot)
        assert_nothing_named(shown, screen.session, dealt, EGYPT)


async def test_a_redo_message_is_not_left_for_the_next_player(tmp_path):
    session = hot_seat_save(tmp_path, greece_kept_quests_and_egypt_decides, teaching=True)
    session, _ = GameSession.load(session.path)
    session.undo()  # Greece chooses which quests to keep again ...
    session.set_teaching(False)  # ... in a standard game from now on
    session.close()
    secrets = secrets_of(session, GREECE) | set(session.redo_line[0].command.quests)
    app = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        await lift_curtain(pilot, "Greece")
        await pilot.press("ctrl+y")
        await pilot.pause()
        await lift_curtain(pilot, "Egypt")
        shown = await everything_shown(pilot)
        assert_nothing_named(shown, game_screen(app).session, secrets, EGYPT)


async def test_the_quest_cards_being_chosen_stay_behind_the_curtain(tmp_path):
    def greece_chooses_quests(s: GameSession) -> bool:
        return isinstance(s.state.pending, pd.ChooseQuestsToKeep) and s.state.pending.seat == GREECE

    session = hot_seat_save(tmp_path, greece_chooses_quests)
    options = set(session.state.pending.options)
    app = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, Curtain))
        text = screen_text(app)
        assert "Pass the keyboard to Greece" in text
        assert options and not any(q in text for q in options)


async def test_the_live_replay_waits_while_the_curtain_is_in_use(tmp_path):
    from monuments_tui.ui.screens.game import GameScreen

    session = hot_seat_save(tmp_path, greece_kept_quests_and_egypt_decides)
    app = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        notes = notes_of(app)
        await lift_curtain(pilot, "Egypt")
        game_screen(app).action_replay()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert any("replay shows every player's quests" in n for n in notes)


def test_action_cards_and_personal_bonus_decks_are_public_and_quests_are_not():
    """The decision the tests above rest on: a hand is public [l.215], quests are not [l.369]."""
    session = GameSession.new(CONFIG, seats=("human", "human"), autosave=False)
    rnd = random.Random(1)
    while not session.state.players[GREECE].quests or not session.state.players[GREECE].discard:
        session.execute(rnd.choice(session.legal()))
    greece = session.state.players[GREECE]
    seen = visible_state(session.state, EGYPT).players[GREECE]
    assert seen.hand == greece.hand and seen.discard == greece.discard and seen.green == greece.green
    assert seen.personal_deck == greece.personal_deck and seen.score_card == greece.score_card
    assert set(seen.quests) == {"hidden"}
