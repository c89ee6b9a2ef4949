"""The side panes of the game and replay screens: inspector, hand, players, quests, log.

Attributes down: the screen calls `show(...)` with the state to display; the panes only
render text (see `ui.pane_text` and `ui.wording`).
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.console import Group, RenderableType
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from monuments_tui.ui import pane_text
from monuments_tui.ui.render_key import render_key
from monuments_tui.ui.theme import TEXT_TONES, tone_classes, tones_of
from monuments_tui.ui.widgets.log_pane import LogPane as LogPane  # the log has a module of its own
from monuments_tui.ui.widgets.quiet_border import QuietBorder


class TextPane(QuietBorder, ScrollView, can_focus=True):
    """A titled, scrollable pane holding one block of text (any rich renderable).

    The text is rendered to lines when it changes, part by part: a `Group`'s parts are drawn
    on lines of their own, so each part is kept with its lines and drawn again only when it
    changed (`ui.render_key`); text equal to the last shown costs no drawing at all. The
    pane's size only changes when the number of lines does, so replacing the text rarely
    costs the screen a new layout. Its tones (`ui.theme`) take their styles from the stylesheet.
    """

    COMPONENT_CLASSES = tone_classes(TEXT_TONES)

    DEFAULT_CSS = """
    TextPane {
        border: round $panel-lighten-2; padding: 0 1; height: 1fr;
        scrollbar-size-vertical: 1; scrollbar-gutter: stable; overflow-x: hidden;
    }
    TextPane:focus { border: round $accent; }
    """

    def __init__(self, title: str, *, id: str | None = None):
        super().__init__(id=id)
        self.set_border(title)
        self._content: RenderableType | None = None
        self._strips: list[Strip] = []
        self._width = 0
        self._drawn: RenderableType | None = None
        """The content `_strips` show: a hidden pane (no width) keeps older strips until it is shown."""
        self._parts: dict[Hashable, list[Strip]] = {}
        """The lines of each part shown now, by its key, at `_width` in the theme now."""
        self._shown: list[Hashable | None] | None = None
        """The keys of the parts shown (None: not drawn yet, or to draw again whatever they are)."""

    def set_text(self, text: RenderableType | str, subtitle: str = "") -> None:
        self._content = Text(text) if isinstance(text, str) else text
        self.set_border(subtitle=subtitle)
        self._render_content()

    @property
    def plain(self) -> str:
        """The pane's text as shown (for tests and screen readers)."""
        return "\n".join(strip.text.rstrip() for strip in self._strips)

    def _split(self) -> list[RenderableType]:
        """The content's parts, each of which starts on a line of its own."""
        content = self._content
        if not isinstance(content, Group):
            return [content] if content is not None else []
        parts = list(content.renderables)
        ends_lines = all(p.end == "\n" for p in parts if isinstance(p, Text))  # else two would share a line
        return parts if ends_lines else [content]

    def _render_content(self) -> None:
        width = self.scrollable_content_region.width
        if width <= 0 or self._content is None:
            return
        if width != self._width:
            self._parts, self._shown = {}, None
        parts = self._split()
        keys = [_hashable(render_key(p)) for p in parts]
        if keys == self._shown and None not in keys:
            self._drawn = self._content
            return  # the same text as shown: nothing to draw
        console = self.app.console
        options = console.options.update(width=width, min_width=width, max_width=width, highlight=False)
        kept, strips = {}, []
        with console.use_theme(tones_of(self, TEXT_TONES)):
            for part, key in zip(parts, keys, strict=True):
                lines = self._parts.get(key) if key is not None else None
                if lines is None:
                    lines = [Strip(line, width) for line in console.render_lines(part, options, pad=True)]
                if key is not None:
                    kept[key] = lines
                strips += lines
        self._parts, self._shown, self._strips, self._width = kept, keys, strips, width
        self._drawn = self._content
        self.virtual_size = Size(width, len(self._strips))
        self.refresh()

    def _new_theme(self) -> None:
        self._parts, self._shown = {}, None  # the lines kept hold the old tones
        self._render_content()

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._new_theme())

    def on_resize(self) -> None:
        new_width = self.scrollable_content_region.width != self._width
        if new_width or self._drawn is not self._content:
            self._render_content()
        if new_width:
            self.scroll_home(animate=False)  # re-wrapped text: an old offset would land mid-card

    def render_line(self, y: int) -> Strip:
        index = y + round(self.scroll_offset.y)
        width = self.scrollable_content_region.width
        if 0 <= index < len(self._strips):
            return self._strips[index].apply_style(self.rich_style)
        return Strip.blank(width, self.rich_style)


def _hashable(key: Hashable | None) -> Hashable | None:
    """`key`, or None if something in it cannot be hashed after all (a style object of another kind)."""
    try:
        hash(key)
    except TypeError:
        return None
    return key


class InspectorPane(TextPane):
    def __init__(self, *, id: str | None = "inspector"):
        super().__init__("Hex", id=id)

    def show(self, state, hex_id: str | None) -> None:
        self.set_border(f"Hex {hex_id}" if hex_id else "Hex")
        self.set_text(pane_text.inspector_text(state, hex_id))


class HandPane(TextPane):
    def __init__(self, *, id: str | None = "hand"):
        super().__init__("Hand", id=id)
        self.wide = True

    def action_offer(self, command: str) -> None:
        """A click on a card in hand: its command in the line, ready for Enter (where there is one)."""
        line = getattr(self.screen, "command_line", None)
        if line is not None and hasattr(line, "offer"):
            line.offer(command)

    def show(self, state, seat: int | None) -> None:
        if state is None or seat is None:
            self.set_border("Hand")
            self.set_text(Text("nobody's turn", style=pane_text.DIM))
            return
        if state.config.ai_seat == seat:
            self.set_border(f"AI · {pane_text.civ_name(state, seat)}")
            self.set_text(pane_text.hand_text(state, seat, wide=self.wide))
            return
        self.set_border(f"Hand · {pane_text.civ_name(state, seat)}")
        self.set_text(pane_text.hand_text(state, seat, wide=self.wide), "G green · R red")


class PlayersPane(TextPane):
    def __init__(self, *, id: str | None = "players"):
        super().__init__("Players", id=id)

    def show(self, state, viewer: int | None, controllers: tuple[str, ...]) -> None:
        self.set_text(pane_text.players_text(state, viewer, controllers))


class QuestsPane(TextPane):
    def __init__(self, *, id: str | None = "quests"):
        super().__init__("Quests", id=id)

    def show(self, state, viewer: int | None, *, show_all: bool) -> None:
        if show_all:
            self.set_border("Quests · all players")
            self.set_text(pane_text.quests_text(state, None, show_all=True), "* can be turned in")
        elif viewer is None:
            self.set_border("Quests")
            self.set_text(Text("hidden until a player takes the seat", style=pane_text.DIM))
        else:
            self.set_border(f"Quests · {pane_text.civ_name(state, viewer)} (private)")
            self.set_text(pane_text.quests_text(state, viewer), "* can be turned in")
