"""The map's symbols and colours: the letters that mark civilisations, production,
buildings and directions, and the two palettes (colour, or no style at all).

Nothing is told by colour alone: every symbol is a character, and colour only adds tints.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style

from monuments_tui.rules.board import CIVS

__all__ = [
    "BUILDING_LETTER",
    "CIV_COLOURS",
    "CIV_LETTERS",
    "DIRECTION_ARROW",
    "PALETTES",
    "PRODUCTION_LETTER",
    "RESOURCE_ORDER",
    "REVERSE",
    "Palette",
]

CIV_LETTERS = {"greece": "G", "egypt": "E", "maya": "M", "inca": "I"}
"""The letter that marks each civilisation's pieces on the map."""

CIV_COLOURS = {"greece": "#4da6ff", "egypt": "#ffa726", "maya": "#e066ff", "inca": "#ff5252"}
"""Each civilisation's colour (an extra: the letter always says whose piece it is)."""

PRODUCTION_LETTER = {"wood": "W", "food": "F", "metal": "M", "sheep": "S"}
RESOURCE_ORDER = ("wood", "food", "metal", "sheep")
BUILDING_LETTER = {"town": "T", "fort": "F", "factory": "X", "workshop": "K", "farm": "R"}
DIRECTION_ARROW = {"W": "←", "E": "→", "NW": "↖", "NE": "↗", "SW": "↙", "SE": "↘"}


@dataclass(frozen=True)
class Palette:
    """The styles the map is drawn with; in the plain palette every one is None."""

    label: Style | None
    land_bg: Style | None
    land_id: Style | None
    water_id: Style | None
    lake: Style | None
    light_blue: Style | None
    out: Style | None
    coast: Style | None
    cargo: Style | None
    river: Style | None
    bridge: Style | None
    ferry: Style | None
    resource: Style | None
    production: dict[str, Style | None]
    civ: dict[str, Style | None]


def _palette(color: bool) -> Palette:
    if not color:
        return Palette(
            *([None] * 13),
            production=dict.fromkeys(PRODUCTION_LETTER),
            civ=dict.fromkeys(CIVS),
        )
    land = Style(bgcolor="#2a3323")
    return Palette(
        label=Style(color="#8a8a8a"),
        land_bg=land,
        land_id=land + Style(color="#e8e8e8"),
        water_id=Style(color="#5a7a9a"),
        lake=Style(color="#5fa8d3"),
        light_blue=Style(color="#6f9fc0", dim=True),
        out=Style(color="#5e5e5e"),
        coast=Style(color="#b08d57"),
        cargo=Style(color="#d8d8d8"),
        river=land + Style(color="#3fa9f5", bold=True),
        bridge=land + Style(color="#e0c080", bold=True),
        ferry=Style(color="#f0f0f0", bold=True),
        resource=land + Style(color="#d8d8d8"),
        production={
            "wood": land + Style(color="#7fb24a"),
            "food": land + Style(color="#d9c56b"),
            "metal": land + Style(color="#a8a8b8"),
            "sheep": land + Style(color="#c6e6a8"),
        },
        civ={civ: Style(color=colour, bold=True) for civ, colour in CIV_COLOURS.items()},
    )


PALETTES = {True: _palette(True), False: _palette(False)}
"""The palette for colour (True) and for plain text (False)."""

REVERSE = Style(reverse=True)
"""The cursor's reverse video, added to whatever style a cell has (not a colour)."""
