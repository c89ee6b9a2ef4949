"""The map's symbols and tones: the letters that mark civilisations, production,
buildings and directions, and the two palettes (tones, or no style at all).

Nothing is told by colour alone: every symbol is a character, and colour only adds tints.
The colours themselves are theme variables styled in the stylesheet (see `ui.theme`).
"""

from __future__ import annotations

from dataclasses import dataclass

from monuments_tui.rules.content import CIVS, RESOURCES
from monuments_tui.ui.theme import tone

__all__ = [
    "BUILDING_LETTER",
    "CIV_LETTERS",
    "CURSOR_CLOSE",
    "CURSOR_OPEN",
    "MINI_CROWD",
    "MINI_FERRY",
    "MIDDLE_CROWD",
    "DIRECTION_ARROW",
    "PALETTES",
    "PRODUCTION_LETTER",
    "RESOURCE_ORDER",
    "REVERSE",
    "Palette",
]

CIV_LETTERS = {"greece": "G", "egypt": "E", "maya": "M", "inca": "I"}
"""The letter that marks each civilisation's pieces on the map."""

PRODUCTION_LETTER = {"wood": "W", "food": "F", "metal": "M", "sheep": "S"}
RESOURCE_ORDER = RESOURCES
BUILDING_LETTER = {"town": "T", "fort": "F", "factory": "X", "workshop": "K", "farm": "R"}
MINI_CROWD = "*"
"""Mini map: pieces of several civilisations on one hex."""
MINI_FERRY = "o"
"""Mini map: a ferry (on water, where no land letter is drawn)."""
MIDDLE_CROWD = "*"
"""Middle zoom: pieces of three or four civilisations on one hex (followed by how many)."""
CURSOR_OPEN, CURSOR_CLOSE = "[", "]"
"""Mini map: the cursor's brackets, drawn in the gap columns either side of its hex."""
DIRECTION_ARROW = {"W": "←", "E": "→", "NW": "↖", "NE": "↗", "SW": "↙", "SE": "↘"}


@dataclass(frozen=True)
class Palette:
    """The tones the map is drawn with (rich style names, see `ui.theme`); in the plain palette every one is None."""

    production: dict[str, str | None]
    civ: dict[str, str | None]
    civ_on_land: dict[str, str | None]
    label: str | None = None
    land_bg: str | None = None
    land_id: str | None = None
    water_id: str | None = None
    lake: str | None = None
    light_blue: str | None = None
    out: str | None = None
    coast: str | None = None
    cargo: str | None = None
    river: str | None = None
    bridge: str | None = None
    ferry: str | None = None
    resource: str | None = None


def _palette(color: bool) -> Palette:
    if not color:
        return Palette(  # no tone at all: every single tone keeps its default None
            production=dict.fromkeys(PRODUCTION_LETTER),
            civ=dict.fromkeys(CIVS),
            civ_on_land=dict.fromkeys(CIVS),
        )
    return Palette(
        label=tone("map-label"),
        land_bg=tone("map-land"),
        land_id=tone("map-land-id"),
        water_id=tone("map-water-id"),
        lake=tone("map-lake"),
        light_blue=tone("map-light-blue"),
        out=tone("map-out"),
        coast=tone("map-coast"),
        cargo=tone("map-cargo"),
        river=tone("map-river"),
        bridge=tone("map-bridge"),
        ferry=tone("map-ferry"),
        resource=tone("map-resource"),
        production={resource: tone(f"map-{resource}") for resource in PRODUCTION_LETTER},
        civ={civ: tone(f"map-civ-{civ}") for civ in CIVS},
        civ_on_land={civ: tone(f"map-civ-{civ}-land") for civ in CIVS},
    )


PALETTES = {True: _palette(True), False: _palette(False)}
"""The palette for colour (True) and for plain text (False)."""

REVERSE = "reverse"
"""The cursor's reverse video, laid over whatever tone a cell has (not a colour)."""
