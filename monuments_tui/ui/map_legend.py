"""The map legend: every symbol drawn on the map with its meaning.

``docs/map-legend.md`` describes every symbol; :func:`legend_lines` returns the same
legend for the app to show.
"""

from __future__ import annotations

__all__ = ["LEGEND", "legend_lines"]


LEGEND: tuple[tuple[str, str], ...] = (
    ("", "HEXES"),
    ("D7 wood", "hex id and what it produces (detail zoom)"),
    ("W F M S", "land producing wood, food, metal, sheep (overview)"),
    ("w2f1", "resources lying there: 2 wood, 1 food (w f m s)"),
    ("@G L3", "Greece's monument with 3 layers (overview: @G3)"),
    ("(blank)", "sea in play"),
    ("≈", "lake: only a ferry built on its shore sails it"),
    ("░", "light blue: never in play"),
    ("·", "out of play in this set-up"),
    ("", "EDGES (detail zoom)"),
    ("│ ─ ┌ ┘", "coast"),
    ("~", "river: workers and armies need a bridge or ferry"),
    ("~==~  =", "bridge over the river"),
    ("f12  F", "ferry12 docked on this shore"),
    ("", "PIECES: the civ letter, then counts"),
    ("G E M I", "Greece, Egypt, Maya, Inca (each in its colour)"),
    ("G:3w1s", "3 Greek workers, 1 of them armed (s)"),
    ("1h", "... 1 of them with a horse"),
    ("a n p", "armies, navies, air forces: G:2a1p"),
    ("T F X", "town, fort, factory (K workshop, R farm)"),
    ("t! f! x!", "the same building, damaged"),
    ("…", "more than fits: the inspector lists it all"),
    ("", "OVERVIEW"),
    ("W3T", "wood land, 3 resources on it, a town"),
    ("t  #", "a damaged town; several buildings"),
    ("G3  GE", "line 2: 3 Greek units; pieces of G and E"),
    ("<F>  <F2", "a ferry; two ferries"),
    ("", "MIDDLE (a line a row of hexes: the land of any game at 120x40)"),
    ("w f m s", "land producing wood, food, metal, sheep"),
    ("w2", "wood land, 2 resources lying there"),
    ("wG3", "3 Greek units on wood land"),
    ("2G3", "2 resources and 3 Greek units (the land letter gives way)"),
    ("GT  Gt  G#", "a Greek town alone; damaged; several buildings"),
    ("GE  *3", "pieces of Greece and Egypt; of three civilisations"),
    ("@3G1", "a monument, 3 layers built, 1 Greek unit on it"),
    ("oG2", "a ferry, 2 Greek units aboard or beside it"),
    ("", "MINI MAP (small terminals: the whole board, a character a hex)"),
    ("w f m s", "land producing wood, food, metal, sheep"),
    ("G E M I", "pieces of Greece, Egypt, Maya, Inca stand here"),
    ("*", "pieces of several civilisations"),
    ("@3  @G", "a monument, 3 layers built; its owner's pieces on it"),
    ("o", "a ferry"),
    ("[w]", "the cursor (the inspector tells all about the hex)"),
    ("", "EVERY ZOOM"),
    ("w3T", "highlighted and underlined: changed by the last step"),
    ("", "FERRIES (detail zoom)"),
    ("f12", "ferry12 at sea (type ferry12 or f12)"),
    ("f12↗", "docked against the land to the north-east"),
    (" ", "(← → ↖ ↗ ↙ ↘ point at the shore)"),
    (":G1w1a", "passengers: 1 Greek worker, 1 army"),
    ("(w1)", "resources aboard"),
    ("", "KEYS (map focused)"),
    ("←↑↓→", "move the cursor; a click selects a hex"),
    ("z F2", "zoom: mini map, middle, overview, detail"),
    ("L F3", "this legend (Esc closes it)"),
    ("F7", "the next pane: hand, players, quests, log, hex"),
    ("enter", "add the hex to the command (or double click)"),
    ("a-z", "any other letter is typed into the command line"),
)


def legend_lines() -> list[str]:
    """Every map symbol with its meaning, as plain text lines."""
    width = max(len(sym) for sym, _ in LEGEND if sym)
    lines = []
    for sym, meaning in LEGEND:
        if not sym:
            lines.append(meaning)  # a section heading
        else:
            lines.append(f"  {sym.ljust(width)}  {meaning}")
    return lines
