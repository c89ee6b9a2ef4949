"""B83: a solo game uses no quest the AI can never complete.

The AI's quests are scored at the end if met [Draw quest card, l.516; Game end, l.553], so a
quest whose tasks the AI's cards can never bring about only adds a card it cannot use. The
table below reasons, task kind by task kind, from what the AI's eight cards can do; a kind no
card of the AI changes is impossible. The test checks the solo pool against it, independently
of the list in data/solo.json that set-up uses.
"""

from __future__ import annotations

from monuments_tui.rules import GameConfig, RuleOptions, new_game
from monuments_tui.rules.card_types import PIECES_PER_TYPE, TASK_KINDS
from monuments_tui.rules.content import quests_for
from monuments_tui.rules.solo.tables import load_solo, quests_the_ai_can_complete

SOLO = load_solo()
UNLIMITED = 10**6
"""No card of the AI caps the count: the board and the game's length do."""

AI_MEANS: dict[str, tuple[str, object]] = {
    # task kind: (what of the AI changes it, the most it can reach: a number or f(task) -> number)
    "land": ("Movement spreads its units over new hexes [l.472]", UNLIMITED),
    "resource": ("Production on the hexes it holds [l.465], the layer-3 bonus [l.541]", UNLIMITED),
    "resources": ("Production [l.465]", UNLIMITED),
    "resource_types": ("Production on hexes of each resource [l.465]", 4),
    "workers": ("Population [l.478] and the layer-2 bonus [l.540]", 15),
    "building": ("Build a building: towns, forts, factories [l.506]", PIECES_PER_TYPE),
    "bridges": ("Special builds bridges while it has 0 or 1 [l.482]", SOLO.max_bridges),
    "ferries": ("Special builds ferries while it has 0 or 1 [l.486]", SOLO.max_ferries),
    "island_hexes": ("Movement sends navies and air forces to islands [l.474]", UNLIMITED),
    "island": ("Movement sends navies and air forces to islands [l.474]", 1),
    "foreign_hexes": ("Movement heads for the player's continent [l.473-474]", UNLIMITED),
    "water_hexes": ("Special trains navies [l.488], Movement moves them [l.474]", UNLIMITED),
    "upgraded": ("Upgrade a card upgrades only its 4 upgradable cards [l.498-500]", len(SOLO.upgrade_order)),
    "upgraded_card": ("Upgrade a card", lambda task: 1 if task.card in SOLO.upgrade_order else 0),
    "units": ("Special trains navies, armies and air forces [l.488]", PIECES_PER_TYPE),
    "military_units": ("Special trains navies, armies and air forces [l.488]", 3 * PIECES_PER_TYPE),
    "armed_workers": ("green Special hands a weapon to a worker [l.492]", UNLIMITED),
    "layers": ("Build your Monument [l.520]", 5),
    "battles_won": ("Build your Monument attacks when stronger [l.547]", UNLIMITED),
    "battles_fought": ("Build your Monument attacks when stronger [l.547]", UNLIMITED),
    "defended": ("no card: the AI cannot make the player attack it", 0),
    "power": ("Special trains units [l.488], Build a building builds forts [l.506]", UNLIMITED),
    "common_bonuses": ("only the random Layer-5 card it keeps [l.543]; its discards leave the game (B78)", 1),
}


def ai_can_meet(task) -> bool:
    most = AI_MEANS[task.kind][1]
    if callable(most):
        most = most(task)
    return (task.n or 1) <= most


def solo_pool(**options) -> set[str]:
    """Every quest id dealt into a solo game (both set-ups, the starting quests included)."""
    ids = set()
    for civs in (("greece", "egypt"), ("maya", "inca")):
        s = new_game(GameConfig(civs=civs, solo="easy", seed=3, options=RuleOptions(**options)))
        ids |= {q for deck in s.quest_decks.values() for q in deck}
        ids |= set(s.players[0].quests) | set(s.pending.options) | set(s.removed_cards)
    return ids


def test_every_task_kind_is_reasoned_about():
    assert set(AI_MEANS) == set(TASK_KINDS)


def test_the_ai_can_meet_every_task_of_every_quest_in_the_solo_pool():
    """B83 [l.516, l.553]: each task of each quest dealt in a solo game is within what the AI's cards can do."""
    from monuments_tui.rules.content import load_content

    quests = load_content().quest_by_id
    pool = solo_pool()
    assert len(pool) == len(quests_for(1, solo=True)) - len(SOLO.quests_the_ai_cannot_complete)
    for qid in sorted(pool):
        for task in quests[qid].tasks:
            assert ai_can_meet(task), f"{qid}: the AI cannot reach {task} ({AI_MEANS[task.kind][0]})"


def test_the_quests_left_out_are_those_the_ai_cannot_complete():
    """B83: data/solo.json leaves out exactly the quests of the solo pool with a task out of the AI's reach."""
    everything = quests_for(1, solo=True)
    out = {q.id for q in everything if not all(ai_can_meet(t) for t in q.tasks)}
    assert out == set(SOLO.quests_the_ai_cannot_complete) == {"q45-upgrades", "solo-23-progress"}
    assert [q.id for q in quests_the_ai_can_complete(everything)] == [q.id for q in everything if q.id not in out]


def test_0_3_0_kept_them_in_the_pool():
    """0.3.0 (`solo_pool_ai_can_complete` off) dealt the whole solo pool, as its saves replay."""
    assert {"q45-upgrades", "solo-23-progress"} <= solo_pool(solo_pool_ai_can_complete=False)
    assert not {"q45-upgrades", "solo-23-progress"} & solo_pool()
