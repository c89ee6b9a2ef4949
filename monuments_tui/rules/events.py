"""Events: what happened. `evolve` applies them without checks or randomness.

Events are frozen, tagged msgspec Structs with past-tense names. Every random outcome
(a shuffle, a draw, a die roll) is written into its event together with the generator's
new position `rng`, so replay and undo never draw again.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from monuments_tui.rules.commands import CommandAny
from monuments_tui.rules.content import ActionId, AiCardId, QuestDeck, Resource
from monuments_tui.rules.pending import PendingAny
from monuments_tui.rules.state import AiState, Battle, BattleRecord, Bridge, Building, Ferry, Phase, Unit

Equipment = Literal["weapon", "horse"]
"""What a worker carries besides resources: a weapon [l.327] or a horse (B21)."""
RemovalReason = Literal["sacrificed", "trained", "killed", "trapped"]
"""Why a unit left the board: for a monument layer [l.278], to become a military unit [l.311],
in battle [l.345-353], or with no hex to retreat to [l.359]."""
BankItem = Literal["weapon", "token"]
"""The bank's items other than resources: weapons and bridge/ferry tokens [Components, l.78-83]."""


class Event(msgspec.Struct, frozen=True, tag_field="type", gc=False):
    """Base of every event."""


# -- flow ---------------------------------------------------------------------------------
class PendingSet(Event, frozen=True, tag="pending"):
    """The game now waits for this decision (None: nothing, the game is over)."""

    pending: PendingAny | None


class PhaseChanged(Event, frozen=True, tag="phase"):
    """The game moved to "play" or "over"."""

    phase: Phase


class TurnBegan(Event, frozen=True, tag="turn_began"):
    """`seat` begins a turn in round `round`."""

    seat: int
    round: int


class FinalRoundBegan(Event, frozen=True, tag="final_round"):
    """A fifth layer was built: the current round is the last [Game end, l.391]."""

    seat: int


# -- cards ---------------------------------------------------------------------------------
class CardPlayed(Event, frozen=True, tag="card_played"):
    """An action card left the hand to be resolved."""

    seat: int
    card: ActionId


class CardDiscarded(Event, frozen=True, tag="card_discarded"):
    """The card in play (or a card from hand) went to the discard pile, same side up [l.206]."""

    seat: int
    card: ActionId


class CardsTakenBack(Event, frozen=True, tag="cards_taken_back"):
    """The whole discard pile went back into the hand [l.207]."""

    seat: int


class CardUpgraded(Event, frozen=True, tag="card_upgraded"):
    """A card was flipped to its green side [l.215] (the solo AI's cards too, B75)."""

    seat: int
    card: ActionId | AiCardId


# -- resources -----------------------------------------------------------------------------
class ResourcesGained(Event, frozen=True, tag="gained"):
    """`n` of `resource` came from the bank onto `hex`."""

    hex: str
    resource: Resource
    n: int


class ResourcesSpent(Event, frozen=True, tag="spent"):
    """`n` of `resource` left `hex` for the bank."""

    hex: str
    resource: Resource
    n: int


class ResourcesCarried(Event, frozen=True, tag="carried"):
    """Resources were carried from `src` to `dst`."""

    src: str
    dst: str
    resources: tuple[Resource, ...]


class BankChanged(Event, frozen=True, tag="bank"):
    """A bank item other than a resource changed (weapons, bridge/ferry tokens)."""

    item: BankItem
    delta: int


# -- pieces --------------------------------------------------------------------------------
class UnitPlaced(Event, frozen=True, tag="unit_placed"):
    """A unit came from its owner's supply onto the board."""

    unit: Unit


class UnitMoved(Event, frozen=True, tag="unit_moved"):
    """A unit moved to `hex` (aboard `ferry`, or on land/open water when None)."""

    unit: str
    hex: str
    ferry: str | None = None


class UnitRemoved(Event, frozen=True, tag="unit_removed"):
    """A unit left the board and went back to its owner's supply."""

    unit: str
    reason: RemovalReason


class UnitEquipped(Event, frozen=True, tag="unit_equipped"):
    """A worker gained or lost a weapon or a horse."""

    unit: str
    item: Equipment
    value: bool


class SupplyChanged(Event, frozen=True, tag="supply"):
    """A player's supply of a piece changed (`set_aside` moves pieces from the set-aside pool)."""

    seat: int
    piece: str
    delta: int
    from_set_aside: bool = False


class TokensChanged(Event, frozen=True, tag="tokens"):
    """A player's ability tokens changed."""

    seat: int
    token: str
    delta: int


class BuildingPlaced(Event, frozen=True, tag="building_placed"):
    building: Building


class BuildingDamaged(Event, frozen=True, tag="building_damaged"):
    building: str


class BuildingRepaired(Event, frozen=True, tag="building_repaired"):
    building: str


class BuildingRemoved(Event, frozen=True, tag="building_removed"):
    """A building left the board (the AI's buildings are destroyed, not damaged)."""

    building: str


class BridgeBuilt(Event, frozen=True, tag="bridge_built"):
    bridge: Bridge


class FerryBuilt(Event, frozen=True, tag="ferry_built"):
    ferry: Ferry


class FerryMoved(Event, frozen=True, tag="ferry_moved"):
    """A ferry moved to the centre of `water`, or docked against `land`."""

    ferry: str
    water: str
    land: str | None = None


# -- monument, bonuses ---------------------------------------------------------------------
class LayerBuilt(Event, frozen=True, tag="layer_built"):
    seat: int
    layer: int


class CommonBonusTaken(Event, frozen=True, tag="common_bonus_taken"):
    """A common bonus card left its pile for a player (seat) or the game (seat None)."""

    card: str
    level: int
    seat: int | None = None


class PersonalBonusUsed(Event, frozen=True, tag="personal_bonus_used"):
    """A personal bonus card was resolved and put at the bottom of the deck [l.288]."""

    seat: int
    card: str


# -- quests --------------------------------------------------------------------------------
class QuestsDealt(Event, frozen=True, tag="quests_dealt"):
    """Cards went from a quest deck to a pending choice (or straight to the AI's stack)."""

    seat: int
    deck: QuestDeck
    cards: tuple[str, ...]
    rng: int = 0


class QuestDeckShuffled(Event, frozen=True, tag="quest_deck_shuffled"):
    """A quest deck's discards were shuffled into a new deck [l.154, l.381]."""

    deck: QuestDeck
    order: tuple[str, ...]
    rng: int


class QuestsKept(Event, frozen=True, tag="quests_kept"):
    """`kept` went to the player's quests in progress; `discarded` to the deck's discards."""

    seat: int
    deck: QuestDeck
    kept: tuple[str, ...]
    discarded: tuple[str, ...]


class QuestCompleted(Event, frozen=True, tag="quest_completed"):
    seat: int
    quest: str


# -- battle --------------------------------------------------------------------------------
class BattleBegan(Event, frozen=True, tag="battle_began"):
    """An attack was declared and both sides rolled [Attack, l.337-341]."""

    battle: Battle
    rng: int


class BattleUpdated(Event, frozen=True, tag="battle_updated"):
    """Losses recorded so far in the battle being resolved."""

    battle: Battle


class BattleEnded(Event, frozen=True, tag="battle_ended"):
    record: BattleRecord


# -- solo AI ---------------------------------------------------------------------------------
class AiStateSet(Event, frozen=True, tag="ai_state"):
    """The solo AI deck's state after a step; a shuffle carries the generator's new position `rng`."""

    ai: AiState
    rng: int = 0


# fmt: off
AiReport = Literal[  # grouped by the card (or step) that reports it
    "pile_empty", "reshuffled", "draw_pile_reshuffled", "drew", "nothing_turn_ends", "nothing_draws_next",
    "idle_cycle", "chose",
    "produced", "produced_nothing", "populated", "populated_nothing",
    "upgraded", "all_upgraded", "moved", "moved_nothing",
    "build_first_poor", "build_first_no_site", "built_first_town", "build_all_built", "build_poor",
    "build_no_site", "built",
    "quest_deck_empty", "quest_drawn",
    "monument_short", "monument_complete", "layer_built", "bonus_kept", "bonus_discarded",
    "bonus_move", "bonus_workers", "bonus_no_worker", "bonus_resources", "bonus_no_room", "bonus_no_unit",
    "no_attack", "attacked",
    "bridge_not_useful", "bridge_not_possible", "ferry_not_possible", "piece_built", "special_all_placed",
    "unit_rolled", "train_poor", "train_keeps_workers", "train_no_worker", "train_no_type", "train_no_site",
    "trained", "armed", "armed_nobody",
]
# fmt: on
"""What an `AiReported` line tells; its words are templates in `monuments_tui.game.narration`."""
ShortOf = Literal["land", "resources", "workers"]
PileName = Literal["draw", "discard", "set_aside"]


class Amount(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """`n` of `resource` on `hex`: a payment, a production, a bonus placed."""

    hex: str
    resource: Resource
    n: int


class Shortfall(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """The AI has `have` of `what` where a monument layer needs `need` [l.529-536]."""

    what: ShortOf
    have: int
    need: int


class AiReported(Event, frozen=True, tag="ai_report", omit_defaults=True):
    """A line of the AI's turn for the log, as data: what happened (`what`) and its facts.
    No effect on the state. Each field is set only where `what` has it."""

    seat: int
    what: AiReport
    card: AiCardId | None = None
    """The AI card concerned (drawn, resolved, upgraded, or whose command this is)."""
    next_card: AiCardId | None = None
    """The new top of the draw pile after a draw (None: a reshuffle comes next)."""
    cards: tuple[str, ...] = ()
    """AI cards back from the side, or the common bonus card taken or discarded."""
    layer: int | None = None
    """The monument layer concerned (built, short of, or whose bonus this is)."""
    count: int | None = None
    """The number the line names: a cost, pieces built, workers kept, reshuffles again."""
    rolls: tuple[int, ...] = ()
    """D6 faces in order; for an attack, the sums of the AI's and the player's dice."""
    power: tuple[int, ...] = ()
    """For an attack, the AI's power and the player's defence."""
    kind: str | None = None
    """A unit, building or piece kind, a quest deck, a difficulty, or the pile a card was in."""
    hexes: tuple[str, ...] = ()
    paid: tuple[Amount, ...] = ()
    gained: tuple[Amount, ...] = ()
    short: tuple[Shortfall, ...] = ()
    commands: tuple[CommandAny, ...] = ()


class AiNarrated(Event, frozen=True, tag="ai_narrated"):
    """Read from format-1 saves only: a line of the AI's turn in words. Today's rules
    record an `AiReported`; a format-1 save's narration is not compared on load."""

    seat: int
    text: str


DrawPurpose = Literal["unit_type", "building_type", "tie_break", "sacrifice_tie_break", "common_bonus"]
"""What a random draw decided: the AI's D6 for a military unit [l.488] or a building [l.510],
a tie between options equally good for the AI (B79), which worker it sacrifices on a tie,
or which common bonus it discards or keeps (B77, B78)."""


class RandomDrawn(Event, frozen=True, tag="draw"):
    """The generator drew `value`, 1 to `of` (a die's face, or the value-th of `of` options), for `purpose`."""

    rng: int
    value: int
    of: int
    purpose: DrawPurpose


class RngAdvanced(Event, frozen=True, tag="rng"):
    """Read from format-1 saves only: the generator moved, with the draw described in words.
    Today's rules record a `RandomDrawn` instead; a format-1 save is compared by `rng` alone."""

    rng: int
    note: str = ""


class GameEnded(Event, frozen=True, tag="game_ended"):
    """The last round is over [Game end, l.391]."""


EventAny = (
    PendingSet
    | PhaseChanged
    | TurnBegan
    | FinalRoundBegan
    | CardPlayed
    | CardDiscarded
    | CardsTakenBack
    | CardUpgraded
    | ResourcesGained
    | ResourcesSpent
    | ResourcesCarried
    | BankChanged
    | UnitPlaced
    | UnitMoved
    | UnitRemoved
    | UnitEquipped
    | SupplyChanged
    | TokensChanged
    | BuildingPlaced
    | BuildingDamaged
    | BuildingRepaired
    | BuildingRemoved
    | BridgeBuilt
    | FerryBuilt
    | FerryMoved
    | LayerBuilt
    | CommonBonusTaken
    | PersonalBonusUsed
    | QuestsDealt
    | QuestDeckShuffled
    | QuestsKept
    | QuestCompleted
    | BattleBegan
    | BattleUpdated
    | BattleEnded
    | AiStateSet
    | AiReported
    | AiNarrated
    | RandomDrawn
    | RngAdvanced
    | GameEnded
)
