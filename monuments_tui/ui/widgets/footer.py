"""The key bar at the bottom of every screen: the keys that fit, never a clipped one.

The focused widget's keys come first (the map's, once it has the focus), then the screen's
in the order it binds them;
those that do not fit in the width are left out whole (the palette's key stays at the
right). Every key is still in the
help (F1) and in the palette's "Keys" list (ctrl+p).
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

COMPACT_BELOW = 130
"""Under this many columns the keys are packed closer so that they still fit."""


def key_width(key: FooterKey, compact: bool) -> int:
    """Cells a key takes in the bar: its key and description with their padding and margin."""
    text = cell_len(key.key_display) + cell_len(key.description)
    if key.has_class("-command-palette"):
        return text + (3 if compact else 5)  # its left border and right padding
    if not key.description:
        return text + (1 if compact else 2)
    return text + (2 if compact else 3)


def fitting(keys: list[FooterKey], width: int, compact: bool) -> list[FooterKey]:
    """The keys to show in `width` cells: the palette's key, then the others in order while they fit."""
    palette = [k for k in keys if k.has_class("-command-palette")]
    room = width - sum(key_width(k, compact) for k in palette)
    shown = []
    for key in keys:
        if key in palette:
            continue
        need = key_width(key, compact)
        if need > room:
            break  # the rest wait for a wider terminal: the order of the keys is kept
        shown.append(key)
        room -= need
    return shown + palette


class KeysFooter(Footer):
    """Textual's footer, compact in narrow terminals, showing only the keys that fit.

    It composes its keys again only when what it would show changes (the width, the
    compactness, or a key bound, enabled or described anew): Textual asks it to at every
    change of focus, and each new key is a widget to mount and style. Each key is made in
    the bar's compactness, so none is styled twice.
    """

    _composed_for: tuple | None = None
    """What the keys shown were chosen from (`_wanted`); None before the first keys."""

    def _wanted(self) -> tuple:
        """What decides the keys shown: the width, the compactness and every key the bar may show."""
        palette = self.app.COMMAND_PALETTE_BINDING
        keys = tuple(
            (key, binding, enabled, tooltip, node in (self.screen, self.app))
            for key, (node, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == palette
        )
        return self.app.size.width, self.compact, self.show_command_palette, keys

    def compose(self):
        keys = list(super().compose())
        plain = [k for k in keys if isinstance(k, FooterKey)]
        if len(plain) < len(keys):  # grouped keys (none of ours): leave them to Textual
            yield from keys
            return
        if self._bindings_ready:
            self._composed_for = self._wanted()
        active = self.screen.active_bindings
        owners = {key: active[key.key][0] if key.key in active else None for key in plain}
        # The focused widget's keys first (the map's: what works there), then the screen's own.
        ranked = sorted(plain, key=lambda k: 1 if owners[k] in (self.screen, self.app) else 0)
        for key in ranked:  # styled once, as it will be: its binding to the bar then changes nothing
            # (the palette's key is not bound to the bar: Textual leaves it compact)
            compact = self.compact or key.has_class("-command-palette")
            key.set_reactive(FooterKey.compact, compact)
            key.set_class(compact, "-compact", update=False)
        yield from fitting(ranked, self.app.size.width, self.compact)

    async def recompose(self) -> None:
        if not self.is_attached or self._pruning:
            return  # asked for after a refresh, by which time the screen was closed
        if self._composed_for is None or self._composed_for != self._wanted():
            await super().recompose()

    def on_resize(self, event: events.Resize) -> None:
        compact = event.size.width < COMPACT_BELOW
        if compact != self.compact:
            # the bar's class alone: its keys are made anew in the new compactness just below
            self.set_reactive(Footer.compact, compact)
            self.set_class(compact, "-compact")
        if self._bindings_ready:
            self.call_after_refresh(self.recompose)
