"""Card content of Monuments: typed, validated and loaded once from `data/cards/*.json`.

Every card of the game lives in a JSON file `{"about": ..., "cards": [...]}`. This module
decodes those files into the frozen msgspec Structs of `card_types`, has them checked (`content_checks`:
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
from typing import Any, Generic, TypeVar

import msgspec

from monuments_tui.rules.card_types import (  # the vocabulary (ACTION_IDS ... Resource) is read from here too
    ACTION_IDS as ACTION_IDS,
    AI_SCORE_CARD,
    CIVS as CIVS,
    RESOURCES as RESOURCES,
    SOLO_PLAYER_MARK,
    Ability,
    ActionCard,
    ActionId as ActionId,
    AiCard,
    AiCardId as AiCardId,
    Civ as Civ,
    Civilisation,
    CommonBonus,
    Content,
    ContentError,
    PersonalBonusCard,
    Quest,
    QuestDeck as QuestDeck,
    Resource as Resource,
    ScoreCard,
    is_action_id as is_action_id,
    is_resource as is_resource,
    solo_pool,
)
from monuments_tui.rules.content_checks import validate

# --------------------------------------------------------------------------- loading

T = TypeVar("T")


class _CardFile(msgspec.Struct, Generic[T], forbid_unknown_fields=True):
    about: str
    cards: tuple[T, ...]


# Each file holds its own card type; `Content`'s fields name them, so a file's cards are typed there.
_FILES: dict[str, type[_CardFile[Any]]] = {
    "action_cards.json": _CardFile[ActionCard],
    "common_bonus.json": _CardFile[CommonBonus],
    "personal_bonus.json": _CardFile[PersonalBonusCard],
    "abilities.json": _CardFile[Ability],
    "score_cards.json": _CardFile[ScoreCard],
    "quests.json": _CardFile[Quest],
    "solo_quests.json": _CardFile[Quest],
    "ai_cards.json": _CardFile[AiCard],
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
    decoded: dict[str, _CardFile[Any]] = {}
    for name, file_type in _FILES.items():
        if name not in raw:
            raise ContentError(f"card data file data/cards/{name} is missing")
        try:
            decoded[name] = msgspec.json.decode(raw[name], type=file_type)
        except msgspec.MsgspecError as exc:
            raise ContentError(f"data/cards/{name}: {exc}") from exc
    c = {name: f.cards for name, f in decoded.items()}
    by_id = {name: {card.id: card for card in cards} for name, cards in c.items()}
    content = Content(
        action_cards=c["action_cards.json"],
        common_bonus=c["common_bonus.json"],
        personal_bonus=c["personal_bonus.json"],
        abilities=c["abilities.json"],
        score_cards=c["score_cards.json"],
        quests=c["quests.json"],
        solo_quests=c["solo_quests.json"],
        ai_cards=c["ai_cards.json"],
        about={name: f.about for name, f in decoded.items()},
        action_by_id=by_id["action_cards.json"],
        common_by_id=by_id["common_bonus.json"],
        personal_by_id=by_id["personal_bonus.json"],
        ability_by_id=by_id["abilities.json"],
        score_by_id=by_id["score_cards.json"],
        quest_by_id={**by_id["quests.json"], **by_id["solo_quests.json"]},
        ai_by_id=by_id["ai_cards.json"],
    )
    errors = validate(content, c)
    if errors:
        raise ContentError("card data is wrong:\n  - " + "\n  - ".join(errors))
    return content


class _CivilisationFile(msgspec.Struct, forbid_unknown_fields=True):
    about: str
    civilisations: tuple[Civilisation, ...]


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
