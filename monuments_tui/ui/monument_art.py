"""Each civilisation's monument drawn in plain ASCII, growing one part per layer built.

The four monuments of the game [Components, l.57-60; Player set-up, l.152] each come in five
pieces, one per layer [Monument costs, l.170]. `monument_lines(civ, layers)` gives the built
part of the drawing, top line first: the foundation's outline before the first layer, then
each layer adds its part on top of the last, up to the completed monument. The lines are
plain ASCII, readable without colour; `monument_text` adds the civilisation's colour as
styling only.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

LAYERS = 5
"""Pieces of every monument [l.152]; `rules/pieces` gives what each costs."""

FOUNDATION = (" : . . . . . . : ",)
"""Before the first layer: where the monument will stand."""

PARTS: dict[str, tuple[tuple[str, ...], ...]] = {
    # The Colossus of Rhodes: a pedestal by the harbour, striding legs, body, the head and
    # the arm raised with its torch.
    "greece": (
        (" |_____________| ",),
        ("     /     \\     ",),
        ("     \\[###]/     ",),
        ("       (o)_/     ",),
        ("          \\*/    ", "           |     "),
    ),
    # The Lighthouse of Alexandria: a platform, the square tier, the octagonal tier, the
    # round tier, and the fire on top.
    "egypt": (
        (" |_____________| ",),
        ("   |  [] []  |   ",),
        ("    |  [ ]  |    ",),
        ("     | ||| |     ",),
        ("       )*(       ", "      _|#|_      "),
    ),
    # Tikal: the stepped pyramid of the Temple of the Great Jaguar, its temple and roof comb.
    "maya": (
        (" /_____________\\ ",),
        ("  /___________\\  ",),
        ("   /___|_|___\\   ",),
        ("     [_____]     ",),
        ("      _[|]_      ", "       |#|       "),
    ),
    # Machu Picchu: terraces on the mountainside, the houses, the temple and Huayna Picchu.
    "inca": (
        (" ===============/",),
        ("  ============/  ",),
        ("  |_||_|_||_|/   ",),
        ("   [_]  [_]/     ",),
        ("          /\\     ", "         /  \\    "),
    ),
}
"""Each monument's parts, layer 1 first; each part's lines top first."""


def monument_lines(civ: str, layers: int) -> list[str]:
    """The monument of `civ` with `layers` layers built (0-5), top line first, plain ASCII.

    Raises:
        ValueError: an unknown civilisation, or a layer count outside 0-5.
    """
    if civ not in PARTS:
        raise ValueError(f"no monument is drawn for {civ!r}: choose one of {', '.join(PARTS)}")
    if not 0 <= layers <= LAYERS:
        raise ValueError(f"a monument has 0 to {LAYERS} layers built, not {layers}")
    if layers == 0:
        return list(FOUNDATION)
    out: list[str] = []
    for part in PARTS[civ][:layers]:
        out = list(part) + out
    return out


def monument_text(civ: str, layers: int, style: str = "") -> Text:
    """The drawing as rich Text: the built parts in `style`, the outline before the first layer dim."""
    lines = monument_lines(civ, layers)
    return Text("\n".join(lines), style=style if layers else "dim", no_wrap=True)


def monuments_row(civs_and_layers: list[tuple[str, int]], styles: dict[str, str] | None = None) -> Table:
    """Every player's monument side by side, bottoms aligned, each captioned "Greece 3/5"."""
    styles = styles or {}
    table = Table.grid(padding=(0, 2))
    height = max((len(monument_lines(c, n)) for c, n in civs_and_layers), default=0)
    cells = []
    for civ, layers in civs_and_layers:
        art = monument_text(civ, layers, styles.get(civ, ""))
        pad = Text("\n" * (height - len(monument_lines(civ, layers))))
        caption = Text(f"\n{civ.capitalize()} {layers}/{LAYERS}", style="bold", justify="center")
        table.add_column(no_wrap=True)
        cells.append(Text.assemble(pad, art, caption))
    table.add_row(*cells)
    return table
