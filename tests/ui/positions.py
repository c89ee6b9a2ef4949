"""Prepared positions for the UI tests, written as text (docs/positions.md)."""

from __future__ import annotations

from monuments_tui.game.session import GameSession, Rebuilt, Timeline
from monuments_tui.saves.format import Header
from tests.helpers import position

NEAR_END = """
    game greece,egypt abundance seed=4
    round 3
    current greece

    [board]
    E19: greece w 3wood
    E20: greece w 3metal
    F18: greece w 3sheep
    D18: greece w 3food
    E18: greece w
    D19: greece w
    D17: greece w
    C19: greece w
    C18: greece w
    A12: greece w
    A13: greece w
    B13: greece w
    F19: greece w w w
    H19: egypt wh wh w

    [greece]
    discard trade
    layers 4
    personal pb-b-l1 pb-b-l2 pb-b-l3 pb-b-l4 pb-b-setup

    [egypt]
    discard trade

    [cards]
    removed qs-workers qs-bridge qs-wood qs-land  # the starting quests dealt and not kept
"""
"""Round 3 of Greece v Egypt, Greece to play and able to build layer 5 at once: four layers,
a worker on each of twelve land hexes, three on the monument hex and 3 of each resource."""


def near_end_session(seats: tuple[str, str] = ("human", "human"), *, teaching: bool = False) -> GameSession:
    """The NEAR_END position as a session in memory (no file).

    After "play monument", "layer" and a bonus, Egypt has the last turn of the last round.
    """
    s = position(NEAR_END)
    header = Header(config=s.config, seats=seats, teaching=teaching, created="", title="Greece v Egypt, last round")
    return GameSession(header, Rebuilt(Timeline(s), teaching, []), [], None)


END_COMMANDS = ("play monument", "layer")
"""Greece builds layer 5; then a bonus, then Egypt's last turn."""
