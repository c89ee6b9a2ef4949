"""The side panes of the game and replay screens: inspector, hand, players, quests, log.

Attributes down: the screen calls `show(...)` with the state to display; the panes only
render text (see `ui.pane_text` and `ui.wording`).
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from monuments_tui.ui import log_annotations, pane_text, wording
from monuments_tui.ui.theme import TEXT_TONES, tone_classes, tones_of


class TextPane(ScrollView, can_focus=True):
    """A titled, scrollable pane holding one block of text (any rich renderable).

    The text is rendered to lines once per change; the pane's size only changes when the
    number of lines does, so replacing the text rarely costs the screen a new layout.
    Its tones (`ui.theme`) take their styles from the stylesheet.
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
        self.border_title = title
        self._content: RenderableType | None = None
        self._strips: list[Strip] = []
        self._width = 0
        self._drawn: RenderableType | None = None
        """The content `_strips` show: a hidden pane (no width) keeps older strips until it is shown."""

    def set_text(self, text: RenderableType | str, subtitle: str = "") -> None:
        self._content = Text(text) if isinstance(text, str) else text
        self.border_subtitle = subtitle
        self._render_content()

    @property
    def plain(self) -> str:
        """The pane's text as shown (for tests and screen readers)."""
        return "\n".join(strip.text.rstrip() for strip in self._strips)

    def _render_content(self) -> None:
        width = self.scrollable_content_region.width
        if width <= 0 or self._content is None:
            return
        console = self.app.console
        options = console.options.update(width=width, min_width=width, max_width=width, highlight=False)
        with console.use_theme(tones_of(self, TEXT_TONES)):
            lines = console.render_lines(self._content, options, pad=True)
        self._strips = [Strip(line, width) for line in lines]
        self._width = width
        self._drawn = self._content
        self.virtual_size = Size(width, len(self._strips))
        self.refresh()

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._render_content())

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width or self._drawn is not self._content:
            self._render_content()

    def render_line(self, y: int) -> Strip:
        index = y + round(self.scroll_offset.y)
        width = self.scrollable_content_region.width
        if 0 <= index < len(self._strips):
            return self._strips[index].apply_style(self.rich_style)
        return Strip.blank(width, self.rich_style)


class InspectorPane(TextPane):
    def __init__(self, *, id: str | None = "inspector"):
        super().__init__("Hex", id=id)

    def show(self, state, hex_id: str | None) -> None:
        self.border_title = f"Hex {hex_id}" if hex_id else "Hex"
        self.set_text(pane_text.inspector_text(state, hex_id))


class HandPane(TextPane):
    def __init__(self, *, id: str | None = "hand"):
        super().__init__("Hand", id=id)
        self.wide = True

    def show(self, state, seat: int | None) -> None:
        if state is None or seat is None:
            self.border_title = "Hand"
            self.set_text(Text("nobody's turn", style=pane_text.DIM))
            return
        if state.config.ai_seat == seat:
            self.border_title = f"AI · {pane_text.civ_name(state, seat)}"
            self.set_text(pane_text.hand_text(state, seat, wide=self.wide))
            return
        self.border_title = f"Hand · {pane_text.civ_name(state, seat)}"
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
            self.border_title = "Quests · all players"
            self.set_text(pane_text.quests_text(state, None, show_all=True), "* can be turned in")
        elif viewer is None:
            self.border_title = "Quests"
            self.set_text(Text("hidden until a player takes the seat", style=pane_text.DIM))
        else:
            self.border_title = f"Quests · {pane_text.civ_name(state, viewer)} (private)"
            self.set_text(pane_text.quests_text(state, viewer), "* can be turned in")


class LogPane(ScrollView, can_focus=True):
    """The game log, grouped by round and turn, in words with the notation beside.

    Each step is rendered to lines once and cached (per viewer, filter and width), so
    stepping back and forth through a long replay only re-assembles cached lines.
    """

    DEFAULT_CSS = """
    LogPane {
        border: round $panel-lighten-2; height: 1fr; padding: 0 1;
        scrollbar-size-vertical: 1; scrollbar-gutter: stable; overflow-x: hidden;
    }
    LogPane:focus { border: round $accent; }
    """

    COMPONENT_CLASSES = tone_classes(TEXT_TONES)

    BINDINGS = [
        ("home", "scroll_home", "Top"),
        ("end", "scroll_end", "Bottom"),
    ]

    def __init__(self, *, id: str | None = "log"):
        super().__init__(id=id)
        self.border_title = "Log"
        self.filter_seat: int | None = None
        self.lines: list[Strip] = []
        self._cache: dict[tuple, list[Strip]] = {}
        self._last_args: tuple | None = None
        self._width = 0

    def show(
        self, steps, names: list[str], viewer_of, controllers: tuple[str, ...] = (), tree=None, marks=(), hints=()
    ) -> None:
        """Show `steps` (oldest first). `viewer_of(step)` gives the seat whose view applies (None: all).
        With the game's `tree`, notes and folded side lines come under their steps (`log_annotations`);
        each of `marks` (`LogMark`) is a line for everyone before the first step recorded after it;
        the coach's `hints` follow the step they were given after."""
        self._last_args = (steps, names, viewer_of, controllers, tree, marks, hints)
        waiting = sorted(marks)
        hints_after: dict[int, list] = {}
        for h in hints:
            hints_after.setdefault(h.after, []).append(h)
        width = self.scrollable_content_region.width
        if width <= 0:
            return
        if width != self._width or len(self._cache) > 20000:
            self._cache.clear()
            self._width = width
        at_end = self.scroll_offset.y >= self.max_scroll_y - 1
        view_key = (getattr(viewer_of, "key", None), tuple(names), self.filter_seat)
        lines: list[Strip] = []
        last_group: tuple[int, int] | None = None
        pad = max((len(n) for n in names), default=7)
        lines += self._annotations(tree, None, 0, not steps, names, viewer_of, view_key)
        lines += self._hint_strips(hints_after.get(0, ()), names, viewer_of)
        for index, step in enumerate(steps):
            group = (step.round, step.turn)
            if group != last_group:
                if last_group is None or step.round != last_group[0]:
                    title = "Set-up" if step.round == 0 else f"Round {step.round}"
                    lines += self._strips(("h", title), Text(title, style="bold underline"))
                if step.round > 0:
                    who = names[step.seat] if 0 <= step.seat < len(names) else "?"
                    lines += self._strips(("t", who), Text(f" {who}'s turn", style="bold"))
                last_group = group
            while waiting and waiting[0].seq < step.seq:
                lines += self._mark(waiting.pop(0))
            if self.filter_seat is None or step.seat == self.filter_seat:
                key = ("s", step.seq, step.text, view_key)
                cached = self._cache.get(key)
                if cached is None:
                    cached = self._render_step(step, names, viewer_of(step), pad, width)
                    self._cache[key] = cached
                lines += cached
            lines += self._hint_strips(hints_after.get(step.seq, ()), names, viewer_of)
            lines += self._annotations(tree, step, index + 1, index + 1 == len(steps), names, viewer_of, view_key)
        for mark in waiting:
            lines += self._mark(mark)
        self.lines = lines
        self.virtual_size = Size(width, len(lines))
        self.refresh()
        if at_end:
            self.call_after_refresh(self.scroll_end, animate=False)
        who = "all players" if self.filter_seat is None else names[self.filter_seat]
        self.border_subtitle = f"showing {who} · ctrl+f filter"

    def _annotations(self, tree, step, position: int, last: bool, names, viewer_of, view_key) -> list[Strip]:
        notes, folded = log_annotations.after_step(tree, step, position, last)
        out: list[Strip] = []
        for text in notes:
            out += self._strips(("n", text), log_annotations.note_line(text))
        for v in folded:
            key = ("v", v.number, v.start, tuple(s.seq for s in v.steps), len(tree.variations), view_key)
            out += self._strips(key, log_annotations.side_line(tree, v, names, viewer_of))
        return out

    def _hint_strips(self, hints, names: list[str], viewer_of) -> list[Strip]:
        """The coach's hints, in full to their own seat (or with every hand open), else only that one was asked."""
        out: list[Strip] = []
        for h in hints:
            if self.filter_seat is not None and h.seat != self.filter_seat:
                continue
            private = not getattr(viewer_of, "show_all", True) and getattr(viewer_of, "viewer", None) != h.seat
            out += self._strips(("hint", h.seq, private), log_annotations.hint_line(h, names, private))
        return out

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._new_theme)

    def _new_theme(self, _theme) -> None:
        self._cache.clear()  # the cached lines hold the old tones
        self.refilter()

    def refilter(self) -> None:
        if self._last_args:
            self.show(*self._last_args)

    def on_resize(self) -> None:
        if self._last_args and self.scrollable_content_region.width != self._width:
            self.show(*self._last_args)

    def _strips(self, key: tuple, text: Text) -> list[Strip]:
        cached = self._cache.get(key)
        if cached is None:
            cached = self._render_text(text, self._width)
            self._cache[key] = cached
        return cached

    def _mark(self, mark) -> list[Strip]:
        return self._strips(("m", mark.seq, mark.text), Text(f"  {mark.text}", style="bold italic"))

    def _render_text(self, text: Text, width: int) -> list[Strip]:
        console = self.app.console
        options = console.options.update(width=width, min_width=width, max_width=width, highlight=False)
        with console.use_theme(tones_of(self, TEXT_TONES)):
            return [Strip(line, width) for line in console.render_lines(text, options, pad=True)]

    def _render_step(self, step, names, viewer, pad: int, width: int) -> list[Strip]:
        words, extra = wording.step_lines(step, viewer, names)
        who = names[step.seat] if 0 <= step.seat < len(names) else "?"
        nota = wording.notation(step, viewer)
        line = Text()
        line.append(f"  {who:<{pad}} ", style="bold")
        line.append(words)
        out: list[Strip] = []
        room = width - line.cell_len - len(nota) - 2
        if room >= 1:
            line.append(" " * room)
            line.append(nota, style=pane_text.DIM)
            out += self._render_text(line, width)
        else:
            out += self._render_text(line, width)
            out += self._render_text(Text(f"{'':{pad + 3}}{nota}", style=pane_text.DIM), width)
        for x in extra:
            out += self._render_text(Text(f"{'':{pad + 3}}{x}", style="italic"), width)
        return out

    def render_line(self, y: int) -> Strip:
        index = y + round(self.scroll_offset.y)
        if 0 <= index < len(self.lines):
            return self.lines[index].apply_style(self.rich_style)
        return Strip.blank(self.scrollable_content_region.width, self.rich_style)
