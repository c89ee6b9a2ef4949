"""Where one resource from the bank may be put: a starting, bonus, quest or traded resource.

[Player set-up, l.162 (B55); Build a layer of your monument, l.288; Quests, l.377;
Trade, l.383-387 (B54); Production, l.232 (B52); Components, l.78-81 (B50)]

Its own module because set-up and quests (`actions/turn.py`), bonus placement
(`actions/placement.py`) and trades (`actions/trade.py`) all check it.
"""

from __future__ import annotations

from monuments_tui.rules.board import load_board
from monuments_tui.rules.content import Resource, is_resource
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.queries import (
    HEX_LIMIT,
    layout,
    occupied_by_other,
    room_on,
    workers_on_land,
)
from monuments_tui.rules.state import GameState


def check_resource_placement(
    state: GameState, seat: int, resource: str | None, hex_id: str, *, need_worker: bool, must_match: bool, rule: str
) -> Resource:
    """Check that one `resource` from the bank may be put on `hex_id`, and give it as a `Resource`.

    Used for starting resources (B55), bonus and quest resources (l.288, l.377) and trades
    (B54): an in-play land hex (never a monument), matching its production where the
    rule says so, holding your worker where the rule says so, and never above 5 (B52);
    with a limited bank, only while it has one left [Components, l.78-81 (B50)]. `rule`
    is the caller's own citation, given when the hex's production or the worker
    requirement refuses the placement.
    """
    board = load_board()
    if not is_resource(resource):
        raise RuleViolation(
            f"{resource!r} is not a resource", "Monument costs, l.170", "Resources: wood, food, metal, sheep."
        )
    if hex_id not in layout(state).land:
        raise RuleViolation(
            f"{hex_id} is not a land hex in play", "Set-up, l.120", "Resources go on producing land hexes."
        )
    if must_match and board.hex(hex_id).resource != resource:
        raise RuleViolation(
            f"{hex_id} produces {board.hex(hex_id).resource}, not {resource}",
            rule,
            "Place a resource on a hex that produces that type.",
        )
    if need_worker:
        if not workers_on_land(state, seat, hex_id):
            raise RuleViolation(f"you have no worker on {hex_id}", rule, "Place it where you have a worker.")
    elif occupied_by_other(state, hex_id, seat):
        raise RuleViolation(f"another player has pieces on {hex_id}", "Player set-up, l.162 (B55)")
    if room_on(state, hex_id) < 1:
        raise RuleViolation(f"{hex_id} already holds {HEX_LIMIT} resources", "Production, l.232")
    if state.config.options.bank_limited and state.bank.get(resource, 0) < 1:
        raise RuleViolation(f"the bank has no {resource} left", "Components, l.78-81 (B50)")
    return resource
