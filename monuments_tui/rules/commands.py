"""Commands: what a player (or bot, or the AI deck) asks the game to do.

Commands are frozen, tagged msgspec Structs with imperative names. They carry no seat:
the seat is the one the pending decision names. Hex ids are upper-case ("D7").
"""

from __future__ import annotations

import msgspec


class Take(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """Pay `n` of `resource` from the resources on `hex`."""

    hex: str
    resource: str
    n: int = 1


class PieceAt(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """One of your pieces, named by its code and hex.

    Codes: "w" worker, "ws" worker with a weapon, "wh" worker with a horse, "wsh" both,
    "army", "navy", "air"; in damage choices also "town", "fort", "factory",
    "workshop", "farm".
    """

    piece: str
    hex: str


class Command(msgspec.Struct, frozen=True, tag_field="type", gc=False):
    """Base of every command."""


Payment = tuple[Take, ...]
"""An explicit payment; empty means "pay automatically" (see `payment.auto_payment`)."""


# -- set-up ------------------------------------------------------------------------------
class KeepStartQuest(Command, frozen=True, tag="keep_start_quest"):
    """Keep one of your two starting quests; the other is discarded [l.154]."""

    quest: str


class PlaceStartResource(Command, frozen=True, tag="place_start_resource"):
    """Place one of your two starting resources on a hex that produces it [l.162]."""

    resource: str
    hex: str


# -- turn --------------------------------------------------------------------------------
class PlayCard(Command, frozen=True, tag="play"):
    """Play an action card from your hand on its current side [l.206]."""

    card: str


class TakeBack(Command, frozen=True, tag="take_back"):
    """Take all your discarded action cards back into your hand [l.207]."""


class DiscardCard(Command, frozen=True, tag="discard"):
    """Discard a card for no effect: only when no card can be played and none taken back (B59)."""

    card: str


class TurnInQuest(Command, frozen=True, tag="turn_in"):
    """Turn in a completed quest; name a resource and hex if it earns the bonus resource [l.371-377]."""

    quest: str
    resource: str | None = None
    hex: str | None = None


class EndTurn(Command, frozen=True, tag="end_turn"):
    """End your turn after your action."""


class Done(Command, frozen=True, tag="done"):
    """Finish an action that allows "up to" several steps, after at least one."""


# -- movement ----------------------------------------------------------------------------
class Move(Command, frozen=True, tag="move"):
    """Move one unit from `src` to `dst` within its movement points [Movement, l.221-225]."""

    piece: str
    src: str
    dst: str
    carry: tuple[str, ...] = ()
    """Resources a worker carries from `src` (1, or more with bonuses or a horse)."""


class BoardFerry(Command, frozen=True, tag="board"):
    """Board one or two workers/armies onto a docked ferry; it is pushed to sea [l.223, l.254]."""

    ferry: str
    pieces: tuple[str, ...]
    carry: tuple[str, ...] = ()


class Sail(Command, frozen=True, tag="sail"):
    """Sail a ferry to a water hex, or to a land hex where its passengers get off [l.254]."""

    ferry: str
    dst: str


# -- production, building, populate, trade, upgrade -------------------------------------
class Produce(Command, frozen=True, tag="produce"):
    """Produce on one land hex [Production, l.229-234]."""

    hex: str


class Build(Command, frozen=True, tag="build"):
    """Build a building on a hex, or a bridge/ferry on the edge from `hex` to `to` [l.240-260]."""

    piece: str
    hex: str
    to: str | None = None
    pay: Payment = ()


class Repair(Command, frozen=True, tag="repair"):
    """Repair your damaged building on `hex` [l.242, l.260]."""

    piece: str
    hex: str
    pay: Payment = ()


class Populate(Command, frozen=True, tag="populate"):
    """Place a worker from your supply in your town on `hex` [Populate, l.264-266]."""

    hex: str


class Trade(Command, frozen=True, tag="trade"):
    """Trade with the bank: give `give`, take one `get` onto `hex` [Trade, l.385-387]."""

    give: str
    get: str
    hex: str
    pay: Payment = ()


class Upgrade(Command, frozen=True, tag="upgrade"):
    """Flip a red card to green, paying its upgrade cost [Upgrade an action, l.215]."""

    card: str
    pay: Payment = ()


# -- monument and bonuses ---------------------------------------------------------------
class BuildLayer(Command, frozen=True, tag="build_layer"):
    """Build your monument's next layer [l.270-301]."""

    pay: Payment = ()
    sacrifice: tuple[PieceAt, ...] = ()
    """Workers to sacrifice; empty means chosen automatically."""


class ChooseBonus(Command, frozen=True, tag="choose_bonus"):
    """Take an available common bonus card of the layer just built [l.280]."""

    card: str


class ChooseOption(Command, frozen=True, tag="choose_option"):
    """Choose option `option` (1-based) of your personal bonus card [l.288]."""

    option: int


class Place(Command, frozen=True, tag="place"):
    """Place one granted piece or resource on `hex` (a bridge or ferry on the edge to `to`) [l.288]."""

    what: str
    hex: str
    to: str | None = None


class SkipPlacement(Command, frozen=True, tag="skip_place"):
    """Give up a granted piece that cannot be placed (B17: do what is possible)."""


# -- military ----------------------------------------------------------------------------
class Train(Command, frozen=True, tag="train"):
    """Train a unit from a worker on `hex`; a navy goes on the water hex `to` [l.311]."""

    unit: str
    hex: str
    to: str | None = None
    pay: Payment = ()


class Forge(Command, frozen=True, tag="forge"):
    """Forge a weapon for an unarmed worker on `hex` [Weapons, l.327]."""

    hex: str
    pay: Payment = ()


class GiveWeapon(Command, frozen=True, tag="give_weapon"):
    """Hand the pending weapon to an unarmed worker on `hex`, or to nobody (None) [l.327-329]."""

    hex: str | None = None


class Attack(Command, frozen=True, tag="attack"):
    """Attack `target` with the listed units [Attack, l.333-337]."""

    target: str
    attackers: tuple[PieceAt, ...]


class Damage(Command, frozen=True, tag="damage"):
    """The pieces that take this side's battle damage [l.345-353]."""

    pieces: tuple[PieceAt, ...] = ()


class MoveIn(Command, frozen=True, tag="move_in"):
    """Surviving attackers that move into the taken hex [l.355]."""

    pieces: tuple[PieceAt, ...]


class RetreatTo(Command, frozen=True, tag="retreat"):
    """Retreat the defender's remaining units to `hex` [l.359]."""

    hex: str
    pieces: tuple[PieceAt, ...] = ()
    """With the `retreat` option "each": the units that go to `hex` (empty: all that can)."""


# -- quests ------------------------------------------------------------------------------
class KeepQuests(Command, frozen=True, tag="keep_quests"):
    """Keep these of the quest cards just drawn (at least one) [l.367-369]."""

    quests: tuple[str, ...]


# -- solo AI ------------------------------------------------------------------------------
class AiAct(Command, frozen=True, tag="ai"):
    """Let the solo AI take its decision: its whole turn, or its choice in a battle [Solo, l.452]."""


CommandAny = (
    KeepStartQuest
    | PlaceStartResource
    | PlayCard
    | TakeBack
    | DiscardCard
    | TurnInQuest
    | EndTurn
    | Done
    | Move
    | BoardFerry
    | Sail
    | Produce
    | Build
    | Repair
    | Populate
    | Trade
    | Upgrade
    | BuildLayer
    | ChooseBonus
    | ChooseOption
    | Place
    | SkipPlacement
    | Train
    | Forge
    | GiveWeapon
    | Attack
    | Damage
    | MoveIn
    | RetreatTo
    | KeepQuests
    | AiAct
)
