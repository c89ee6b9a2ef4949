"""The game screen for a game on a server (`monuments join`): the same screen, keys and
completion as a game at this keyboard, with commands, undo, notes and hints sent to the
server, and the board drawn again whenever the server's steps arrive.

One viewer sits at this screen: a player (its own seat), a spectator (the public view) or a
teacher (the seat it follows: a move it types is sent as a suggestion to the student's line). No curtain is needed and no bot plays here: the server runs
the bots. The status line says who is connected.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

from textual.widgets import Static

from monuments_tui.ai.coach import Hint as CoachHint
from monuments_tui.net.client import Client, ServerGone
from monuments_tui.net.messages import (
    Ack,
    Deadline,
    Hint,
    Note,
    Presence,
    RequestKind,
    ServerAny,
    Steps,
    Teaching,
    UndoAsked,
)
from monuments_tui.net.remote import RemoteSession
from monuments_tui.records import export_text
from monuments_tui.ui import typed_words
from monuments_tui.ui.dialogs.common import AskDialog, ConfirmDialog
from monuments_tui.ui.refusal_words import refusal_lines
from monuments_tui.ui.safety import guarded, write_beside_save
from monuments_tui.ui.screens.coaching import WAIT_FOR_YOUR_TURN
from monuments_tui.ui.screens.end import EndScreen
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.screens.replay import ReplayScreen
from monuments_tui.ui.status_line import status_line

if TYPE_CHECKING:
    from monuments_tui.game.session import GameSession

ANSWERS = ("accept", "decline")
"""Typed to answer another seat's undo in a teaching game."""


class NetGameScreen(GameScreen):
    """A game on a server, seen by one viewer."""

    def __init__(self, client: Client):
        self.client = client
        self.remote = RemoteSession(client)
        # a RemoteSession answers every call the screen makes of a session, from the server's steps
        super().__init__(cast("GameSession", self.remote))
        self.set_reactive(GameScreen.viewer, self.remote.seat)
        client.on_change = self._from_server

    # -- who sees and plays -------------------------------------------------------------------------
    def validate_viewer(self, _value: int | None) -> int | None:
        """One viewer sits at this screen, whoever's turn it is: the seat it was sent (hot-seat's switch never applies)."""
        return self.remote.seat

    def humans(self) -> list[int]:
        seat = self.remote.seat
        return [seat] if seat is not None else []

    def show_all(self) -> bool:
        return self.session.state.phase == "over"  # what was sent is all this viewer may see

    def curtain_in_use(self) -> bool:
        return False

    def hand_seat(self, state) -> int:
        """A player's (or teacher's) own seat, whoever's turn it is: the quests on screen are theirs."""
        seat = self.remote.seat
        return seat if seat is not None else state.current

    def needs_curtain(self, seat: int) -> bool:
        return False

    def can_type(self) -> bool:
        seat = self.seat_to_answer()
        return self.remote.role == "seat" and seat is not None and seat == self.remote.seat

    def schedule_bot(self) -> None:
        """The server plays the bots; their steps arrive like everyone's."""

    def action_skip(self) -> None:
        self.notify("The server plays the bots as fast as they think.", timeout=3)

    def on_mount(self) -> None:
        super().on_mount()
        self._shown_connected = self.client.connected
        self.set_interval(1.0, self._watch_connection)

    def _watch_connection(self) -> None:
        """A lost connection says no message: the status line is drawn again when it drops or returns."""
        if self.client.connected != self._shown_connected:
            self._shown_connected = self.client.connected
            self.refresh_all()

    # -- the server's news --------------------------------------------------------------------------
    @guarded  # a failure to draw is reported; the connection reading the server goes on
    def _from_server(self, message: ServerAny) -> None:
        if not self.is_mounted:
            return
        if isinstance(message, Steps):
            self._ended = False
            self.refresh_all()
            self.after_change()
        elif isinstance(message, (Presence, Deadline)):
            self.refresh_all()
        elif isinstance(message, Note):
            self._noted(message)
        elif isinstance(message, Hint):
            self._hinted(message)
        elif isinstance(message, UndoAsked) and self.remote.seat in message.waiting_for:
            civ = self.session.state.players[message.by].civ.capitalize()
            what = "to switch on teaching mode" if message.what == "teaching on" else "to take back a step"
            self.notify(f"{civ} asks {what}: type accept or decline.", title="Asked of you", timeout=30)
        elif isinstance(message, Teaching):
            rnd = self.session.state.round
            when = "during set-up" if rnd == 0 else f"at round {rnd}"
            said = (
                "any step may be taken back, each undo asked of the others; every hand stays its own player's"
                if message.on
                else "undo keeps to the standard rules again"
            )
            self.notify(f"Teaching mode switched {'on' if message.on else 'off'} {when}: {said}.", title="Teaching")
            self.refresh_all()

    def _noted(self, note: Note) -> None:
        if note.suggestion:
            line = self.command_line
            if not line.input.value:
                line.input.value = note.text
                line.input.cursor_position = len(note.text)
            line.show_info(f"{note.author or 'Your teacher'} suggests: {note.text} (Enter plays it)")
        else:
            self.refresh_all()

    def _hinted(self, hint: Hint) -> None:
        self._hints = [CoachHint(command, why) for command, why in hint.moves]
        self._hint_index = 0
        if self._hints:
            self._show_hint()

    def _draw_status(self, prompt: str) -> None:
        line = status_line(self.session, prompt, max(20, self.size.width), presence=self._who_is_here())
        self.query_one("#status", Static).update(line, layout=False)

    def _who_is_here(self) -> str:
        if not self.client.connected:
            return "connection lost, coming back..."
        presence = self.client.presence
        if presence is None:
            return "online"
        names = [f"{s.civ.capitalize()} {'●' if s.connected else '○'}" for s in presence.seats]
        watching = f", {presence.watchers} watching" if presence.watchers else ""
        role = {"watch": "watching", "teacher": "teaching"}.get(self.remote.role, "playing")
        return f"{' '.join(names)}{watching} (you: {role}){self._time_limit()}"

    def _time_limit(self) -> str:
        deadline = self.client.deadline
        if deadline is None or deadline.seat is None:
            return ""
        civ = self.session.state.players[deadline.seat].civ.capitalize()
        return f" · {civ} to move by {deadline.due}, then {deadline.rule}"

    # -- sending --------------------------------------------------------------------------------------
    def play_text(self, text: str) -> bool:
        low = text.strip().lower()
        if low in ANSWERS:
            self.command_line.input.value = ""
            self._ask("accept" if low == "accept" else "decline")
            return False
        if self.remote.role == "teacher" and not self._local(text):
            self.command_line.input.value = ""
            self._ask("suggest", text.strip())  # a teacher's move goes to the student's command line
            return False
        if self._local(text) or not self.can_type():
            return super().play_text(text)  # help, info, preview...; or says why this viewer cannot play
        self.run_worker(self._play(text), group="net")
        return True

    @staticmethod
    def _local(text: str) -> bool:
        """A word of the screen's own (help, info, note, ...), or a line the screen refuses as
        unknown: neither goes to the server as a move (`typed_words`)."""
        typed = typed_words.read(text)
        return isinstance(typed, typed_words.Misread) or typed.word.run is not None

    async def _play(self, text: str) -> None:
        line = self.command_line
        try:
            answer = await self.client.play(text)
        except ServerGone as exc:
            line.show_error(f"{exc}. The command was not played yet.")
            return
        if isinstance(answer, Ack):
            line.accept()
        else:
            line.refuse(*refusal_lines(answer))

    def _ask(self, kind: RequestKind, text: str = "") -> None:
        self.run_worker(self._request(kind, text), group="net")

    async def _request(self, kind: RequestKind, text: str) -> None:
        line = self.command_line
        try:
            answer = await self.client.request(kind, text)
        except ServerGone as exc:
            line.show_error(str(exc))
            return
        if not isinstance(answer, Ack):
            line.show_refusal(*refusal_lines(answer))
        elif answer.said:
            line.show_info(answer.said[:1].upper() + answer.said[1:])
        if kind == "note" and isinstance(answer, Ack):
            line.accept()

    def play_record_command(self, word: str, rest: str) -> None:
        if word == "note":
            if self.remote.role == "watch":
                self.command_line.show_error("A spectator watches: notes are written by the players and teachers.")
                return
            self._ask("note", rest)
        else:
            self.command_line.show_error(
                "Over the network the line of play is the table's: going back is an undo, which everyone's "
                "undo rules govern (ctrl+z). The server's save keeps the lines taken back: promote them after "
                "the game, once it is loaded there (monuments load FILE on the server)."
            )

    @guarded
    def action_hint(self) -> None:
        if not self.can_type():
            self.command_line.show_error(WAIT_FOR_YOUR_TURN, until_the_prompt_changes=True)
            return
        self._ask("hint")

    @guarded
    def action_undo(self) -> None:
        self._ask("undo")

    @guarded
    def action_redo(self) -> None:
        self._ask("redo")

    def _record_path(self) -> Path:
        """Where this viewer's record of the game goes: SAVES/GAME-WHO.txt."""
        seen = self.remote.seen_by()
        who = "spectator" if seen.seat is None else self.session.state.players[seen.seat].civ
        game = self.client.welcome.game if self.client.welcome else "network-game"
        return Path(self.app.saves_dir) / f"{game}-{who}.txt"

    @guarded
    def action_save_copy(self) -> None:
        """A copy of what this seat may see: the record of its view (the save, with every secret, is the server's)."""
        self.app.push_screen(
            AskDialog(
                "Save a record of the game as you saw it (a text record: hidden cards stay hidden; "
                "the save itself stays on the server). Write it to:",
                str(self._record_path()),
                title="Save a copy",
            ),
            callback=self._write_record,
        )

    @guarded
    def _write_record(self, answer: str | None) -> None:
        if not answer:
            return
        path = Path(answer).expanduser()
        if path.suffix == ".jsonl":
            self.notify("A network game's save stays on the server; this copy is a text record (.txt).", timeout=8)
            path = path.with_suffix(".txt")
        if write_beside_save(self, path, export_text(self.remote.replay())):
            self.notify(f"Wrote the record of your view to {path}", title="Saved", markup=False)

    @guarded
    def action_toggle_teaching(self) -> None:
        """Teaching mode off at once; on once every other person at the table agrees (they are asked)."""
        if self.remote.role != "seat":
            self.notify("Teaching mode is for the players to switch: a teacher or spectator only follows.")
        elif self.remote.teaching:
            self._ask("teaching", "off")
        else:
            question = (
                "Ask the others to switch on teaching mode? Any step may then be taken back, dice rolls and "
                "card draws included (each undo asked of the others); every hand stays its own player's. "
                "It is switched on once everyone agrees."
            )
            self.app.push_screen(
                ConfirmDialog(question, yes="Ask them", no="Keep it off", title="Teaching mode"),
                callback=lambda yes: self._ask("teaching", "on") if yes else None,
            )

    @guarded
    def action_replay(self) -> None:
        """The replay of this viewer's own line: every step it was sent, as it saw it."""
        self.app.push_screen(ReplayScreen(self.remote.replay(), live=True))

    def _show_end(self) -> None:
        if self._ended:
            return
        self._ended = True
        self.refresh_all()
        self.app.push_screen(EndScreen(self.session, self.remote.replay, self._record_path()))

    def on_unmount(self) -> None:
        super().on_unmount()
        self.client.on_change = None
