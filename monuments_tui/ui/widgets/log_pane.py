"""The log pane: the game's steps grouped by round and turn, in words with the notation beside.

The log grows by appending: when the steps shown continue the ones shown last (the last of
those is still at its place) and nothing else it shows changed, only the new steps are
rendered and added, so a step costs the same at the start and at the end of a long game.
Anything else (a viewer, filter, width or theme change, an undo, a note, a side line, a hint,
a review, a teaching switch) builds the log again from cached lines: each step is rendered to lines
once per viewer, filter and width, so stepping back and forth only re-assembles them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from monuments_tui.game.tree import MAIN
from monuments_tui.ui import log_annotations, pane_text, wording
from monuments_tui.ui.theme import TEXT_TONES, tone_classes, tones_of
from monuments_tui.ui.widgets.quiet_border import QuietBorder


@dataclass
class _Built:
    """How far the log's lines were built, and what they were built for."""

    key: tuple
    """Everything the lines depend on besides the steps (see `LogPane._key`)."""
    waiting: list = field(default_factory=list)
    """The marks not yet placed, in order."""
    hints_after: dict[int, list] = field(default_factory=dict)
    count: int = 0
    """Steps whose lines are in the body."""
    last_step: object = None
    last_group: tuple[int, int] | None = None

    def continues(self, steps) -> bool:
        """`steps` are the ones built, and maybe more (a line of play: the same last step means the same before)."""
        return len(steps) >= self.count and (self.count == 0 or steps[self.count - 1] is self.last_step)


def _tree_key(tree) -> tuple:
    """What of the game tree the log shows: its side lines, notes and review marks (not the main line: the steps are)."""
    if tree is None:
        return ()
    lines = tuple(
        (v.number, v.parent, v.start, len(v.steps), v.steps[-1].seq if v.steps else 0) for v in tree.variations
    )
    return lines, tuple((seq, len(notes)) for seq, notes in tree.notes.items()), tuple(tree.annotations.items())


class LogPane(QuietBorder, ScrollView, can_focus=True):
    """The game log (see the module docstring)."""

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
        self.set_border("Log")
        self.filter_seat: int | None = None
        self._body: list[Strip] = []
        """The lines before the start and of every step built, each with what follows it."""
        self._tail: list[Strip] = []
        """The lines only the end has: side lines leaving the last position, marks after the last step."""
        self._built: _Built | None = None
        self._cache: dict[tuple, list[Strip]] = {}
        self._last_args: tuple | None = None
        self._drawn_args: tuple | None = None
        """The arguments the lines were last built from (a hidden log keeps older ones until shown)."""
        self._width = 0
        self._following = False
        """A scroll to the end is owed (after the next refresh): the log is at its end meanwhile."""

    @property
    def lines(self) -> list[Strip]:
        """Every line of the log, in order."""
        return self._body + self._tail

    def show(
        self, steps, names: list[str], viewer_of, controllers: tuple[str, ...] = (), tree=None, marks=(), hints=()
    ) -> None:
        """Show `steps` (oldest first). `viewer_of(step)` gives the seat whose view applies (None: all).
        With the game's `tree`, notes and folded side lines come under their steps (`log_annotations`);
        each of `marks` (`LogMark`) is a line for everyone before the first step recorded after it;
        the coach's `hints` follow the step they were given after."""
        self._last_args = (steps, names, viewer_of, controllers, tree, marks, hints)
        width = self.scrollable_content_region.width
        if width <= 0:
            return
        if width != self._width or len(self._cache) > 20000:
            self._cache.clear()
            self._built = None
            self._width = width
        self._drawn_args = self._last_args
        built_before = self._built.count if self._built is not None else 0
        at_end = self._following or self.scroll_offset.y >= self.max_scroll_y - 1
        view_key = (getattr(viewer_of, "key", None), tuple(names), self.filter_seat)
        key = (view_key, _tree_key(tree), tuple(marks), tuple(h.seq for h in hints))
        built = self._built
        if built is None or built.key != key or not built.continues(steps):
            built = self._start(key, names, viewer_of, tree, marks, hints, not steps)
        pad = max((len(n) for n in names), default=7)
        for index in range(built.count, len(steps)):
            self._body += self._step_lines(built, steps[index], index + 1, names, viewer_of, tree, pad)
        built.count = len(steps)
        built.last_step = steps[-1] if steps else None
        ending = tree.variations_from(MAIN, len(steps)) if tree is not None else []
        self._tail = [s for v in ending for s in self._side_line(tree, v, names, viewer_of)]
        for mark in built.waiting:
            self._tail += self._mark(mark)
        self.virtual_size = Size(width, len(self._body) + len(self._tail))
        self.refresh()
        # the newest step stays in sight, unless the reader has the log in hand (focused, scrolled back)
        if (at_end or (len(steps) > built_before and not self.has_focus)) and not self._following:
            self._following = True
            self.call_after_refresh(self._follow_end)
        who = "all players" if self.filter_seat is None else names[self.filter_seat]
        self.set_border(subtitle=f"showing {who} · ctrl+f filter")

    def _follow_end(self) -> None:
        """Scroll to the end, the last lines shown being those of the latest show: a show
        before this runs still finds the log at its end, however slowly the screen refreshes."""
        self._following = False
        self.scroll_end(animate=False, immediate=True)

    def _start(self, key: tuple, names, viewer_of, tree, marks, hints, empty: bool) -> _Built:
        """Begin the log again: the notes on the start and the hints given before the first step."""
        hints_after: dict[int, list] = {}
        for h in hints:
            hints_after.setdefault(h.after, []).append(h)
        self._built = built = _Built(key, sorted(marks), hints_after)
        self._body = self._annotations(tree, None, 0, names, viewer_of)
        self._body += self._hint_strips(hints_after.get(0, ()), names, viewer_of)
        return built

    def _step_lines(self, built: _Built, step, position: int, names, viewer_of, tree, pad: int) -> list[Strip]:
        """A step's lines: a heading when a round or turn begins, the marks before it, the step (unless
        filtered out), then the coach's hints after it, its notes and the side lines that are its alternatives."""
        out: list[Strip] = []
        group = (step.round, step.turn)
        last_group = built.last_group
        if group != last_group:
            if last_group is None or step.round != last_group[0]:
                title = "Set-up" if step.round == 0 else f"Round {step.round}"
                out += self._strips(("h", title), Text(title, style="bold underline"))
            if step.round > 0:
                who = names[step.seat] if 0 <= step.seat < len(names) else "?"
                out += self._strips(("t", who), Text(f" {who}'s turn", style="bold"))
            built.last_group = group
        waiting = built.waiting
        while waiting and waiting[0].seq < step.seq:
            out += self._mark(waiting.pop(0))
        if self.filter_seat is None or step.seat == self.filter_seat:
            key = ("s", step.seq, step.text, built.key[0])
            cached = self._cache.get(key)
            if cached is None:
                cached = self._cache[key] = self._render_step(step, names, viewer_of(step), pad, self._width)
            out += cached
        out += self._hint_strips(built.hints_after.get(step.seq, ()), names, viewer_of)
        out += self._annotations(tree, step, position, names, viewer_of)
        return out

    def _annotations(self, tree, step, position: int, names, viewer_of) -> list[Strip]:
        """The review's mark on its step, the notes on `position` and the side lines that are
        alternatives to its step (the ones leaving after it are the tail's while it is the last)."""
        notes, folded = log_annotations.after_step(tree, step, position, False)
        out: list[Strip] = []
        for a in log_annotations.marks_after(tree, step):
            private = not getattr(viewer_of, "show_all", True) and getattr(viewer_of, "viewer", None) != a.seat
            out += self._strips(("review", a, private), log_annotations.review_line(a, names, private))
        for text in notes:
            out += self._strips(("n", text), log_annotations.note_line(text))
        for v in folded:
            out += self._side_line(tree, v, names, viewer_of)
        return out

    def _side_line(self, tree, v, names, viewer_of) -> list[Strip]:
        view_key = (getattr(viewer_of, "key", None), tuple(names), self.filter_seat)
        key = ("v", v.number, v.start, tuple(s.seq for s in v.steps), len(tree.variations), view_key)
        return self._strips(key, log_annotations.side_line(tree, v, names, viewer_of))

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
        self._built = None
        self.refilter()

    def refilter(self) -> None:
        if self._last_args:
            self.show(*self._last_args)

    def on_resize(self) -> None:
        """A new width, or shown again after steps were played while it was hidden: build what is missing."""
        width = self.scrollable_content_region.width
        if self._last_args and (width != self._width or self._drawn_args is not self._last_args):
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
        body = self._body
        line = body[index] if 0 <= index < len(body) else None
        if line is None and 0 <= index - len(body) < len(self._tail):
            line = self._tail[index - len(body)]
        if line is not None:
            return line.apply_style(self.rich_style)
        return Strip.blank(self.scrollable_content_region.width, self.rich_style)
