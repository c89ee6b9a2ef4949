"""The key bar at the bottom of every screen."""

from __future__ import annotations

from textual import events
from textual.widgets import Footer

COMPACT_BELOW = 130
"""Under this many columns the keys are packed closer so that they still fit."""


class KeysFooter(Footer):
    """Textual's footer, compact in narrow terminals."""

    def on_resize(self, event: events.Resize) -> None:
        self.compact = event.size.width < COMPACT_BELOW
