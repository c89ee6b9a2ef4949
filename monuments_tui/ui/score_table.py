"""The final scores as a table, line by line for every player, and the winner's line: shown by
the end screen and by a replay at the end of the game [Game end, l.395-409]."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from monuments_tui.rules.content import monument_name
from monuments_tui.rules.scoring import ranking, score
from monuments_tui.rules.state import GameState
from monuments_tui.ui.pane_text import CIV_LETTER, CIV_STYLE


def score_table(state: GameState) -> Table:
    """Every score line for every player, the totals, the tie-break figures and places."""
    scores = score(state)
    places = {p.seat: p for p in ranking(state, scores)}
    table = Table(expand=False, header_style="bold", show_lines=False, pad_edge=True)
    table.add_column("Score line")
    for b in scores:
        civ = b.civ
        table.add_column(
            Text(f"[{CIV_LETTER.get(civ, '?')}] {civ.capitalize()}", style=CIV_STYLE.get(civ, "")),
            justify="right",  # a long line wraps in a narrow terminal rather than being cut
        )
    table.add_row("Monument", *[monument_name(b.civ) for b in scores])
    keys: list[tuple[str, str]] = []
    for b in scores:
        for line in b.lines:
            if (line.key, line.name) not in keys:
                keys.append((line.key, line.name))
    for key, name in keys:
        row = [name]
        for b in scores:
            found = next((x for x in b.lines if x.key == key), None)
            row.append(f"{found.vp:>3}  ({found.detail})" if found else "-")
        table.add_row(*row)
    table.add_section()
    table.add_row(Text("Total", style="bold"), *[Text(str(b.total), style="bold") for b in scores])
    table.add_row("tie-break: layers", *[str(b.layers) for b in scores])
    table.add_row("tie-break: military power", *[str(b.military_power) for b in scores])
    table.add_row("tie-break: resources", *[str(b.resources) for b in scores])
    table.add_section()
    places_row = [Text("Place", style="bold")]
    for b in scores:
        p = places[b.seat]
        places_row.append(Text(f"{p.place}{' (shared)' if p.shared else ''}", style="bold"))
    table.add_row(*places_row)
    return table


def winner_line(state: GameState) -> Text:
    first = [p for p in ranking(state) if p.place == 1]
    names = [state.players[p.seat].civ.capitalize() for p in first]
    if len(names) == 1:
        return Text(f"{names[0]} wins with {first[0].total} VP", style="bold")
    return Text(f"A shared victory: {' and '.join(names)} with {first[0].total} VP", style="bold")
