"""The decision the game is waiting for.

A turn is a chain of pending decisions: playing a card opens a pending action, and
each of its steps is a command of its own. Every pending decision names the seat that
must answer it, which in a battle may be the defender rather than the player whose
turn it is. Pending values change only through `PendingSet` events.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from monuments_tui.rules.content import QuestDeck

Side = Literal["defender", "attacker"]
"""A side of a battle; the defender assigns its damage first [Attack, l.345, l.353]."""
AfterBonus = Literal["after_action", "personal_bonus"]
"""What follows a step a personal bonus may open: the action's end, or the bonus card's use [l.288]."""
AfterWeapon = Literal["after_action", "free"]
"""What follows a reassigned weapon: the action's end, or the green Train card's free weapon [l.327-329]."""
WeaponReason = Literal["free", "reassign"]
PlacementSource = Literal["bonus", "reassign"]


class Pending(msgspec.Struct, frozen=True, tag_field="kind", gc=False):
    """Base of every pending decision."""

    seat: int
    """The seat that must answer."""


class ChooseStartQuest(Pending, frozen=True, tag="start_quest"):
    """Set-up: keep one of the two starting quests dealt [Player set-up, l.154]."""

    options: tuple[str, ...] = ()


class ChooseStartResource(Pending, frozen=True, tag="start_resource"):
    """Set-up: place a starting resource on a hex that produces it [Player set-up, l.162]."""

    left: int = 2


class ChooseAction(Pending, frozen=True, tag="action"):
    """A turn begins: play a card, take back the discard pile, or turn in quests [l.206-207]."""


class AfterAction(Pending, frozen=True, tag="after_action"):
    """The action is done; quests may still be turned in before the turn ends [l.373]."""


class MovementStep(Pending, frozen=True, tag="movement"):
    """Movement: move up to `slots` different units [Movement, l.221-225]."""

    green: bool = False
    slots: int = 2
    """Units (and ferries) that may still move in this action."""
    moved: tuple[str, ...] = ()
    """Ids of units and ferries already moved in this action (none may move twice)."""
    steps: int = 0


class ProductionStep(Pending, frozen=True, tag="production"):
    """Production: produce on up to `left` more distinct land hexes [Production, l.229-234]."""

    green: bool = False
    left: int = 2
    chosen: tuple[str, ...] = ()


class BuildStep(Pending, frozen=True, tag="build"):
    """Build a building or repair one [Build a building, l.240-260]."""

    green: bool = False


class PopulateStep(Pending, frozen=True, tag="populate"):
    """Populate: one worker into a town, or up to two towns on green [Populate, l.264-266]."""

    green: bool = False
    left: int = 1
    towns: tuple[str, ...] = ()
    """Hexes already populated in this action (each town at most once)."""


class TradeStep(Pending, frozen=True, tag="trade"):
    """Trade with the bank up to `left` more times [Trade, l.385-387]."""

    green: bool = False
    left: int = 2
    done: int = 0


class UpgradeStep(Pending, frozen=True, tag="upgrade"):
    """Upgrade one red card from hand or discard [Upgrade an action, l.215]."""

    green: bool = False


class MonumentStep(Pending, frozen=True, tag="monument"):
    """Build the next layer of the monument [Build a layer of your monument, l.270-301]."""

    green: bool = False


class ChooseCommonBonus(Pending, frozen=True, tag="common_bonus"):
    """Choose one available common bonus of the layer just built [l.280-286, l.299]."""

    level: int = 1
    options: tuple[str, ...] = ()


class ChoosePersonalOption(Pending, frozen=True, tag="personal_bonus"):
    """Choose one option of the personal bonus card for the layer just built [l.288]."""

    card: str = ""


class Placement(msgspec.Struct, frozen=True):
    """One thing still to be placed from a bonus."""

    what: str
    """A resource name, "worker", a building ("town", "fort", "factory", "bridge",
    "ferry") or a unit ("navy", "army", "air"), or "weapon"."""
    source: PlacementSource = "bonus"
    """Why it is placed: "bonus" (personal bonus), "reassign" (the weapon of a worker
    replaced by a bonus unit: placed free, or back to the bank)."""


class PlaceStep(Pending, frozen=True, tag="place"):
    """Place what a bonus granted, one piece per command [l.288; Quests l.377]."""

    queue: tuple[Placement, ...] = ()
    then: AfterBonus = "after_action"
    """What follows once the queue is empty: "after_action", or "personal_bonus" (the
    personal bonus card is then used and the action ends)."""


class TrainStep(Pending, frozen=True, tag="train"):
    """Train one military unit or forge one weapon [Train a military unit, l.307-329]."""

    green: bool = False


class ChooseWeaponHolder(Pending, frozen=True, tag="give_weapon"):
    """Hand a weapon to one of your unarmed workers, or let it go back to the bank [l.327-329]."""

    reason: WeaponReason = "free"
    """"free": the green Train card's free weapon; "reassign": a trained worker's weapon."""
    then: AfterWeapon = "after_action"
    """What follows: "after_action", or "free" (the green card's free weapon is offered next)."""


class AttackStep(Pending, frozen=True, tag="attack"):
    """Declare an attack [Attack, l.333-337]."""

    green: bool = False


class AssignDamage(Pending, frozen=True, tag="damage"):
    """Choose which of your pieces take `damage` points of battle damage [l.345-353]."""

    damage: int = 0
    side: Side = "defender"
    """"defender" chooses first, then "attacker" [l.345, l.353]."""


class ChooseMoveIn(Pending, frozen=True, tag="move_in"):
    """The attacker moves at least one surviving unit into the taken hex [l.355]."""


class Retreat(Pending, frozen=True, tag="retreat"):
    """The defender's remaining units retreat to a neighbouring free hex [l.359]."""


class ChooseQuestsToKeep(Pending, frozen=True, tag="keep_quests"):
    """Keep at least one of the quest cards just drawn [Draw quest cards, l.367-369]."""

    deck: QuestDeck = "0-1"
    options: tuple[str, ...] = ()
    least: int = 1
    """Fewest cards to keep: 1 for the Draw quest cards action, 0 for a personal bonus."""
    then: AfterBonus = "after_action"
    """What follows: "after_action", or "personal_bonus" (the bonus card is then used)."""


class AiTurn(Pending, frozen=True, tag="ai_turn"):
    """The solo AI's turn: `AiAct` draws and resolves its next card(s) [Solo gameplay, l.452-460]."""


PendingAny = (
    ChooseStartQuest
    | ChooseStartResource
    | ChooseAction
    | AfterAction
    | MovementStep
    | ProductionStep
    | BuildStep
    | PopulateStep
    | TradeStep
    | UpgradeStep
    | MonumentStep
    | ChooseCommonBonus
    | ChoosePersonalOption
    | PlaceStep
    | TrainStep
    | ChooseWeaponHolder
    | AttackStep
    | AssignDamage
    | ChooseMoveIn
    | Retreat
    | ChooseQuestsToKeep
    | AiTurn
)
