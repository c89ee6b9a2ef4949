"""Quest tasks: checking them against the state, and when a quest earns its bonus resource.

[Draw quest cards, l.367-381] Every task is machine-checkable. State tasks must hold
when the quest is turned in (or, for the solo AI, at the end); battle tasks count
battles from the whole game (B26), or only since the quest was kept when the
`battle_quests_since_draw` option is on. The solo AI's battle tasks always count the
whole game: "the quest cards with battles ... may be fulfilled during the game" (l.553, B83).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

from monuments_tui.rules.board import load_board
from monuments_tui.rules.card_types import QuestDeck, Task
from monuments_tui.rules.content import is_resource, load_content
from monuments_tui.rules.piece_index import controlled_land_of
from monuments_tui.rules.power import military_power
from monuments_tui.rules.queries import (
    controlled_water,
    resource_total,
    resource_totals,
    units_of,
)
from monuments_tui.rules.state import MILITARY, BattleRecord, GameState, seat_fact

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

    Battle tasks count the battles from `state.battles[since:]` on.
    """
    return _counter(task.kind)(state, seat, task, since)


def _counter(kind: str) -> TaskValue:
    """How a task of `kind` is counted."""
    count = _TASK_VALUES.get(kind)
    if count is None:
        raise ValueError(f"unknown quest task kind {kind!r}")
    return count


@cache
def _hexes_where(what: str, value: str = "") -> frozenset[str]:
    """The board's hexes on an island (`what` "island"), of a region or island (`what`
    "region"), or of a continent other than civilisation `value`'s home ("foreign")."""
    board = load_board()
    if what == "island":
        return frozenset(h.id for h in board.hexes.values() if h.island is not None)
    if what == "region":
        return frozenset(h.id for h in board.hexes.values() if _region_matches(h.region, value))
    foreign = set(HOME_CONTINENTS.values()) - {HOME_CONTINENTS[value]}
    return frozenset(h.id for h in board.hexes.values() if h.region in foreign)


def _battles(state: GameState, since: int, counts: Callable[[BattleRecord], bool]) -> int:
    return sum(1 for i in range(since, len(state.battles)) if counts(state.battles[i]))


HOME_CONTINENTS = {"greece": "europe", "egypt": "africa", "maya": "north_america", "inca": "south_america"}


TaskValue = Callable[[GameState, int, Task, int], int]
_TASK_VALUES: dict[str, TaskValue] = {
    # (state, seat, task, since) -> the count; a table, so that a check looks up its kind once
    "land": lambda s, seat, t, since: len(controlled_land_of(s, seat)),
    "resource": lambda s, seat, t, since: resource_total(s, seat, t.resource) if is_resource(t.resource) else 0,
    "resources": lambda s, seat, t, since: sum(resource_totals(s, seat).values()),
    "resource_types": lambda s, seat, t, since: sum(1 for n in resource_totals(s, seat).values() if n > 0),
    "workers": lambda s, seat, t, since: len(units_of(s, seat, "worker")),
    "building": lambda s, seat, t, since: sum(
        1 for b in s.buildings.values() if b.owner == seat and b.kind == t.piece and not b.damaged
    ),
    "bridges": lambda s, seat, t, since: sum(1 for b in s.bridges.values() if b.builder == seat),
    "ferries": lambda s, seat, t, since: sum(1 for f in s.ferries.values() if f.builder == seat),
    "island_hexes": lambda s, seat, t, since: len(controlled_land_of(s, seat) & _hexes_where("island")),
    "island": lambda s, seat, t, since: len(controlled_land_of(s, seat) & _hexes_where("region", t.region)),
    "foreign_hexes": lambda s, seat, t, since: len(
        controlled_land_of(s, seat) & _hexes_where("foreign", s.players[seat].civ)
    ),
    "water_hexes": lambda s, seat, t, since: len(controlled_water(s, seat)),
    "upgraded": lambda s, seat, t, since: len(s.players[seat].green),
    "upgraded_card": lambda s, seat, t, since: 1 if t.card in s.players[seat].green else 0,
    "units": lambda s, seat, t, since: len(units_of(s, seat, t.piece)),
    "military_units": lambda s, seat, t, since: sum(len(units_of(s, seat, k)) for k in MILITARY),
    "armed_workers": lambda s, seat, t, since: sum(1 for u in units_of(s, seat, "worker") if u.weapon),
    "layers": lambda s, seat, t, since: s.players[seat].layers,
    "battles_won": lambda s, seat, t, since: _battles(s, since, lambda b: b.attacker == seat and b.attacker_won),
    "battles_fought": lambda s, seat, t, since: _battles(s, since, lambda b: seat in (b.attacker, b.defender)),
    "defended": lambda s, seat, t, since: _battles(s, since, lambda b: b.defender == seat and not b.attacker_won),
    "power": lambda s, seat, t, since: military_power(s, seat),
    "common_bonuses": lambda s, seat, t, since: len(s.players[seat].bonuses),
}


OWN_PIECE_TASKS = frozenset(
    ("land", "island_hexes", "island", "foreign_hexes", "water_hexes")
    + ("workers", "armed_workers", "units", "military_units", "building")
)
"""Task kinds counted from the seat's own units and buildings alone (and its civilisation,
for foreign hexes): the answer for a quest of these alone is kept while those pieces stay."""


BATTLE_TASKS = frozenset(("battles_won", "battles_fought", "defended"))
"""Task kinds that count battles, from the one `first_counted_battle` names on."""


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


def quest_met(state: GameState, seat: int, quest_id: str) -> bool:
    """Every task of the quest holds for `seat` (`check_quest` without the sentence)."""
    return _first_unmet(state, seat, quest_id) is None


def _first_unmet(state: GameState, seat: int, quest_id: str) -> tuple[Task, int, int] | None:
    """The quest's first task `seat` has not done yet, with how far it is and the count needed.

    A quest whose tasks count only the seat's own pieces has the same answer while they
    stay, so it is kept with them (`seat_fact`); the others are checked again each time.
    """
    kept_as, counts_battles, tasks = _plan(quest_id)
    if kept_as is not None:
        return seat_fact(state, seat, kept_as, _unmet_kept)
    return _unmet_now(state, seat, quest_id, counts_battles, tasks)


def _unmet_kept(state: GameState, seat: int, key: tuple[str, str]) -> tuple[Task, int, int] | None:
    _, counts_battles, tasks = _plan(key[1])
    return _unmet_now(state, seat, key[1], counts_battles, tasks)


def _unmet_now(
    state: GameState, seat: int, quest_id: str, counts_battles: bool, tasks: tuple[tuple[Task, TaskValue, int], ...]
) -> tuple[Task, int, int] | None:
    since = first_counted_battle(state, seat, quest_id) if counts_battles else 0
    for task, count, need in tasks:
        have = count(state, seat, task, since)
        if have < need:
            return task, have, need
    return None


@cache  # one lookup per quest checked: rules ask after every action
def _plan(quest_id: str) -> tuple[tuple[str, str] | None, bool, tuple[tuple[Task, TaskValue, int], ...]]:
    """How a quest is checked: the seat fact its answer is kept as, if its tasks count only the
    seat's own pieces (else None); whether a task counts battles (only those read where the
    count starts); and each task with how it is counted (`task_value`) and the count it needs."""
    tasks = load_content().quest_by_id[quest_id].tasks
    own = all(task.kind in OWN_PIECE_TASKS for task in tasks)
    return (
        ("first_unmet", quest_id) if own else None,
        any(task.kind in BATTLE_TASKS for task in tasks),
        tuple((task, _counter(task.kind), task_target(task)) for task in tasks),
    )


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


def any_quest_completable(state: GameState, seat: int) -> bool:
    """Whether `completable_quests` would name one: stops at the first (asked after every action)."""
    return next(_completable(state, seat), None) is not None


def completable_quests(state: GameState, seat: int) -> list[str]:
    """Quests in progress whose tasks all hold now."""
    return list(_completable(state, seat))


def _completable(state: GameState, seat: int) -> Iterator[str]:
    if state.config.ai_seat == seat:
        return  # the AI's quests are scored at the end, never turned in (B60)
    for quest_id in state.players[seat].quests:
        if _first_unmet(state, seat, quest_id) is None:
            yield quest_id


def bonus_resource_due(state: GameState, seat: int, quest_id: str) -> bool:
    """True if the monument is still within the levels on the quest's back [l.377]."""
    quest = load_content().quest_by_id[quest_id]
    low, high = DECK_LEVELS[quest.deck]
    return low <= state.players[seat].layers <= high
