"""The guided first game's lessons: which one to show now. Pure (no Textual).

`lesson_now(before, after, events, seat, shown)` looks at one step of the game (the state
before it, the state after it and the events it caused) and gives the lesson whose moment
this is for the learner's seat, if it was not shown yet: set-up, the starting quest, the
first turn, movement, production, building, populating, taking cards back, the monument,
the first layer and its bonuses, quests drawn and turned in, and a battle. A lesson fires
when the learner first meets the decision it explains (the pending choice) or first sees
the thing happen (an event of the step). `lessons_shown` replays a history through it, so
what was shown is derived from the game itself and survives reloading and undo.

The texts are written from the rulebook in plain words; each cites its lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from monuments_tui.rules import events as ev, pending as pd
from monuments_tui.rules.board import Mode
from monuments_tui.rules.card_types import Civ
from monuments_tui.rules.config import GameConfig
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.quests import completable_quests
from monuments_tui.rules.state import GameState

LEARN_CIVS: tuple[Civ, ...] = ("greece", "egypt")
"""The guided game: Greece and Egypt, the pair the rulebook recommends for two [l.120]..."""
LEARN_SEATS = ("human", "heuristic")
"""...the new player as Greece, against the heuristic bot."""
LEARN_MODE: Mode = "abundance"
"""Recommended for first-time players: land enough without fighting [l.112]."""


def learning_config(seed: int) -> GameConfig:
    """The configuration of a guided first game."""
    return GameConfig(civs=LEARN_CIVS, mode=LEARN_MODE, seed=seed)


class Lesson(NamedTuple):
    id: str
    title: str
    text: str


_LESSONS = (
    # [Player set-up, l.152-162; Goal of the game, l.188-190]
    Lesson(
        "setup",
        "Welcome to Monuments",
        "You play Greece and build the Colossus of Rhodes, five layers high, on your monument hex. "
        "Each layer scores the most points of anything in the game. Your three workers "
        "stand on the monument hex. The player with the most victory points at the end wins.\n"
        "First, choose one of your two starting quests: a small task worth a point once you do it. "
        "Type its command (startquest ...) or press Tab to see both.",
    ),
    # [Player set-up, l.162]
    Lesson(
        "start_resource",
        "Your two starting resources",
        "Place two resources on the board, each on a hex that produces that kind (a forest gives wood, "
        "a pasture sheep). Put them next to your monument: your workers walk there in your first turn "
        "and then control them. Your first layer needs 1 wood and 1 sheep.",
    ),
    # [In a turn, l.204-207; Movement, l.221; Monument costs, l.170-171]
    Lesson(
        "first_turn",
        "Your first turn",
        "Each turn you do one thing: play one of your action cards (it goes to your discard pile), "
        "or take all your played cards back into your hand.\n"
        "In your very first turn only Movement (or drawing quest cards) may be played. "
        "Your goal for now: layer 1 needs workers on 3 land hexes (the monument hex does not count), "
        "1 wood and 1 sheep that your workers stand on, and 1 worker to give up. "
        "Type: play movement",
    ),
    # [Movement, l.221-223]
    Lesson(
        "movement",
        "Moving",
        "Move up to 2 of your pieces (3 once the card is upgraded), each one hex for a worker. "
        "Workers cannot cross a river without a bridge, nor enter a hex held by another player or "
        "another monument. A worker on a hex controls it and the resources on it, and can carry one "
        "resource along. Type: move w FROM TO (Tab lists them), and done when you are finished.",
    ),
    # [Production, l.229-231]
    Lesson(
        "production",
        "Producing",
        "Choose up to 2 land hexes where you have workers (3 once upgraded): every worker there makes "
        "one resource of the hex's kind, at most 3 per hex, and a hex holds at most 5. Resources stay "
        "on the board; you can spend them only while a worker of yours stands on them. "
        "Type: produce HEX, then done.",
    ),
    # [Build a building, l.240-254]
    Lesson(
        "build",
        "Building",
        "Pay with resources your workers control and build on (or next to) a hex you control: "
        "a town (1 sheep, 2 food) lets you add workers, a factory (2 sheep) produces without workers, "
        "a fort (1 metal, 1 wood) defends, a bridge (1 wood) crosses a river, a ferry (1 wood) "
        "carries two pieces over water.",
    ),
    # [Populate, l.262-264]
    Lesson(
        "populate",
        "New workers",
        "Populate puts one worker from your supply into a town of yours that already has 2 of your "
        "workers in it. More workers means more land, more production, and workers to give up for layers.",
    ),
    # [In a turn, l.207; Upgrade an action, l.215]
    Lesson(
        "take_back",
        "Taking your cards back",
        "A played card waits in your discard pile until you take the pile back: that uses a whole turn, "
        "and gives you all your cards again, each with the side (red or green) it had. "
        "Take them back when the cards left in your hand no longer help. Type: takeback",
    ),
    # [Build a layer of your monument, l.272-280]
    Lesson(
        "monument",
        "Building a layer",
        "To build the next layer you need workers (or armies) on enough land hexes, the layer's "
        "resources where your workers stand, and workers to give up: layer 1 takes 3 hexes, 1 wood, "
        "1 sheep and 1 worker. Type: layer (the game chooses what to pay), or Tab for the other ways.",
    ),
    # [Build a layer of your monument, l.280-288]
    Lesson(
        "first_layer",
        "Your first layer!",
        "Well done: layer 1 of the Colossus stands. You now choose two rewards. First a common bonus "
        "card of this layer: it helps you for the rest of the game (move further, produce more, train "
        "soldiers...). Then an option of your personal bonus card, used once: resources, workers or a "
        "building. Layer 2 needs 5 land hexes, 1 wood, 1 food, 1 metal, 1 sheep and 1 worker.",
    ),
    # [Draw quest cards, l.365-369]
    Lesson(
        "quests_drawn",
        "Quests",
        "You drew quest cards: keep at least one, or all of them. A kept quest scores its points when "
        "you complete it, but many cost points at the end if they are still undone, so keep the ones "
        "you can finish. Type: keep QUEST (Tab lists the ways).",
    ),
    # [Draw quest cards, l.373-375]
    Lesson(
        "turn_in",
        "A quest is done",
        "One of your quests is complete: turn it in during your turn to score its points "
        "(and, if your monument is still low enough, a bonus resource). Type: turnin, then Tab for the ways.",
    ),
    # [Attack, l.333-359]; one die per power point, ties to the defender, damage both ways (B28-B30)
    Lesson(
        "battle",
        "A battle",
        "An attack pits the power of the attacking pieces against the defenders' (army 3, fort 2, "
        "air force 2, town 1, armed worker 1). Each side rolls one special die per power point: "
        "each die shows 0, 1 or 2 pips. The attacker needs at least 1 pip and more than the defender "
        "to win; each pip is one power of damage the other side must take, win or lose. If the attacker "
        "wins, it moves in and the defender's other pieces retreat.",
    ),
)
LESSONS: dict[str, Lesson] = {lesson.id: lesson for lesson in _LESSONS}

_DECISIONS: dict[type, str] = {
    pd.ChooseStartQuest: "setup",
    pd.ChooseStartResource: "start_resource",
    pd.MovementStep: "movement",
    pd.ProductionStep: "production",
    pd.BuildStep: "build",
    pd.PopulateStep: "populate",
    pd.MonumentStep: "monument",
    pd.ChooseQuestsToKeep: "quests_drawn",
    pd.AttackStep: "battle",
    pd.AssignDamage: "battle",
}
"""The lesson of each decision, shown when the learner first has to make it."""


def learner_seat(seats: Sequence[str]) -> int:
    """The seat of the person learning: the first played by a person (0 if none is)."""
    return next((s for s, who in enumerate(seats) if who == "human"), 0)


def lesson_now(
    before: GameState | None,
    after: GameState,
    events: Iterable[ev.Event],
    seat: int,
    shown: frozenset[str] = frozenset(),
) -> Lesson | None:
    """The lesson for `seat` at this step (from `before` to `after` by `events`), if not shown yet.

    `before` is None at the start of the game. What happened comes first (a layer built, a
    battle fought), then the decision now waiting for the learner.
    """
    for lesson_id in _candidates(before, after, tuple(events), seat):
        if lesson_id not in shown:
            return LESSONS[lesson_id]
    return None


def _candidates(before: GameState | None, after: GameState, events: tuple[ev.Event, ...], seat: int) -> list[str]:
    found: list[str] = []
    for e in events:
        if isinstance(e, ev.LayerBuilt) and e.seat == seat:
            found.append("first_layer")
        elif isinstance(e, ev.BattleBegan) and seat in (e.battle.attacker, e.battle.defender):
            found.append("battle")
        elif isinstance(e, ev.CardsTakenBack) and e.seat == seat:
            found.append("take_back")
    pending = after.pending
    if pending is None or pending.seat != seat:
        return found
    player = after.players[seat]
    if isinstance(pending, (pd.ChooseAction, pd.AfterAction)):
        if isinstance(pending, pd.ChooseAction) and player.turns <= 1:
            found.append("first_turn")
        if _can_turn_in(after, seat):
            found.append("turn_in")
        if isinstance(pending, pd.ChooseAction) and len(player.discard) >= 4:
            found.append("take_back")  # half the cards played: taking back starts to pay
    lesson = _DECISIONS.get(type(pending))
    if lesson is not None:
        found.append(lesson)
    return found


def _can_turn_in(state: GameState, seat: int) -> bool:
    return bool(state.players[seat].quests) and bool(completable_quests(state, seat))


def lessons_shown(initial: GameState, steps: Iterable, seat: int) -> frozenset[str]:
    """The lessons a guided game showed `seat` over `steps` (each with its `events`), from `initial`."""
    shown: set[str] = set()
    before: GameState | None = None
    state = initial
    events: tuple[ev.Event, ...] = ()
    for step in [None, *steps]:
        if step is not None:
            before, events = state, tuple(step.events)
            state = fold(state, events)
        lesson = lesson_now(before, state, events, seat, frozenset(shown))
        if lesson is not None:
            shown.add(lesson.id)
    return frozenset(shown)
