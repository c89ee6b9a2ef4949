"""Border titles set only when they change: Textual redraws a widget on every assignment of
its `border_title` or `border_subtitle`, even of the same text, and the panes set theirs after
every step of the game."""

from __future__ import annotations


class QuietBorder:
    """A mixin for widgets: `set_border` assigns the titles that differ from the ones shown."""

    def set_border(self, title: str | None = None, subtitle: str | None = None) -> None:
        """Show `title` and `subtitle` (None: leave it as it is)."""
        shown = self.__dict__.setdefault("_border_shown", {})
        for name, value in (("border_title", title), ("border_subtitle", subtitle)):
            if value is not None and shown.get(name) != value:
                setattr(self, name, value)
                shown[name] = value
