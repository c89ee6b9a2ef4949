"""A finished game's scores for a record: the breakdown, the result line, the score table."""

from __future__ import annotations

from typing import Any

import msgspec

from monuments_tui.rules.decide import waiting_for
from monuments_tui.rules.scoring import ranking, score
from monuments_tui.rules.state import GameState


def final_scores(state: GameState) -> list[dict[str, Any]] | None:
    """The final score breakdown of a finished game, one dict per seat in seat order, or None.

    Each dict: seat, civ, score_card, lines [{key, name, detail, vp}], total, layers,
    military_power, resources, place, shared. From `rules.scoring` (score and ranking);
    None for a game that is not over, or if the rules give no scoring.
    """
    if state.phase != "over":
        return None
    breakdown = score(state)
    places = {p.seat: p for p in ranking(state, breakdown)}
    rows = []
    for b in breakdown:
        row = msgspec.to_builtins(b)
        row["place"] = places[b.seat].place
        row["shared"] = places[b.seat].shared
        rows.append(row)
    return rows


def result_line(state: GameState, scores: list[dict[str, Any]] | None) -> str:
    """The result in one line: the winner and totals, or where an unfinished game stands."""
    if state.phase != "over":
        return f"unfinished: round {state.round}, {waiting_for(state)}"
    if not scores:
        return "game over"
    ordered = sorted(scores, key=lambda r: (r["place"], r["seat"]))
    totals = ", ".join(f"{r['civ'].capitalize()} {r['total']}" for r in ordered)
    first = [r["civ"].capitalize() for r in ordered if r["place"] == 1]
    if len(first) == 1:
        return f"{first[0]} wins: {totals}"
    return f"{' and '.join(first)} share the victory: {totals}"


def score_table(scores: list[dict[str, Any]]) -> list[str]:
    """The score cards side by side, one row per score line, then total and place."""
    keys: list[str] = []
    names: dict[str, str] = {}
    for row in scores:
        for line in row["lines"]:
            if line["key"] not in names:
                keys.append(line["key"])
                names[line["key"]] = line["name"]
    header = [""] + [r["civ"].capitalize() for r in scores]
    table = [header]
    for key in keys:
        cells = [names[key]]
        for row in scores:
            line = next((ln for ln in row["lines"] if ln["key"] == key), None)
            cells.append(
                "" if line is None else (f"{line['vp']} ({line['detail']})" if line["detail"] else str(line["vp"]))
            )
        table.append(cells)
    table.append(["Total"] + [str(r["total"]) for r in scores])
    table.append(["Place"] + [f"{r['place']}{' (shared)' if r['shared'] else ''}" for r in scores])
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    return ["| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |" for row in table]
