"""Your next layer, spelled out: what the next monument layer needs against what the seat has,
and a refused `play monument` naming exactly what is missing.

[Build a layer of your monument, l.272-278: land hexes controlled (never the monument hex,
l.276), resources spendable where a worker stands, workers to sacrifice; the green card's
discount of one resource, l.274, l.301; In a turn, l.206 (B59)]
"""

from __future__ import annotations

from rich.console import Console

from monuments_tui.rules.layer_needs import layer_needs
from monuments_tui.ui import pane_text
from monuments_tui.ui.info import about
from tests.helpers import add_resources, bare, free_land, refusal, run, workers_on


def two_of_three_land_and_no_sheep():
    """Greece: workers on 2 land hexes (layer 1 needs 3, l.272), 1 wood, no sheep (l.278)."""
    s = bare()
    land = free_land(s, 0, 2)
    workers_on(s, 0, land)
    add_resources(s, land[0], wood=1)
    return s


def test_the_table_counts_land_each_resource_and_workers():
    needs = layer_needs(two_of_three_land_and_no_sheep(), 0)
    assert needs is not None and needs.layer == 1
    table = {n.what: (n.have, n.needed) for n in needs.lines}
    assert table == {"land hexes": (2, 3), "wood": (1, 1), "sheep": (0, 1), "workers": (5, 1)}
    assert [n.what for n in needs.missing] == ["land hexes", "sheep"]


def test_a_refused_monument_names_exactly_what_is_missing():
    why = refusal(two_of_three_land_and_no_sheep(), "play monument")
    first = why.split("[")[0]
    assert "1 more land hex (you control 2 of 3)" in first
    assert "1 more sheep where a worker can spend it (you have 0 of 1)" in first
    assert "wood" not in first and "worker (" not in first  # what is met is not named
    assert "l.272-278" in why


def test_the_green_card_takes_a_resource_off_the_table():
    s = two_of_three_land_and_no_sheep()
    s.players[0].green.append("monument")
    needs = layer_needs(s, 0)
    assert needs is not None and needs.discount == 1
    assert sum(n.needed for n in needs.lines if n.what not in ("land hexes", "workers")) == 1  # 2 less 1 [l.274]


def test_a_layer_that_can_be_built_has_nothing_missing():
    s = two_of_three_land_and_no_sheep()
    land = free_land(s, 0, 3)
    workers_on(s, 0, land[2:])
    add_resources(s, land[1], sheep=1)
    assert layer_needs(s, 0).missing == ()
    assert run(s, "play monument").pending is not None  # played, no refusal


def test_the_players_pane_shows_have_of_needed_and_what_is_short():
    console = Console(width=34, color_system=None, record=True)
    console.print(pane_text.players_text(two_of_three_land_and_no_sheep(), None))
    text = console.export_text()
    assert "next layer 1" in text
    land = next(line for line in text.splitlines() if line.strip().startswith("land hexes"))
    assert "2/3" in land and "1 short" in land
    sheep = next(line for line in text.splitlines() if line.strip().startswith("sheep"))
    assert "0/1" in sheep and "1 short" in sheep
    wood = next(line for line in text.splitlines() if line.strip().startswith("wood"))
    assert "1/1" in wood and "ok" in wood


def test_info_layer_explains_the_table():
    sections = about(None, "layer")
    body = next(str(s.body) for s in sections if s.title == "Monument layers")
    assert "have/needed" in body and "short" in body
    assert "layer 5: 12 land hexes" in body
