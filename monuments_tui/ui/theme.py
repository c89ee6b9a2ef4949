"""The app's colours, as theme variables, and the named styles ("tones") of rich text built in Python.

Every colour is a theme variable: `COLOURS` gives the defaults, and a Textual `Theme` may
override any of them in its `variables` (a colour-blind palette is such a theme, without
code). The stylesheet (`monuments.tcss`) says which tone gets which colour and weight.

Pure code (the map, the side panes, the score table) styles its rich text with tone names
such as "tone.civ-greece"; the widget that shows it resolves each name through its
component class `tone--civ-greece`, styled in the stylesheet. Rich text that reaches a
console without the tones is drawn unstyled (the letters and words still say everything).
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.console import Console, ConsoleOptions, RenderableType
from rich.measure import Measurement
from rich.theme import Theme

from monuments_tui.rules.content import CIVS

COLOURS = {
    "civ-greece": "#4da6ff",
    "civ-egypt": "#ffa726",
    "civ-maya": "#e066ff",
    "civ-inca": "#ff5252",
    "tone-muted": "#8a8a8a",
    "tone-good": "#5fd75f",
    "tone-bad": "#ff5f5f",
    "logo": "#ffd75f",
    "map-land": "#2a3323",
    "map-land-id": "#e8e8e8",
    "map-water-id": "#5a7a9a",
    "map-lake": "#5fa8d3",
    "map-light-blue": "#6f9fc0",
    "map-out": "#5e5e5e",
    "map-coast": "#b08d57",
    "map-resource": "#d8d8d8",
    "map-river": "#3fa9f5",
    "map-bridge": "#e0c080",
    "map-ferry": "#f0f0f0",
    "map-wood": "#7fb24a",
    "map-food": "#d9c56b",
    "map-metal": "#a8a8b8",
    "map-sheep": "#c6e6a8",
}
"""Theme variables (used as `$civ-greece` in the stylesheet) and their values in every built-in theme."""

MAP_ROLES = (
    "label",
    "land",
    "land-id",
    "water-id",
    "lake",
    "light-blue",
    "out",
    "coast",
    "cargo",
    "river",
    "bridge",
    "ferry",
    "resource",
    "wood",
    "food",
    "metal",
    "sheep",
)

TEXT_TONES = ("muted", "good", "bad") + tuple(f"civ-{civ}" for civ in CIVS)
"""The tones of the side panes, the log and the score table."""

MAP_TONES = (
    tuple(f"map-{role}" for role in MAP_ROLES)
    + tuple(f"map-civ-{civ}" for civ in CIVS)
    + tuple(f"map-civ-{civ}-land" for civ in CIVS)
)
"""The tones of the map (the pieces of a civilisation on land also take the land's background)."""


def tone(name: str) -> str:
    """The rich style name of a tone ("muted" -> "tone.muted"); its component class is "tone--muted"."""
    return f"tone.{name}"


def tone_classes(names: tuple[str, ...]) -> set[str]:
    """The component classes a widget declares to show text in these tones."""
    return {f"tone--{name}" for name in names}


def tones_of(widget, names: tuple[str, ...]) -> Theme:
    """The tones `names` as `widget`'s stylesheet styles them (the widget declares their classes)."""
    return Theme({tone(name): widget.get_component_rich_style(f"tone--{name}", partial=True) for name in names})


class Toned:
    """A rich renderable drawn with its tone names resolved by `widget`'s stylesheet (a Table in a Static)."""

    def __init__(self, renderable: RenderableType, widget, names: tuple[str, ...] = TEXT_TONES):
        self.renderable = renderable
        self.widget = widget
        self.names = names

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator:
        with console.use_theme(tones_of(self.widget, self.names)):
            yield from console.render(self.renderable, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)
