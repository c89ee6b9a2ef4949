"""The game state: everything that changes during a game.

The static world map lives in `board`, the cards in `content`; the state refers to them
by id. States are msgspec Structs so that they copy, compare and serialise exactly.
`evolve` never mutates a state it is given: the new state shares the parts it leaves
alone (`draft`), so nothing may change a state once it is made, except a whole copy
(`copy_state`) its maker owns.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, Literal, TypeGuard, TypeVar, get_args

import msgspec

from monuments_tui.rules.config import Difficulty, GameConfig
from monuments_tui.rules.content import ActionId, AiCardId, Civ, QuestDeck, Resource
from monuments_tui.rules.pending import PendingAny

Phase = Literal["setup", "play", "over"]
AiOutcome = Literal["", "done", "nothing", "reshuffled", "set aside", "attacks"]
"""What the solo AI's last card did [l.452-460], for its panel."""
"""Set-up [Set-up, l.118-166], the turns of play [l.204], and the end [Game end, l.391]."""
MilitaryKind = Literal["navy", "army", "air"]
UnitKind = Literal["worker", MilitaryKind]
"""Workers and the three military units [Components, Per player, l.93-99]."""
HexBuildingKind = Literal["town", "fort", "factory"]
"""The buildings of the Build action [Buildings, l.244-250]; at most one of each per hex (B53)."""
AbilityBuildingKind = Literal["workshop", "farm"]
"""Buildings that only an ability card builds (B21)."""
BuildingKind = Literal[HexBuildingKind, AbilityBuildingKind]

MILITARY: tuple[MilitaryKind, ...] = get_args(MilitaryKind)
HEX_BUILDINGS: tuple[HexBuildingKind, ...] = get_args(HexBuildingKind)
ABILITY_BUILDINGS: tuple[AbilityBuildingKind, ...] = get_args(AbilityBuildingKind)


def is_military(kind: str) -> TypeGuard[MilitaryKind]:
    """Whether a command's word names a military unit."""
    return kind in MILITARY


def is_building(kind: str) -> TypeGuard[BuildingKind]:
    """Whether a command's word names a building that stands on a hex (not a bridge or ferry)."""
    return kind in HEX_BUILDINGS or kind in ABILITY_BUILDINGS


PIECE_LIMITS = {
    "worker": 15,
    "fort": 3,
    "town": 3,
    "factory": 3,
    "air": 3,
    "navy": 3,
    "army": 3,
}
"""Pieces per player [Components, Per player, l.93-99]."""

BANK_START = {"wood": 25, "sheep": 25, "metal": 25, "food": 25, "weapon": 25, "token": 25}
"""The shared bank: 25 of each resource, 25 weapons, 25 bridge/ferry tokens [l.78-83]."""


class Unit(msgspec.Struct, gc=False):
    """A worker or military unit on the board."""

    id: str
    owner: int
    kind: UnitKind
    hex: str
    """The hex it stands in; for a ferry passenger, the ferry's water hex."""
    ferry: str | None = None
    """The ferry it is aboard, if any."""
    weapon: bool = False
    horse: bool = False


class Building(msgspec.Struct, gc=False):
    """A town, fort, factory (or an ability's workshop or farm) on a land hex."""

    id: str
    owner: int
    kind: BuildingKind
    hex: str
    damaged: bool = False


class Bridge(msgspec.Struct, gc=False):
    """A bridge over the edge between hexes `a` and `b`; it belongs to nobody [l.252]."""

    id: str
    a: str
    b: str
    builder: int


class Ferry(msgspec.Struct, gc=False):
    """A ferry: docked against `land` on the edge with `water`, or at the centre of `water` [l.254].

    Ferry ids ("ferry12") never look like hex ids, so a ferry's cargo can be kept in
    `GameState.resources` under its id.
    """

    id: str
    water: str
    land: str | None
    """The land hex it is docked against, or None when it is at the centre of `water`."""
    builder: int


class Player(msgspec.Struct):
    """One seat's cards, pieces in supply and progress."""

    seat: int
    civ: Civ
    hand: list[ActionId]
    discard: list[ActionId] = []
    green: list[ActionId | AiCardId] = []
    """Ids of the action cards this player has upgraded (the solo AI's: its AI cards, B75)."""
    layers: int = 0
    supply: dict[str, int] = {}
    """Pieces available to bring into play."""
    set_aside: dict[str, int] = {}
    """Pieces locked until a personal bonus unlocks them [l.158]."""
    bonuses: list[str] = []
    """Common bonus cards held, in the order taken."""
    personal_deck: list[str] = []
    """Personal bonus cards, top first."""
    ability: str | None = None
    score_card: str = "vanilla"
    quests: list[str] = []
    """Quests in progress: hidden from the other players [l.369]."""
    battles_at_draw: dict[str, int] = {}
    """For each quest in progress, how many battles the log held when it was kept (B26);
    a quest missing here (the solo AI's starting quest) counts from the start of the game."""
    completed: list[str] = []
    turns: int = 0
    """Turns this player has begun."""
    tokens: dict[str, int] = {}
    """Ability tokens still in hand (horses, workshops, farms)."""


class BattleOutcome(msgspec.Struct, frozen=True):
    """Who fought whom where, the rolls and the losses: what a battle in progress and its
    record share [Attack, l.337-359]."""

    attacker: int
    defender: int
    target: str
    origins: tuple[str, ...]
    """The hexes the attackers came from."""
    attack_power: int
    defence_power: int
    attack_pips: tuple[int, ...]
    defence_pips: tuple[int, ...]
    attacker_won: bool
    attacker_losses: tuple[str, ...] = ()
    defender_losses: tuple[str, ...] = ()


class Battle(BattleOutcome, frozen=True, kw_only=True):
    """A battle being resolved: damage, take-over and retreat are choices of their own."""

    attackers: tuple[str, ...]
    """Ids of the attacking units."""


class BattleRecord(BattleOutcome, frozen=True, kw_only=True):
    """One battle, kept for the log and for battle quests [B26]."""

    round: int


class AiState(msgspec.Struct):
    """The solo AI's deck of 8 action cards [Solo set-up, l.438; Gameplay, l.452-460].

    The top of `draw` is always visible (l.438). Cards set aside (Special, Build a
    building) are in neither pile until a full reshuffle brings them back (B80). The
    AI's upgraded cards are its player's `green` list, so scoring counts them (B75).
    """

    difficulty: Difficulty
    draw: list[AiCardId] = []
    """The draw pile, top first."""
    discard: list[AiCardId] = []
    set_aside: list[AiCardId] = []
    card: AiCardId | None = None
    """The card drawn last (being resolved, or resolved in the AI's last turn)."""
    outcome: AiOutcome = ""
    """What the last card did, a code the app's AI panel shows ("" while it is resolved)."""


class GameState(msgspec.Struct, dict=True):
    """The whole dynamic state of a game.

    Facts about its pieces (`board_fact`: who stands where, where a unit can go) are kept
    in its `__dict__`, which is never encoded or compared.
    """

    config: GameConfig
    players: list[Player]
    units: dict[str, Unit] = {}
    buildings: dict[str, Building] = {}
    bridges: dict[str, Bridge] = {}
    ferries: dict[str, Ferry] = {}
    resources: dict[str, dict[Resource, int]] = {}
    """Resources lying on each hex: hex id -> resource -> count."""
    bank: dict[str, int] = {}
    quest_decks: dict[QuestDeck, list[str]] = {}
    """Face-down quest decks "0-1", "2-3", "4-5", top first."""
    quest_discards: dict[QuestDeck, list[str]] = {}
    common_piles: dict[int, list[str]] = {}
    """Common bonus cards still available, by level 1..5."""
    start_quests: dict[int, list[str]] = {}
    """Starting quests dealt to each seat and not yet chosen, by seat: hidden [l.154]."""
    removed_cards: list[str] = []
    """Cards out of the game (unused starting quests, the AI's discarded bonuses)."""
    rng: int = 0
    """Position of the game's random generator."""
    round: int = 0
    current: int = 0
    """The seat whose turn it is."""
    phase: Phase = "setup"
    final_round: bool = False
    """Someone has built layer 5: this round is the last [Game end, l.391]."""
    pending: PendingAny | None = None
    card_in_play: ActionId | None = None
    """The action card being resolved this turn."""
    battle: Battle | None = None
    battles: list[BattleRecord] = []
    next_id: int = 1
    """Counter for the ids of new pieces."""
    ai: AiState | None = None
    """The solo AI's deck, or None in a multiplayer game."""

    def player(self, seat: int) -> Player:
        """The player in `seat`."""
        return self.players[seat]

    @property
    def seats(self) -> int:
        """Number of seats."""
        return len(self.players)


T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(GameState)


def copy_state(state: GameState) -> GameState:
    """A deep copy of `state` that its caller owns whole and may change (a msgpack round trip)."""
    return _decoder.decode(_encoder.encode(state))


PIECE_FIELDS = ("units", "buildings", "bridges", "ferries")
"""The parts of a state a `board_fact` may depend on (with the game's configuration)."""


class PieceChanges(msgspec.Struct, frozen=True):
    """The units and buildings a step changed: (the piece before, the piece after), None
    where it was not yet placed or is removed."""

    units: tuple[tuple[Unit | None, Unit | None], ...] = ()
    buildings: tuple[tuple[Building | None, Building | None], ...] = ()


FACT_UPDATES: dict[str, Callable[[GameState, Any, PieceChanges, Hashable], Any]] = {}
"""For the facts a step's changes can update (by the first part of their key), the update:
(new state, the fact of the state before, the changes, key) -> the fact, or None to work
it out afresh. `piece_index` registers them; any other fact is worked out afresh."""


def board_fact(state: GameState, key: K, compute: Callable[[GameState, K], T]) -> T:
    """`compute(state, key)`, a fact about the pieces on the board of `state`, worked out once.

    It may depend only on `PIECE_FIELDS` and the configuration: a state never changes once
    made, and a later state whose events move no piece shares the facts of the one before
    (`draft`); one whose events changed some units or buildings updates the facts listed in
    `FACT_UPDATES` from the ones before. The value is shared by every caller, so nobody
    may change it.
    """
    facts = state.__dict__.get("facts")
    if facts is None:
        facts = state.__dict__["facts"] = {}
    elif key in facts:
        known: T = facts[key]
        return known
    value: T | None = _updated(state, key)
    if value is None:
        value = compute(state, key)  # a function and its key, not a closure: facts are asked for thousands of times
    facts[key] = value
    return value


def _updated(state: GameState, key: Hashable) -> Any:
    """The fact `key` updated from the state before, if that one knows it and it can be."""
    before = state.__dict__.get("before")
    if before is None:
        return None
    known, changes = before
    update = FACT_UPDATES.get(key if isinstance(key, str) else key[0])  # type: ignore[index]
    if update is None or key not in known:
        return None
    return update(state, known[key], changes, key)


def seat_fact(state: GameState, seat: int, key: K, compute: Callable[[GameState, int, K], T]) -> T:
    """`compute(state, seat, key)`, a fact about `seat`'s own units and buildings only (with the game's
    configuration), worked out once. A later state keeps it while none of that seat's units
    and buildings changed (`share_board_facts`), however the other seats' pieces, the
    resources or the cards change. The value is shared by every caller, so nobody may
    change it."""
    seats = state.__dict__.get("seats")
    facts = seats.get(seat) if seats is not None else None
    if facts is None:
        facts = _seat_facts(state, seat)
    elif key in facts:
        known: T = facts[key]
        return known
    value = facts[key] = compute(state, seat, key)
    return value


def _seat_facts(state: GameState, seat: int) -> dict[Hashable, Any]:
    seats: dict[int, dict[Hashable, Any]] | None = state.__dict__.get("seats")
    if seats is None:
        seats = state.__dict__["seats"] = {}
    facts = seats.get(seat)
    if facts is None:
        facts = seats[seat] = {}
    return facts


def share_board_facts(before: GameState, after: GameState, changed: Iterable[tuple[str, str]]) -> None:
    """Let `after` use the facts of `before` if their pieces are the very same objects; else
    let it update them from `changed`, the (field, id) of every unit and building changed."""
    if (
        after.units is before.units
        and after.buildings is before.buildings
        and after.bridges is before.bridges
        and after.ferries is before.ferries
    ):  # the PIECE_FIELDS
        after.__dict__["facts"] = before.__dict__.setdefault("facts", {})
        if "seats" in before.__dict__:
            after.__dict__["seats"] = before.__dict__["seats"]
        if "before" in before.__dict__:  # what the shared facts not yet known are updated from
            after.__dict__["before"] = before.__dict__["before"]
        return
    units: list[tuple[Any, Any]] = []
    buildings: list[tuple[Any, Any]] = []
    for field, piece_id in changed:
        was, now = getattr(before, field).get(piece_id), getattr(after, field).get(piece_id)
        if was is not now:
            (units if field == "units" else buildings).append((was, now))
    changes = PieceChanges(tuple(units), tuple(buildings))
    after.__dict__["before"] = (before.__dict__.setdefault("facts", {}), changes)
    seats = before.__dict__.get("seats")
    if seats:  # each seat whose own pieces are the same keeps its facts
        moved = {p.owner for change in (*units, *buildings) for p in change if p is not None}
        after.__dict__["seats"] = {seat: facts for seat, facts in seats.items() if seat not in moved}


def forget_board_facts(state: GameState) -> None:
    """Drop the facts kept on `state`: its owner is about to change it in place."""
    for kept in ("facts", "seats", "before", "folded"):
        state.__dict__.pop(kept, None)
