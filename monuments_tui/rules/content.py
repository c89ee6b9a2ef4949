"""Card content of Monuments: typed, validated and loaded once from `data/cards/*.json`.

Every card of the game lives in a JSON file `{"about": ..., "cards": [...]}`. This module
decodes those files into frozen msgspec Structs, has them checked (`content_checks`:
counts from the component list [Components, Cards, l.63-74], unique ids, valid
references, the rules review's constraints) and raises `ContentError` naming every
problem if the data is wrong.

Cards whose face the rulebook does not print carry `designed=True` and a one-line `reason`;
`source` cites the rulebook lines (l.N) and review items (Bn) the card rests on.

Sequences are tuples (the content is shared and cached); treat the dict fields
(`upgrade_cost`, `supply`, `token_cost`) as read-only and copy them before changing.

Pure: standard library and msgspec only; no file system access beyond the package data.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from importlib import resources
from typing import Generic, Literal, TypeVar, get_args

import msgspec

# --------------------------------------------------------------------------- vocabularies

Resource = Literal["wood", "food", "metal", "sheep"]
"""The four resource types [Monument costs, l.170]."""
Civ = Literal["greece", "egypt", "maya", "inca"]
"""The civilisations of the core game, in canonical order [Story, l.103-108]."""
PlayerMark = Literal[2, 3, 4]
"""The 2+/3+/4+ icon: the card is used only with at least this many players [l.146]."""
SupplyPiece = Literal["town", "fort", "factory", "navy", "army", "air"]
ActionId = Literal[
    "upgrade", "movement", "production", "build", "populate",
    "monument", "train", "attack", "quest", "trade",
]
AiCardId = Literal[
    "production", "movement", "population", "special", "upgrade", "build", "quest", "monument",
]
BonusEffect = Literal[
    "military_allowance", "worker_move", "worker_carry", "movement_units", "production_hexes",
    "building_discount", "upgrade_discount", "trade_rate", "populate_one", "monument_discount",
    "quest_draw", "fort_power", "vp",
]
OptionKind = Literal["resources", "workers", "building", "unit", "quests", "unlock", "weapons"]
AbilityEffect = Literal["horses", "naval_assault", "workshop", "farm"]
ExtraKind = Literal[
    "towns", "forts", "factories", "island_hexes", "completed_quests", "armed_workers",
    "water_hexes", "bridges_built",
]
QuestDeck = Literal["start", "0-1", "2-3", "4-5"]
SoloMark = Literal["both", "multi_only", "solo_only"]
TaskKind = Literal[
    "land", "resource", "resources", "resource_types", "workers", "building", "bridges",
    "ferries", "island_hexes", "island", "foreign_hexes", "water_hexes", "upgraded",
    "upgraded_card", "units", "military_units", "armed_workers", "layers", "battles_won",
    "battles_fought", "defended", "power", "common_bonuses",
]
Reshuffle = Literal["always", "after_upgrades", "never"]

RESOURCES: tuple[str, ...] = get_args(Resource)
CIVS: tuple[str, ...] = get_args(Civ)
SUPPLY_PIECES: tuple[str, ...] = get_args(SupplyPiece)
ACTION_IDS: tuple[str, ...] = get_args(ActionId)
AI_CARD_IDS: tuple[str, ...] = get_args(AiCardId)
BONUS_EFFECTS: tuple[str, ...] = get_args(BonusEffect)
OPTION_KINDS: tuple[str, ...] = get_args(OptionKind)
TASK_KINDS: tuple[str, ...] = get_args(TaskKind)
EXTRA_KINDS: tuple[str, ...] = get_args(ExtraKind)

QUEST_ISLAND_REGIONS = ("madagascar", "greenland", "uk", "easter_island", "hawaii", "cuba", "island7")
"""Island region ids a quest's `island` task may name (islands 1-7, Set-up l.124-144)."""

# --------------------------------------------------------------------------- defaults (one place)

PIECES_PER_TYPE = 3
"""Each player owns 3 of every building and military unit [Components, Per player, l.94-99]."""
SCORE_DEFAULTS = {
    "layer_vp": 6, "resource_div": 3, "worker_div": 2, "land_vp": 1, "power_div": 3, "upgrade_vp": 1,
}
"""Default (vanilla) scoring lines [Goal of the game, l.190-196]."""
QUEST_VALUES: dict[str, tuple[int, int]] = {
    "start": (1, 0), "0-1": (1, 0), "2-3": (2, -1), "4-5": (3, -2),
}
"""(VP when completed, VP when not) per quest deck: l.197-198 paired by deck (review B24)."""
AI_SCORE_CARD = {"easy": "ai1", "hard": "ai1", "normal": "ai2", "insane": "ai2"}
"""Score card used by the AI at each difficulty: 2 cards for 4 levels (review B23)."""
SOLO_PLAYER_MARK = 2
"""Solo uses the 2-player layout, so cards marked 3+/4+ are removed (l.434-436; review B25)."""
TOKENS = {"horses": 2, "workshop": 3, "farm": 3, "naval_assault": 0}
"""Ability tokens in the box [Components, Tokens, l.84-86]."""

# --------------------------------------------------------------------------- structs


class ContentError(ValueError):
    """The card data files are missing, malformed or inconsistent."""


class _Frozen(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base: immutable; unknown JSON fields are an error (catches typos).

    msgspec applies `kw_only` per class, so every subclass repeats it; that lets required
    fields follow inherited fields that have defaults.
    """


class Card(_Frozen, kw_only=True):
    """The fields every card has."""

    id: str
    """Short lower-case id, unique within its card type."""
    text: str
    """The card as the game shows it."""
    designed: bool = False
    """True if (part of) the face is not printed in the rulebook and was designed for this app."""
    reason: str = ""
    """Why it was designed; required when `designed`."""
    source: str = ""
    """Rulebook lines (l.N) and review items (Bn) this card rests on."""


class ActionCard(Card, kw_only=True):
    """One of the 10 action cards [Action cards, l.211-387]."""

    id: ActionId
    name: str
    red_text: str
    green_text: str
    upgrade_cost: dict[Resource, int]
    """Printed cost to flip this card to green (before discounts) [l.215]."""


class CommonBonus(Card, kw_only=True):
    """A common bonus card, taken after building a monument layer [l.280-286]."""

    level: Literal[1, 2, 3, 4, 5]
    effect: BonusEffect
    amount: int = 1
    """Size of the effect per copy (e.g. +1 worker movement)."""
    copy_mark: Literal[1, 2] = 1
    """How many copies of this effect one player may hold, over all levels [l.282]."""
    min_players: PlayerMark = 2
    vp: int = 0
    """End-game VP (level 5 only) [l.299]."""


class Option(_Frozen, kw_only=True):
    """One of the three choices on a personal bonus layer card [l.284-288]."""

    kind: OptionKind
    text: str
    resources: tuple[Resource, ...] = ()
    """kind "resources": the resources placed, each on a matching hex with your worker."""
    count: int = 1
    """kind workers/quests/weapons: how many; kind unlock: how many pieces; else 1."""
    piece: str = ""
    """building: town/fort/factory/bridge/ferry; unit: navy/army/air; unlock: a supply piece."""


class PersonalBonusCard(Card, kw_only=True):
    """A personal bonus card: layer 0 is the set-up card, 1-4 the layer cards (B15)."""

    deck: Literal["a", "b", "c", "d"]
    layer: Literal[0, 1, 2, 3, 4]
    supply: dict[SupplyPiece, int] = {}
    """Set-up card only: pieces available from the start; the rest is set aside [l.156-158]."""
    options: tuple[Option, ...] = ()
    """Layer cards only: exactly three options."""

    @property
    def set_aside(self) -> dict[str, int]:
        """Set-up card: pieces of each type set aside until unlocked (3 minus the supply)."""
        return {p: PIECES_PER_TYPE - self.supply.get(p, 0) for p in SUPPLY_PIECES}


class Ability(Card, kw_only=True):
    """A civilisation's ability card [l.160; review B21]."""

    civ: Civ
    name: str
    effect: AbilityEffect
    tokens: int = 0
    """Tokens of this ability in the box (horses 2, workshops 3, farms 3)."""
    token_cost: dict[Resource, int] = {}
    """Cost to build one token on the board (workshop, farm); empty if not built."""


class Civilisation(_Frozen, kw_only=True):
    """A civilisation and the monument it builds [Components, l.57-60; Player set-up, l.152]."""

    id: Civ
    monument: str
    source: str


class _CivilisationFile(msgspec.Struct, forbid_unknown_fields=True):
    about: str
    civilisations: tuple[Civilisation, ...]


class ExtraLine(_Frozen, kw_only=True):
    """An extra scoring line: `vp * (count // per)` where count is measured by `kind`."""

    kind: ExtraKind
    vp: int
    per: int = 1


class ScoreCard(Card, kw_only=True):
    """A score card; omitted lines keep the rulebook defaults [l.190-202]."""

    name: str
    kind: Literal["player", "vanilla", "ai"]
    layer_vp: int = SCORE_DEFAULTS["layer_vp"]
    resource_div: int = SCORE_DEFAULTS["resource_div"]
    worker_div: int = SCORE_DEFAULTS["worker_div"]
    land_vp: int = SCORE_DEFAULTS["land_vp"]
    power_div: int = SCORE_DEFAULTS["power_div"]
    upgrade_vp: int = SCORE_DEFAULTS["upgrade_vp"]
    extra: tuple[ExtraLine, ...] = ()


class Task(_Frozen, kw_only=True):
    """One machine-checkable quest task; which parameters apply depends on `kind`."""

    kind: TaskKind
    n: int = 1
    resource: str = ""
    piece: str = ""
    region: str = ""
    card: str = ""


class Quest(Card, kw_only=True):
    """A quest card: all tasks must hold at once to turn it in [l.371-373]."""

    deck: QuestDeck
    tasks: tuple[Task, ...]
    vp: int
    penalty: int
    """VP (0 or negative) if still in progress at the end [l.198]."""
    min_players: PlayerMark = 2
    solo: SoloMark = "both"


class AiCard(Card, kw_only=True):
    """One of the 8 solo AI action cards [Solo rules, l.463-549]."""

    id: AiCardId
    name: str
    commands: tuple[str, ...]
    """Tried from the top; only the first that can be done is carried out [l.454]."""
    green_text: str = ""
    """What the upgraded side changes (upgradable cards only)."""
    priorities: tuple[str, ...] = ()
    """The card's placement and choice priorities, in order."""
    upgradable: bool
    reshuffle: Reshuffle
    """Whether this is a reshuffle card for the top-card check (review B74)."""


class Content(msgspec.Struct, frozen=True, kw_only=True):
    """All card content, as lists in file order plus lookups by id."""

    action_cards: tuple[ActionCard, ...]
    common_bonus: tuple[CommonBonus, ...]
    personal_bonus: tuple[PersonalBonusCard, ...]
    abilities: tuple[Ability, ...]
    score_cards: tuple[ScoreCard, ...]
    quests: tuple[Quest, ...]
    """The 48 multiplayer-pool quests (never solo_only)."""
    solo_quests: tuple[Quest, ...]
    """The 10 blue-icon solo quests (all solo_only)."""
    ai_cards: tuple[AiCard, ...]
    about: dict[str, str]
    """Each file's "about" paragraph, by file name."""
    action_by_id: dict[str, ActionCard]
    common_by_id: dict[str, CommonBonus]
    personal_by_id: dict[str, PersonalBonusCard]
    ability_by_id: dict[str, Ability]
    score_by_id: dict[str, ScoreCard]
    quest_by_id: dict[str, Quest]
    """Multiplayer and solo quests together."""
    ai_by_id: dict[str, AiCard]

    def personal_card(self, deck: str, layer: int) -> PersonalBonusCard:
        """The card of personal bonus `deck` for `layer` (0 = set-up)."""
        return self.personal_by_id[_personal_id(self.personal_bonus, deck, layer)]

def _personal_id(cards: tuple[PersonalBonusCard, ...], deck: str, layer: int) -> str:
    for c in cards:
        if c.deck == deck and c.layer == layer:
            return c.id
    raise KeyError(f"no personal bonus card for deck {deck!r}, layer {layer}")


# --------------------------------------------------------------------------- loading

T = TypeVar("T")


class _CardFile(msgspec.Struct, Generic[T], forbid_unknown_fields=True):
    about: str
    cards: tuple[T, ...]


_FILES: dict[str, type] = {
    "action_cards.json": ActionCard, "common_bonus.json": CommonBonus,
    "personal_bonus.json": PersonalBonusCard, "abilities.json": Ability,
    "score_cards.json": ScoreCard, "quests.json": Quest, "solo_quests.json": Quest,
    "ai_cards.json": AiCard,
}


def read_packaged_files() -> dict[str, bytes]:
    """The raw bytes of every card file shipped in `monuments_tui/data/cards/`."""
    folder = resources.files("monuments_tui").joinpath("data", "cards")
    raw = {}
    for name in _FILES:
        try:
            raw[name] = folder.joinpath(name).read_bytes()
        except FileNotFoundError as exc:
            raise ContentError(f"card data file data/cards/{name} is missing") from exc
    return raw


@functools.cache
def load_content() -> Content:
    """Load, validate and cache the packaged card content (decoded once per process)."""
    return parse_content(read_packaged_files())


def parse_content(raw: Mapping[str, bytes]) -> Content:
    """Decode and validate card files given as {file name: JSON bytes}.

    Raises:
        ContentError: a file is missing, does not match its schema, or the cards break a
            rule of the component list or the rules review; the message lists every problem.
    """
    decoded: dict[str, _CardFile] = {}
    for name, card_type in _FILES.items():
        if name not in raw:
            raise ContentError(f"card data file data/cards/{name} is missing")
        try:
            decoded[name] = msgspec.json.decode(raw[name], type=_CardFile[card_type])
        except msgspec.MsgspecError as exc:
            raise ContentError(f"data/cards/{name}: {exc}") from exc
    c = {name: f.cards for name, f in decoded.items()}
    by_id = {name: {card.id: card for card in cards} for name, cards in c.items()}
    content = Content(
        action_cards=c["action_cards.json"], common_bonus=c["common_bonus.json"],
        personal_bonus=c["personal_bonus.json"], abilities=c["abilities.json"],
        score_cards=c["score_cards.json"], quests=c["quests.json"],
        solo_quests=c["solo_quests.json"], ai_cards=c["ai_cards.json"],
        about={name: f.about for name, f in decoded.items()},
        action_by_id=by_id["action_cards.json"], common_by_id=by_id["common_bonus.json"],
        personal_by_id=by_id["personal_bonus.json"], ability_by_id=by_id["abilities.json"],
        score_by_id=by_id["score_cards.json"],
        quest_by_id={**by_id["quests.json"], **by_id["solo_quests.json"]},
        ai_by_id=by_id["ai_cards.json"],
    )
    from monuments_tui.rules.content_checks import validate  # it checks these very types

    errors = validate(content, c)
    if errors:
        raise ContentError("card data is wrong:\n  - " + "\n  - ".join(errors))
    return content


@functools.cache
def load_civilisations() -> dict[str, Civilisation]:
    """The four civilisations by id, from `data/civilisations.json`, each exactly once."""
    raw = resources.files("monuments_tui").joinpath("data", "civilisations.json").read_bytes()
    try:
        civs = msgspec.json.decode(raw, type=_CivilisationFile).civilisations
    except msgspec.MsgspecError as exc:
        raise ContentError(f"data/civilisations.json: {exc}") from exc
    if sorted(c.id for c in civs) != sorted(CIVS):
        raise ContentError(f"data/civilisations.json: list each of {', '.join(CIVS)} exactly once")
    return {c.id: c for c in civs}


def monument_name(civ: str) -> str:
    """The monument `civ` builds: "Colossus of Rhodes" for Greece [l.152]."""
    return load_civilisations()[civ].monument


# --------------------------------------------------------------------------- selections


def solo_pool(content: Content) -> list[Quest]:
    """The quests of a solo game: without the red crossed-out cards, with the blue solo
    cards, and filtered as for 2 players (B25)."""
    pool = [q for q in content.quests if q.solo != "multi_only"] + list(content.solo_quests)
    return [q for q in pool if q.min_players <= SOLO_PLAYER_MARK]


def _player_mark(players: int, solo: bool) -> int:
    if solo:
        return SOLO_PLAYER_MARK
    if players not in (2, 3, 4):
        raise ValueError(f"a multiplayer game has 2-4 players, not {players}")
    return players


def common_bonus_for(players: int, solo: bool = False) -> list[CommonBonus]:
    """The common bonus cards in play: those whose player mark fits [l.146; solo l.436].

    Args:
        players: seats in a multiplayer game (2-4); ignored in solo, which uses the 2+ cards.
        solo: a solo game against the AI.
    """
    mark = _player_mark(players, solo)
    return [c for c in load_content().common_bonus if c.min_players <= mark]


def quests_for(players: int, solo: bool = False) -> list[Quest]:
    """The quest cards in play, all decks together (split them by `Quest.deck`).

    Multiplayer: the 48-card pool filtered by player mark [l.146, l.154]. Solo: remove the
    red crossed-out (multi_only) cards, add the 10 blue solo cards, and apply the 2-player
    filter [l.444; review B25].

    Args:
        players: seats in a multiplayer game (2-4); ignored in solo.
        solo: a solo game against the AI.
    """
    content = load_content()
    if solo:
        return solo_pool(content)
    mark = _player_mark(players, solo)
    return [q for q in content.quests if q.min_players <= mark]


def ai_score_card_for(difficulty: str) -> ScoreCard:
    """The AI's score card at `difficulty` (easy, normal, hard, insane) [l.438; review B23]."""
    try:
        return load_content().score_by_id[AI_SCORE_CARD[difficulty]]
    except KeyError:
        raise ValueError(f"unknown AI difficulty {difficulty!r}; choose from {', '.join(AI_SCORE_CARD)}") from None
