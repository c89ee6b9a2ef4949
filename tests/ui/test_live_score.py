"""The score, always: the players pane counts every player's victory points now, line by line,
with the end screen's scoring (`rules.scoring`); another seat's hidden quests count nothing
[Game end, l.397-405; quests in progress lie face down, l.369]."""

from __future__ import annotations

from rich.console import Console

from monuments_tui.rules.scoring import score, score_seat
from monuments_tui.rules.state import copy_state
from monuments_tui.rules.views import visible_state
from monuments_tui.ui import pane_text
from tests.helpers import game, late_game


def plain(renderable) -> str:
    console = Console(width=34, color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def test_the_players_pane_counts_every_score_line_and_the_total():
    state = late_game()
    text = plain(pane_text.players_text(state, None))
    scores = score(state)
    total_row = next(line for line in text.splitlines() if line.strip().startswith("total"))
    assert total_row.split()[1:] == [str(b.total) for b in scores]
    for name in ("layers", "bonus cards", "resources", "workers", "land", "military power", "quests open"):
        assert any(line.strip().startswith(name) for line in text.splitlines()), name
    summary = next(line for line in text.splitlines() if "Greece" in line)
    assert summary.split()[2] == str(scores[0].total)  # the VP column of the at-a-glance table


def test_another_seats_hidden_quests_count_nothing_in_my_view():
    state = copy_state(game())
    state.players[1].quests = ["q23-land", "q23-workers"]  # penalties that only Egypt may know of
    mine = visible_state(state, 0)
    full = score_seat(state, 1)
    seen = score_seat(mine, 1)
    assert seen.total - full.total == 2  # two penalties of -1 VP left out
    assert seen.total == full.total - sum(ln.vp for ln in full.lines if ln.key == "quests_open")
    assert "2 hidden not counted" in next(ln.detail for ln in seen.lines if ln.key == "quests_open")
    assert "Egypt: hidden quests not counted" in plain(pane_text.players_text(mine, 0)).replace("\n", " ")
    # Egypt's own view counts them, as the end would
    assert score_seat(visible_state(state, 1), 1).total == full.total


def test_the_live_score_at_the_end_agrees_with_the_end_screen():
    from monuments_tui.ui.score_table import score_table

    state = copy_state(late_game())
    state.phase = "over"
    end = plain(score_table(state))
    live = plain(pane_text.score_now(state))
    totals = [str(b.total) for b in score(state)]
    assert next(ln for ln in live.splitlines() if ln.strip().startswith("total")).split()[1:] == totals
    assert all(t in end for t in totals)


def test_the_top_of_the_players_pane_says_what_my_next_layer_lacks():
    """At a glance, under the players table: the seat in view's next layer, line by line
    [Build a layer of your monument, l.272-278]."""
    from monuments_tui.rules.layer_needs import layer_needs

    state = game()
    needs = layer_needs(state, 1)
    assert needs is not None and needs.missing
    text = plain(pane_text.players_text(state, 1)).replace("\n", " ")
    head = text.split("Score now")[0]
    assert f"Egypt, layer {needs.layer}:" in " ".join(head.split())
    short = needs.missing[0]
    assert f"{short.what} {short.have}/{short.needed} ({short.short} short)" in " ".join(head.split())
