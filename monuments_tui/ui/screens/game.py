"""The game screen: play a live game through its session.

Typed commands go to `session.execute_text`; a refusal leaves the text in the command
line, selected, with the rule's message under it (the session has not changed the state). After
every change the panes get the new state as the seat in front of the screen may see it;
bots play their steps on a timer, their thinking in a worker thread, so the screen never
freezes (`bot_driver`); a curtain separates two human seats in hot-seat games.

The screen is this module and five parts it mixes in, each a module of its own whose
docstring says what it is and which of the screen's members it needs (a Protocol, `...Host`):
the coach (`coaching.Coaching`), the bot driver (`bot_driver.BotDriver`), info
(`info_actions.InfoActions`), the looks before playing (`look_actions.LookActions`) and the
game menu (`game_menu.MenuActions`). The words typed in its command line are
`typed_words`'s, whose `WordHost` names the methods they call here.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Input, Static

from monuments_tui.game.session import GameSession, UndoRefused
from monuments_tui.game.timeline import step_text
from monuments_tui.rules import (
    NotationError,
    RuleViolation,
    format_command,
    legal_commands,
    waiting_for,
)
from monuments_tui.rules.views import visible_state
from monuments_tui.ui import card_text, typed_words
from monuments_tui.ui.dialogs.common import Curtain
from monuments_tui.ui.legal_now import LegalNow
from monuments_tui.ui.log_marks import TeachingMarks
from monuments_tui.ui.map_changes import changed_hexes
from monuments_tui.ui.palette import LegalCommands
from monuments_tui.ui.record_commands import run_record_command
from monuments_tui.ui.refusal_words import refusal_lines, sentence
from monuments_tui.ui.safety import guarded
from monuments_tui.ui.screens.bot_driver import PACES, BotDriver
from monuments_tui.ui.screens.coaching import Coaching
from monuments_tui.ui.screens.end import EndScreen
from monuments_tui.ui.screens.game_menu import MenuActions
from monuments_tui.ui.screens.help import HelpScreen
from monuments_tui.ui.screens.info_actions import InfoActions
from monuments_tui.ui.screens.look_actions import LookActions
from monuments_tui.ui.status_line import status_line
from monuments_tui.ui.widgets.board import Board, BoardView
from monuments_tui.ui.widgets.command_line import CommandLine, Prompt
from monuments_tui.ui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from textual import getters

    from monuments_tui.ui.navigation import Navigation


class GameScreen(Coaching, BotDriver, InfoActions, LookActions, MenuActions, Screen):
    """A live game."""

    if TYPE_CHECKING:
        app = getters.app(Navigation)  # mypy reads the app's own members; at run time Textual's property answers

    COMMANDS = {LegalCommands}
    AUTO_FOCUS = "#cmd"  # typing goes to the command line from the first paint (the map would be first)
    BINDINGS = [  # in the key bar's order (after the focused map's keys): Esc first, the way between line and map
        Binding("escape", "switch_focus('map')", "Map", id="focus", tooltip="From the command line to the map"),
        Binding("escape", "switch_focus('line')", "Command line", id="focus-line", tooltip="Back to typing a command"),
        Binding("ctrl+z", "undo", "Undo", id="undo"),
        Binding("ctrl+y", "redo", "Redo", id="redo"),
        Binding("ctrl+s", "save_copy", "Save", id="save", tooltip="Save a copy of the game"),
        Binding("f1", "help", "Help", id="help"),
        Binding("f7", "next_pane", "Pane", id="pane", tooltip="The next pane: hand, players, quests, log, hex"),
        Binding("pageup", "scroll_pane(-1)", "Scroll pane", show=False),
        Binding("pagedown", "scroll_pane(1)", "Scroll pane", show=False),
        Binding("question_mark", "help", "Help", show=False),
        Binding("f2", "zoom", "Zoom", id="zoom"),
        Binding("f3", "legend", "Legend", id="legend"),
        Binding("f4", "copy_position", "Position", show=False, tooltip="Write the position as text next to the save"),
        Binding("f5", "pace", "Pace", id="pace", tooltip="How fast the bots play"),
        Binding("f6", "skip", "Skip", id="skip", tooltip="Let the bots play their steps at once"),
        Binding("ctrl+f", "log_filter", "Log", id="filter", tooltip="Filter the log by player"),
        Binding(  # on a side pane (the line and the map have their own Enter); letters typed there go to the line
            "enter", "info_here", "Info", show=False, tooltip="What the pane's cards are, or the hex under the cursor"
        ),
        # ctrl+e is the command line's end-of-line; shift+enter reaches us only where the terminal
        # tells it from Enter (the kitty keyboard protocol), so f10 is the key that works everywhere.
        Binding("f10,shift+enter", "preview", "Preview", id="preview", tooltip="What the typed command would do"),
        Binding(
            "f8", "changes", "Changes", id="changes", show=False, tooltip="What changed since the start of this turn"
        ),
        Binding("f9", "hint", "Hint", id="hint", tooltip="The coach's best moves for you now"),
    ]

    viewer: reactive[int | None] = reactive(None, init=False)
    """The human seat whose private information is on screen (hot-seat)."""
    curtain_up: reactive[bool] = reactive(False, init=False)
    """The hot-seat curtain is up: the board shows only what everybody may see."""
    pace: reactive[str] = reactive("normal", init=False)
    """How fast the bots play: a name of PACES."""

    def __init__(self, session: GameSession, *, pace: str = "normal", bot_seed: int | None = None):
        super().__init__()
        self.session = session
        self.set_reactive(GameScreen.pace, self.validate_pace(pace))
        humans = self.humans()
        self.set_reactive(GameScreen.viewer, humans[0] if len(humans) == 1 else None)
        self.legal_texts = LegalNow(list, offered=False)
        """The notation of the commands the person at the keyboard may type now (worked out when read)."""
        self._marks = TeachingMarks()
        self._init_bots(bot_seed if bot_seed is not None else session.config.seed)
        self._init_coaching()
        self._ended = False
        self._drawn_state: object = None
        """The state the panes last drew: another screen (the replay's promote) may change the game."""

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Board()
        if self.guided():
            yield Static(id="choices")
        yield CommandLine(id="command", words=typed_words.SCREEN_NAMES)
        yield KeysFooter()

    @property
    def board(self) -> Board:
        return self.query_one(Board)

    @property
    def command_line(self) -> CommandLine:
        return self.query_one(CommandLine)

    def on_mount(self) -> None:
        self.refresh_all()
        self.command_line.input.focus()
        self.after_change()

    # -- the screen's state: every change redraws ------------------------------------------------
    def validate_pace(self, pace: str) -> str:
        return pace if pace in dict(PACES) else "normal"

    def watch_viewer(self) -> None:
        self.refresh_all()

    def watch_curtain_up(self) -> None:
        self.refresh_all()

    def watch_pace(self) -> None:
        self.refresh_all()

    # -- who sees what ---------------------------------------------------------------------------
    def humans(self) -> list[int]:
        return [s for s, c in enumerate(self.session.seats) if c == "human"]

    def show_all(self) -> bool:
        """Everything is open: teaching mode, a game without people, or the game is over."""
        return self.session.teaching or not self.humans() or self.session.state.phase == "over"

    def curtain_in_use(self) -> bool:
        """Two or more people share the screen and hands are closed: each sees only their own cards."""
        return len(self.humans()) > 1 and not self.session.teaching and self.session.state.phase != "over"

    def reader(self) -> int | None:
        """Whose eyes the words on screen are for, as `step_text` and `ui.wording` take it: None when
        every card is open, -1 (no seat) when only what everybody may see can be named."""
        if self.show_all():
            return None
        return -1 if self.curtain_up or self.viewer is None else self.viewer

    def hand_seat(self, state) -> int:
        """Whose hand and quests the panes show: the player at the keyboard now (hot-seat: whose turn it is)."""
        return state.current

    def seat_to_answer(self) -> int | None:
        pending = self.session.state.pending
        return pending.seat if pending is not None else None

    def can_type(self) -> bool:
        """The person at the keyboard decides now (and, with closed hands, it is their own seat)."""
        seat = self.seat_to_answer()
        if seat is None or self.session.controller(seat) != "human" or self.curtain_up:
            return False
        return self.show_all() or seat == self.viewer

    # -- drawing -------------------------------------------------------------------------------------
    def refresh_all(self) -> None:
        session = self.session
        state = session.state
        self._drawn_state = state
        show_all = self.show_all()
        view_state = state if show_all else visible_state(state, self.viewer)
        if self.curtain_up:
            view_state = visible_state(state, None)
        seat = self.seat_to_answer()
        hand_seat = self.hand_seat(state)
        steps = session.history()
        self.board.view = BoardView(
            state=view_state,
            steps=steps,
            viewer=None if show_all else (None if self.curtain_up else self.viewer),
            show_all=show_all and not self.curtain_up,
            controllers=session.seats,
            hand_seat=hand_seat,
            tree=session.tree(),
            marks=self._marks(session.records(), steps, state.round),
            hints=session.hints_shown(),
            changed=changed_hexes(session.state_before_last(), state),
        )
        prompt = waiting_for(view_state)  # written from the view: no card it hides is named
        self._offer_legal(state)
        line = self.command_line
        line.describe = partial(card_text.glossed, view_state)
        note = ""
        if seat is not None and session.controller(seat) != "human":
            note = f"({session.controller(seat)} is playing · pace {self.pace} · f6 skips)"
        elif self.can_type():
            note = "Tab completes · Enter plays"
        shown = card_text.prompt_lines(view_state, self.legal_texts)  # the options, each with its text
        line.prompt = Prompt("\n".join([prompt, *shown]), note)
        self._draw_status(prompt)
        if self.guided():
            self.query_one("#choices", Static).update(self.choices_text())

    def _offer_legal(self, state) -> None:
        """The legal commands of `state` for the command line and the palette, worked out when first read."""
        offered = self.can_type()
        legal = self.legal_texts
        if legal.source is state and legal.offered == offered:
            return  # the same position (a new viewer or pace): the list, worked out or not, stands
        legal = LegalNow(lambda: [format_command(c) for c in legal_commands(state)], offered=offered, source=state)
        self.legal_texts = legal
        self.command_line.legal = legal

    def gloss(self, text: str) -> str:
        """What the legal command `text` would do, in plain words (the palette's help line)."""
        return card_text.gloss(self.shown_state(), text)

    def on_resize(self) -> None:
        self._draw_status(self.command_line.prompt.text)  # the flags stay at the right edge

    def _draw_status(self, prompt: str) -> None:
        line = status_line(self.session, prompt, max(20, self.size.width))
        self.query_one("#status", Static).update(line, layout=False)

    # -- after every change ---------------------------------------------------------------------------
    def after_change(self) -> None:
        """Decide what comes next: the end screen, a curtain, or a bot step."""
        state = self.session.state
        if state.phase == "over" or state.pending is None:
            self._show_end()
            return
        self._ended = False
        self.lesson_check()
        seat = state.pending.seat
        controller = self.session.controller(seat)
        if controller == "human":
            self._skipping = False
            if self.needs_curtain(seat):
                self.raise_curtain(seat)
            elif not self.show_all() and self.viewer != seat and len(self.humans()) == 1:
                self.viewer = seat
        else:
            self.schedule_bot()

    def needs_curtain(self, seat: int) -> bool:
        return len(self.humans()) > 1 and not self.session.teaching and seat != self.viewer and not self.curtain_up

    def raise_curtain(self, seat: int) -> None:
        # nothing the last player typed or was told is left for the next one to read
        self.command_line.clear()
        self.app.clear_notifications()
        self.curtain_up = True
        name = self.session.state.players[seat].civ.capitalize()
        what = waiting_for(visible_state(self.session.state, None))
        self.app.push_screen(Curtain(name, what), callback=partial(self._curtain_down, seat))

    def _curtain_down(self, seat: int, _result=None) -> None:
        self.command_line.use_history(seat)
        self.viewer = seat  # still behind the curtain: nothing private is drawn yet
        self.curtain_up = False
        self.command_line.input.focus()

    def _show_end(self) -> None:
        if self._ended:
            return
        self._ended = True
        self.refresh_all()
        self.app.push_screen(EndScreen(self.session))

    # -- playing commands ---------------------------------------------------------------------------
    @on(CommandLine.Submitted)
    @guarded
    def _on_command(self, event: CommandLine.Submitted) -> None:
        self.play_text(event.text)

    def play_text(self, text: str) -> bool:
        """Play a command typed (or picked) by the person at the keyboard. True if it was played.

        The line's first word says what it is (`typed_words`): a word of the screen's does what
        it says and plays nothing; a command of the rules goes to the session."""
        line = self.command_line
        typed = typed_words.read(text)
        if isinstance(typed, typed_words.Misread):
            line.refuse(typed.plain, typed.detail)
            return False
        if typed.word.run is not None:
            typed.word.run(self, typed.rest)
            return False
        if not self.can_type():
            if self.session.state.pending is None:
                line.show_error("The game is over: r on the end screen replays it.")
            else:
                now = waiting_for(visible_state(self.session.state, self.viewer))
                line.show_error(f"Not your decision now: {now}. F6 lets the bots play at once.")
            return False
        try:
            self.session.execute_text(text)
        except (NotationError, RuleViolation) as exc:
            line.refuse(*refusal_lines(exc))
            return False
        except OSError as exc:
            line.show_error(f"could not write the save: {exc}. The command was not played.")
            return False
        line.accept()
        self.refresh_all()
        self.after_change()
        return True

    def play_record_command(self, word: str, rest: str) -> None:
        """`note TEXT` or `promote N` (`record_commands`): at any moment, whoever is to play."""
        if word == "promote":
            self._stop_bots()
        try:
            said = run_record_command(self.session, word, rest)
        except (ValueError, OSError) as exc:
            self.command_line.show_error(str(exc))
            return
        self.command_line.accept()
        self.command_line.show_info(said)
        self.refresh_all()
        if word == "promote":  # the position changed, as after an undo
            self._ended = False
            self.after_change()

    # -- actions --------------------------------------------------------------------------------------
    @guarded
    def action_undo(self) -> None:
        try:
            step = self.session.undo(self.reader())
        except UndoRefused as exc:
            self.command_line.show_refusal(sentence(str(exc)))
            return
        self._stop_bots()
        self.command_line.show_info(f"Took back: {step_text(step, self.reader())}")
        self._ended = False
        self.refresh_all()
        self.after_change()

    @guarded
    def action_redo(self) -> None:
        try:
            step = self.session.redo()
        except UndoRefused as exc:
            self.command_line.show_refusal(f"Cannot redo: {exc}")
            return
        self.command_line.show_info(f"Played again: {step_text(step, self.reader())}")
        self.refresh_all()
        self.after_change()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_zoom(self) -> None:
        self.board.map.action_toggle_zoom()

    def action_legend(self) -> None:
        self.board.toggle_legend()

    def action_next_pane(self) -> None:
        self.board.next_pane()

    def action_scroll_pane(self, pages: int) -> None:
        """PgUp/PgDn while typing: page through the pane shown (the log in a large terminal)."""
        self.board.scroll_shown(pages)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "switch_focus":  # one Esc key, named in the key bar for where it goes now
            typing = self.focused is None or self.focused is self.command_line.input
            return (parameters == ("map",)) == typing
        return True

    def action_switch_focus(self, to: str = "") -> None:
        """Esc: from the command line to the map, from anywhere else back to the command line."""
        inp = self.command_line.input
        if inp.has_focus:
            self.board.pane = "map"  # the compact layout shows the map to move on
            self.board.map.focus()
        else:
            inp.focus()

    def on_key(self, event: events.Key) -> None:
        """A character typed while the map or a pane has the focus goes to the command line (the
        keys those bind act first; they never reach here)."""
        if event.character is None or not event.is_printable or isinstance(self.focused, Input):
            return
        if self.curtain_up or event.key in self.active_bindings:  # the map's keys, i (info), ? (help)
            return
        event.stop()
        event.prevent_default()
        self.command_line.type_character(event.character)

    def action_log_filter(self) -> None:
        who = self.board.cycle_log_filter()
        self.notify(f"Log: {who}", timeout=2)

    # -- map ------------------------------------------------------------------------------------------
    def on_map_view_hex_activated(self, event) -> None:
        """Enter on a hex: add its id to the command line."""
        self.command_line.add_word(event.hex_id)

    def on_screen_resume(self) -> None:
        """Back from help, replay or a dialog: bots go on where they stopped; a line promoted in
        the replay is drawn and played on from."""
        if self.session.state is not self._drawn_state:
            self.refresh_all()
            self._ended = False
            self.after_change()
            return
        pending = self.session.state.pending
        if self.is_mounted and not self.curtain_up and pending is not None and self.session.controller() != "human":
            self.schedule_bot()

    def on_unmount(self) -> None:
        self._stop_bots()
