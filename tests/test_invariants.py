"""The invariant check itself: each kind of broken position is named [rules/invariants.py]."""

from __future__ import annotations

import pytest

from monuments_tui.rules.invariants import invariant_violations
from monuments_tui.rules.state import Ferry, Unit, copy_state

from .helpers import game


def broken(change):
    s = copy_state(game())
    change(s)
    return " | ".join(invariant_violations(s))


def test_a_set_up_game_keeps_every_invariant():
    assert invariant_violations(game()) == []


@pytest.mark.parametrize(
    "change,expected",
    [
        (lambda s: s.resources.setdefault("E19", {}).update(wood=6), "more than 5"),
        (lambda s: s.bank.update(wood=s.bank["wood"] - 1), "wood:"),
        (lambda s: s.bank.update(weapon=-1), "the bank holds -1 weapon"),
        (lambda s: s.players[0].supply.update(worker=s.players[0].supply["worker"] + 1), "worker pieces in all"),
        (lambda s: s.players[1].hand.pop(), "action cards"),
        (lambda s: s.bank.update(token=24), "bridge and ferry tokens"),
    ],
)
def test_each_broken_count_is_named(change, expected):
    assert expected in broken(change)


def _ferry_with(s, *kinds, hex_id="F20"):
    s.ferries["ferry90"] = Ferry("ferry90", "F20", None, 0)
    s.bank["token"] -= 1
    for i, kind in enumerate(kinds):
        s.units[f"u9{i}"] = Unit(f"u9{i}", 0, kind, hex_id, ferry="ferry90")
        s.players[0].supply[kind] -= 1


def test_passengers_off_their_ferry_hex_are_named():
    assert "stands on E20" in broken(lambda s: _ferry_with(s, "worker", hex_id="E20"))


def test_more_than_two_passengers_are_named():
    assert "more than 2" in broken(lambda s: _ferry_with(s, "worker", "worker", "worker"))


def test_a_ferry_carries_no_navy():
    assert "ferries carry workers and armies" in broken(lambda s: _ferry_with(s, "navy"))


def test_a_sailing_ferry_with_passengers_passes():
    assert broken(lambda s: _ferry_with(s, "worker", "worker")) == ""
