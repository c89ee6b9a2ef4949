"""What of the world map is in play for a game configuration: `layout_for`, `setup_key`.

Continents in play are the civilisations' home continents; islands in play come from the
set-up table the map holds (Set-up, l.120-144). A hex's land, water or out-of-play status
depends on the configuration, so ask the :class:`Layout`, not the ``Hex``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import msgspec

from monuments_tui.rules.board import HOME_REGION, ISLAND_REGIONS, MODES, check_civ, load_board
from monuments_tui.rules.content import CIVS

__all__ = ["Layout", "layout_for", "setup_key"]


class Layout(msgspec.Struct, frozen=True):
    """What is in play for one game configuration (Set-up, l.120-144).

    Hexes in none of these sets are out of play: no piece may enter, pass, be placed
    on or build against them (rules review B8, B9).
    """

    in_play: frozenset[str]
    """Every hex in play: ``land | water | monuments``."""
    land: frozenset[str]
    """Producing land hexes in play: home continents and islands in play (not monuments)."""
    water: frozenset[str]
    """Water hexes in play: sea (not light-blue), lakes of continents in play, and the
    overlay hex when island 7 is not in play."""
    monuments: frozenset[str]
    """Monument hexes of the civilisations in play."""
    island_regions: tuple[str, ...]
    """Island regions in play, in :data:`ISLAND_REGIONS` order."""


def setup_key(civs: Iterable[str]) -> str:
    """Return the set-up table key for a set of civilisations, e.g. ``"greece+egypt"``.

    Only the pairings the rulebook allows are accepted (Set-up, l.120): 2 players play
    Greece and Egypt or Maya and Inca; 3 players always play Greece, Egypt and Inca;
    4 players play all four. A solo game uses a 2-player pairing (player and AI).

    Args:
        civs: Civilisation names in any order and case, or a key such as
            ``"egypt+greece"``.

    Raises:
        ValueError: for an unknown or repeated civilisation or a disallowed pairing.
    """
    if isinstance(civs, str):
        civs = civs.split("+")
    names = [check_civ(civ) for civ in civs]
    if len(set(names)) != len(names):
        raise ValueError(f"each civilisation can be played only once, got {names}")
    key = "+".join(civ for civ in CIVS if civ in names)
    setups = load_board().setups
    if key not in setups:
        raise ValueError(
            f"the rulebook has no set-up for {key or 'no civilisations'} (Set-up, l.120); allowed: {'; '.join(setups)}"
        )
    return key


def layout_for(civs: Iterable[str], mode: str) -> Layout:
    """Return what is in play for these civilisations and this mode.

    Continents in play are the civilisations' home continents; islands in play come
    from the set-up table in world.json (Set-up, l.122-144). Everything else is out of
    play, including lakes of absent continents and light-blue hexes; unlisted islands
    count as blocked off (rules review B8).

    Args:
        civs: The civilisations in the game, in any order (as for :func:`setup_key`).
        mode: ``"abundance"`` or ``"scarcity"``.

    Raises:
        ValueError: for a disallowed pairing or an unknown mode.
    """
    key = setup_key(civs)
    mode_name = mode.strip().lower() if isinstance(mode, str) else mode
    if mode_name not in MODES:
        raise ValueError(f"unknown mode {mode!r}: choose 'abundance' or 'scarcity'")
    return _layout(key, mode_name)


@functools.cache
def _layout(key: str, mode: str) -> Layout:
    board = load_board()
    islands = frozenset(board.setups[key][mode])
    continents = frozenset(HOME_REGION[civ] for civ in key.split("+"))
    land: set[str] = set()
    water: set[str] = set()
    monuments: set[str] = set()
    for h in board.hexes.values():
        if h.light_blue:
            continue
        if h.overlay and h.region not in islands:
            water.add(h.id)  # the overlay stays sea unless island 7 is created (B7)
        elif h.region == "sea":
            water.add(h.id)
        elif h.region in continents:
            if h.monument_of:
                monuments.add(h.id)
            elif h.lake:
                water.add(h.id)
            else:
                land.add(h.id)
        elif h.region in islands:
            land.add(h.id)
    return Layout(
        in_play=frozenset(land | water | monuments),
        land=frozenset(land),
        water=frozenset(water),
        monuments=frozenset(monuments),
        island_regions=tuple(r for r in ISLAND_REGIONS if r in islands),
    )
