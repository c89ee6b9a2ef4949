"""Prepared positions for the UI tests (built with the rules tests' position helpers)."""

from __future__ import annotations

from monuments_tui.saves import Header
from monuments_tui.session import GameSession, Rebuilt, Timeline
from tests.helpers import bare, ready_for_layer, turn_of


def near_end_session(seats: tuple[str, str] = ("human", "human"), *, teaching: bool = False) -> GameSession:
    """Round 3 of Greece v Egypt, Greece to play and able to build layer 5 at once (in memory, no file).

    After "play monument", "layer" and a bonus, Egypt has the last turn of the last round.
    """
    s = bare(civs=("greece", "egypt"), mode="abundance", seed=4)
    for p in s.players:
        p.hand.remove("trade")
        p.discard = ["trade"]
        p.turns = 3 if p.seat == 0 else 2
    s.round = 3
    s = turn_of(ready_for_layer(s, 0, 5), 0)
    header = Header(config=s.config, seats=seats, teaching=teaching, created="", title="Greece v Egypt, last round")
    return GameSession(header, Rebuilt(Timeline(s), teaching, []), [], None)


END_COMMANDS = ("play monument", "layer")
"""Greece builds layer 5; then a bonus, then Egypt's last turn."""
