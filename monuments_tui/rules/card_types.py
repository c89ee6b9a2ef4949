"""What a card of Monuments is: the vocabularies, the defaults and the frozen card Structs.

`content` loads the cards from `data/cards/*.json` into these types, and `content_checks`
checks them; both import this module, which imports neither.

Pure: standard library and msgspec only.
"""

from __future__ import annotations

from typing import Literal, TypeGuard, get_args

import msgspec

from monuments_tui.rules.errors import MonumentsError

# --------------------------------------------------------------------------- vocabularies

Resource = Literal["wood", "food", "metal", "sheep"]
"""The four resource types [Monument costs, l.170]."""
Civ = Literal["greece", "egypt", "maya", "inca"]
"""The civilisations of the core game, in canonical order [Story, l.103-108]."""
PlayerMark = Literal[2, 3, 4]
"""The 2+/3+/4+ icon: the card is used only with at least this many players [l.146]."""
SupplyPiece = Literal["town", "fort", "factory", "navy", "army", "air"]
ActionId = Literal[
    "upgrade",
    "movement",
    "production",
    "build",
    "populate",
    "monument",
    "train",
    "attack",
    "quest",
    "trade",
]
AiCardId = Literal[
    "production",
    "movement",
    "population",
    "special",
    "upgrade",
    "build",
    "quest",
    "monument",
]
BonusEffect = Literal[
    "military_allowance",
    "worker_move",
    "worker_carry",
    "movement_units",
    "production_hexes",
    "building_discount",
    "upgrade_discount",
    "trade_rate",
    "populate_one",
    "monument_discount",
    "quest_draw",
    "fort_power",
    "vp",
]
OptionKind = Literal["resources", "workers", "building", "unit", "quests", "unlock", "weapons"]
AbilityEffect = Literal["horses", "naval_assault", "workshop", "farm"]
ExtraKind = Literal[
    "towns",
    "forts",
    "factories",
    "island_hexes",
    "completed_quests",
    "armed_workers",
    "water_hexes",
    "bridges_built",
]
QuestDeck = Literal["start", "0-1", "2-3", "4-5"]
SoloMark = Literal["both", "multi_only", "solo_only"]
TaskKind = Literal[
    "land",
    "resource",
    "resources",
    "resource_types",
    "workers",
    "building",
    "bridges",
    "ferries",
    "island_hexes",
    "island",
    "foreign_hexes",
    "water_hexes",
    "upgraded",
    "upgraded_card",
    "units",
    "military_units",
    "armed_workers",
    "layers",
    "battles_won",
    "battles_fought",
    "defended",
    "power",
    "common_bonuses",
]
Reshuffle = Literal["always", "after_upgrades", "never"]

RESOURCES: tuple[Resource, ...] = get_args(Resource)
CIVS: tuple[Civ, ...] = get_args(Civ)
SUPPLY_PIECES: tuple[SupplyPiece, ...] = get_args(SupplyPiece)
ACTION_IDS: tuple[ActionId, ...] = get_args(ActionId)
AI_CARD_IDS: tuple[AiCardId, ...] = get_args(AiCardId)
BONUS_EFFECTS: tuple[BonusEffect, ...] = get_args(BonusEffect)
OPTION_KINDS: tuple[OptionKind, ...] = get_args(OptionKind)
TASK_KINDS: tuple[TaskKind, ...] = get_args(TaskKind)
EXTRA_KINDS: tuple[ExtraKind, ...] = get_args(ExtraKind)


def is_resource(word: str | None) -> TypeGuard[Resource]:
    """Whether a word of a command or a hex's production names one of the four resources."""
    return word in RESOURCES


def is_action_id(word: str) -> TypeGuard[ActionId]:
    """Whether a command's word names one of the ten action cards."""
    return word in ACTION_IDS


QUEST_ISLAND_REGIONS = ("madagascar", "greenland", "uk", "easter_island", "hawaii", "cuba", "island7")
"""Island region ids a quest's `island` task may name (islands 1-7, Set-up l.124-144)."""

# --------------------------------------------------------------------------- defaults (one place)

PIECES_PER_TYPE = 3
"""Each player owns 3 of every building and military unit [Components, Per player, l.94-99]."""
SCORE_DEFAULTS = {
    "layer_vp": 6,
    "resource_div": 3,
    "worker_div": 2,
    "land_vp": 1,
    "power_div": 3,
    "upgrade_vp": 1,
}
"""Default (vanilla) scoring lines [Goal of the game, l.190-196]."""
QUEST_VALUES: dict[str, tuple[int, int]] = {
    "start": (1, 0),
    "0-1": (1, 0),
    "2-3": (2, -1),
    "4-5": (3, -2),
}
"""(VP when completed, VP when not) per quest deck: l.197-198 paired by deck (review B24)."""
AI_SCORE_CARD = {"easy": "ai1", "hard": "ai1", "normal": "ai2", "insane": "ai2"}
"""Score card used by the AI at each difficulty: 2 cards for 4 levels (review B23)."""
SOLO_PLAYER_MARK = 2
"""Solo uses the 2-player layout, so cards marked 3+/4+ are removed (l.434-436; review B25)."""
TOKENS = {"horses": 2, "workshop": 3, "farm": 3, "naval_assault": 0}
"""Ability tokens in the box [Components, Tokens, l.84-86]."""

# --------------------------------------------------------------------------- structs


class ContentError(ValueError, MonumentsError):
    """The card data files are missing, malformed or inconsistent."""


class _Frozen(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base: immutable; unknown JSON fields are an error (catches typos).

    msgspec applies `kw_only` per class, so every subclass repeats it; that lets required
    fields follow inherited fields that have defaults.
    """


class Card(_Frozen, frozen=True, kw_only=True):
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


class ActionCard(Card, frozen=True, kw_only=True):
    """One of the 10 action cards [Action cards, l.211-387]."""

    id: ActionId
    name: str
    red_text: str
    green_text: str
    upgrade_cost: dict[Resource, int]
    """Printed cost to flip this card to green (before discounts) [l.215]."""


class CommonBonus(Card, frozen=True, kw_only=True):
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


class Option(_Frozen, frozen=True, kw_only=True):
    """One of the three choices on a personal bonus layer card [l.284-288]."""

    kind: OptionKind
    text: str
    resources: tuple[Resource, ...] = ()
    """kind "resources": the resources placed, each on a matching hex with your worker."""
    count: int = 1
    """kind workers/quests/weapons: how many; kind unlock: how many pieces; else 1."""
    piece: str = ""
    """building: town/fort/factory/bridge/ferry; unit: navy/army/air; unlock: a supply piece."""


class PersonalBonusCard(Card, frozen=True, kw_only=True):
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


class Ability(Card, frozen=True, kw_only=True):
    """A civilisation's ability card [l.160; review B21]."""

    civ: Civ
    name: str
    effect: AbilityEffect
    tokens: int = 0
    """Tokens of this ability in the box (horses 2, workshops 3, farms 3)."""
    token_cost: dict[Resource, int] = {}
    """Cost to build one token on the board (workshop, farm); empty if not built."""


class Civilisation(_Frozen, frozen=True, kw_only=True):
    """A civilisation and the monument it builds [Components, l.57-60; Player set-up, l.152]."""

    id: Civ
    monument: str
    source: str


class _CivilisationFile(msgspec.Struct, forbid_unknown_fields=True):
    about: str
    civilisations: tuple[Civilisation, ...]


class ExtraLine(_Frozen, frozen=True, kw_only=True):
    """An extra scoring line: `vp * (count // per)` where count is measured by `kind`."""

    kind: ExtraKind
    vp: int
    per: int = 1


class ScoreCard(Card, frozen=True, kw_only=True):
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


class Task(_Frozen, frozen=True, kw_only=True):
    """One machine-checkable quest task; which parameters apply depends on `kind`."""

    kind: TaskKind
    n: int = 1
    resource: str = ""
    piece: str = ""
    region: str = ""
    card: str = ""


class Quest(Card, frozen=True, kw_only=True):
    """A quest card: all tasks must hold at once to turn it in [l.371-373]."""

    deck: QuestDeck
    tasks: tuple[Task, ...]
    vp: int
    penalty: int
    """VP (0 or negative) if still in progress at the end [l.198]."""
    min_players: PlayerMark = 2
    solo: SoloMark = "both"


class AiCard(Card, frozen=True, kw_only=True):
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


# --------------------------------------------------------------------------- selections


def solo_pool(content: Content) -> list[Quest]:
    """The quests of a solo game: without the red crossed-out cards, with the blue solo
    cards, and filtered as for 2 players (B25)."""
    pool = [q for q in content.quests if q.solo != "multi_only"] + list(content.solo_quests)
    return [q for q in pool if q.min_players <= SOLO_PLAYER_MARK]
