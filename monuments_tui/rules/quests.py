"""Quest tasks: checking them against the state, and when a quest earns its bonus resource.

[Draw quest cards, l.367-381] Every task is machine-checkable. State tasks must hold
when the quest is turned in (or, for the solo AI, at the end); battle tasks count
battles from the whole game (B26), or only since the quest was kept when the
`battle_quests_since_draw` option is on. The solo AI's battle tasks always count the
whole game: "the quest cards with battles ... may be fulfilled during the game" (l.553, B83).
"""

from __future__ import annotations

from monuments_tui.rules.board import load_board
from monuments_tui.rules.card_types import QuestDeck, Task
from monuments_tui.rules.content import is_resource, load_content
from monuments_tui.rules.power import military_power
from monuments_tui.rules.queries import (
    controlled_land,
    controlled_water,
    resource_totals,
    units_of,
)
from monuments_tui.rules.state import MILITARY, GameState

DECK_LEVELS = {"start": (0, 1), "0-1": (0, 1), "2-3": (2, 3), "4-5": (4, 5)}
"""Monument levels printed on each quest deck's back; starting quests count as 0-1 (B27)."""


def deck_for_layers(layers: int) -> QuestDeck:
    """The quest deck a player with `layers` built draws from [l.369, l.375]."""
    return "0-1" if layers <= 1 else "2-3" if layers <= 3 else "4-5"


def first_counted_battle(state: GameState, seat: int, quest_id: str) -> int:
    """Index in `state.battles` of the first battle `quest_id`'s battle tasks count (B26)."""
    if not state.config.options.battle_quests_since_draw or seat == state.config.ai_seat:
        return 0
    return state.players[seat].battles_at_draw.get(quest_id, 0)


def task_value(state: GameState, seat: int, task: Task, since: int = 0) -> int:
    """How far `seat` is on one task: the count the task compares with its `n`.

    Battle tasks count the battles from `state.battles[since]` on.
    """
    board = load_board()
    kind = task.kind
    battles = state.battles[since:]
    if kind == "land":
        return len(controlled_land(state, seat))
    if kind == "resource":
        return resource_totals(state, seat)[task.resource] if is_resource(task.resource) else 0
    if kind == "resources":
        return sum(resource_totals(state, seat).values())
    if kind == "resource_types":
        return sum(1 for n in resource_totals(state, seat).values() if n > 0)
    if kind == "workers":
        return len(units_of(state, seat, "worker"))
    if kind == "building":
        return sum(1 for b in state.buildings.values() if b.owner == seat and b.kind == task.piece and not b.damaged)
    if kind == "bridges":
        return sum(1 for b in state.bridges.values() if b.builder == seat)
    if kind == "ferries":
        return sum(1 for f in state.ferries.values() if f.builder == seat)
    if kind == "island_hexes":
        return sum(1 for h in controlled_land(state, seat) if board.hex(h).island is not None)
    if kind == "island":
        return sum(1 for h in controlled_land(state, seat) if _region_matches(board.hex(h).region, task.region))
    if kind == "foreign_hexes":
        home = {"greece": "europe", "egypt": "africa", "maya": "north_america", "inca": "south_america"}
        mine = home[state.players[seat].civ]
        continents = set(home.values())
        return sum(1 for h in controlled_land(state, seat) if board.hex(h).region in continents - {mine})
    if kind == "water_hexes":
        return len(controlled_water(state, seat))
    if kind == "upgraded":
        return len(state.players[seat].green)
    if kind == "upgraded_card":
        return 1 if task.card in state.players[seat].green else 0
    if kind == "units":
        return len(units_of(state, seat, task.piece))
    if kind == "military_units":
        return sum(len(units_of(state, seat, k)) for k in MILITARY)
    if kind == "armed_workers":
        return sum(1 for u in units_of(state, seat, "worker") if u.weapon)
    if kind == "layers":
        return state.players[seat].layers
    if kind == "battles_won":
        return sum(1 for b in battles if b.attacker == seat and b.attacker_won)
    if kind == "battles_fought":
        return sum(1 for b in battles if seat in (b.attacker, b.defender))
    if kind == "defended":
        return sum(1 for b in battles if b.defender == seat and not b.attacker_won)
    if kind == "power":
        return military_power(state, seat)
    if kind == "common_bonuses":
        return len(state.players[seat].bonuses)
    raise ValueError(f"unknown quest task kind {kind!r}")


def _region_matches(region: str, wanted: str) -> bool:
    return region == wanted or region.startswith(wanted + "_")


def task_target(task: Task) -> int:
    """The count a task needs (1 for yes/no tasks)."""
    return task.n or 1


def check_quest(state: GameState, seat: int, quest_id: str) -> str:
    """ "" if every task of the quest holds for `seat`, else a sentence naming the first unmet one."""
    unmet = _first_unmet(state, seat, quest_id)
    if unmet is None:
        return ""
    task, have, need = unmet
    return f"{describe_task(task)} ({have} of {need})"


def _first_unmet(state: GameState, seat: int, quest_id: str) -> tuple[Task, int, int] | None:
    """The quest's first task `seat` has not done yet, with how far it is and the count needed."""
    quest = load_content().quest_by_id[quest_id]
    since = first_counted_battle(state, seat, quest_id)
    for task in quest.tasks:
        have, need = task_value(state, seat, task, since), task_target(task)
        if have < need:
            return task, have, need
    return None


def describe_task(task: Task) -> str:
    """A task in words (short)."""
    kind = task.kind.replace("_", " ")
    detail = (
        getattr(task, "resource", None)
        or getattr(task, "piece", None)
        or getattr(task, "region", None)
        or getattr(task, "card", None)
    )
    return f"{kind} {detail}" if detail else kind


def completable_quests(state: GameState, seat: int) -> list[str]:
    """Quests in progress whose tasks all hold now."""
    if state.config.ai_seat == seat:
        return []  # the AI's quests are scored at the end, never turned in (B60)
    return [q for q in state.players[seat].quests if _first_unmet(state, seat, q) is None]


def bonus_resource_due(state: GameState, seat: int, quest_id: str) -> bool:
    """True if the monument is still within the levels on the quest's back [l.377]."""
    quest = load_content().quest_by_id[quest_id]
    low, high = DECK_LEVELS[quest.deck]
    return low <= state.players[seat].layers <= high
