"""The solo AI's numbers and tables, read from `data/solo.json`.

[Solo rules, l.411-549; rules review B23, B74-B85] The monument table per difficulty,
the AI's layer bonuses, the two D6 tables, the upgrade order, the AI's costs and the quests
the AI can never complete.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files

import msgspec

from monuments_tui.rules.card_types import AiCardId, Quest
from monuments_tui.rules.state import HexBuildingKind, MilitaryKind


class AiLayer(msgspec.Struct, frozen=True):
    """What the AI needs for one monument layer: land hexes, resources of any type, workers [l.520]."""

    layer: int
    hexes: int
    resources: int
    workers: int


class AiLayerBonus(msgspec.Struct, frozen=True):
    """The AI's personal bonus for a layer [l.538-543; B77]."""

    layer: int
    bonus: str
    amount: int
    text: str
    source: str = ""


class Difficulty(msgspec.Struct, frozen=True):
    """One difficulty level: its monument table, score card and what a card that does nothing leads to."""

    name: str
    table: str
    score_card: str
    draw_next: bool
    """Hard/Insane: a card that does nothing is discarded and the next one drawn [l.457]."""


class SoloTables(msgspec.Struct, frozen=True):
    difficulties: dict[str, Difficulty]
    monument: dict[str, tuple[AiLayer, ...]]
    layer_bonuses: tuple[AiLayerBonus, ...]
    special_d6: dict[int, MilitaryKind]
    build_d6: dict[int, HexBuildingKind]
    costs: dict[str, int]
    max_bridges: int
    max_ferries: int
    upgrade_order: tuple[AiCardId, ...]
    first_card: AiCardId
    quests_the_ai_cannot_complete: dict[str, str]
    """Quest id to why the AI can never complete it (B83): such quests stay out of a solo game."""


@cache
def load_solo() -> SoloTables:
    """The solo tables (loaded once)."""
    raw = json.loads(files("monuments_tui.data").joinpath("solo.json").read_text(encoding="utf-8"))
    return SoloTables(
        difficulties={
            name: Difficulty(name, d["table"], d["score_card"], d["draw_next"])
            for name, d in raw["difficulties"].items()
        },
        monument={
            name: tuple(msgspec.convert(row, AiLayer) for row in t["layers"])
            for name, t in raw["monument_tables"].items()
        },
        layer_bonuses=tuple(msgspec.convert(b, AiLayerBonus) for b in raw["layer_bonuses"]),
        special_d6=msgspec.convert(_d6_faces(raw["special_d6"]), dict[int, MilitaryKind]),
        build_d6=msgspec.convert(_d6_faces(raw["build_d6"]), dict[int, HexBuildingKind]),
        costs={k: v for k, v in raw["costs"].items() if isinstance(v, int)},
        max_bridges=raw["max_bridges"],
        max_ferries=raw["max_ferries"],
        upgrade_order=msgspec.convert(raw["upgrade_order"], tuple[AiCardId, ...]),
        first_card=msgspec.convert(raw["first_card"], AiCardId),
        quests_the_ai_cannot_complete={k: v for k, v in raw["quests_the_ai_cannot_complete"].items() if k != "source"},
    )


def _d6_faces(raw: dict[str, str]) -> dict[int, str]:
    """A D6 table's faces 1-6, its "source" key left out (msgspec then checks each face's word)."""
    return {int(k): v for k, v in raw.items() if k.isdigit()}


def difficulty(name: str) -> Difficulty:
    """The difficulty level `name` (easy, normal, hard, insane)."""
    return load_solo().difficulties[name]


def ai_layer(level: str, layer: int) -> AiLayer:
    """What the AI needs for monument layer `layer` (1-5) at difficulty `level` [l.520-534]."""
    return load_solo().monument[difficulty(level).table][layer - 1]


def layer_bonus(layer: int) -> AiLayerBonus:
    """The AI's personal bonus for `layer` [l.538-543]."""
    return load_solo().layer_bonuses[layer - 1]


def quests_the_ai_can_complete(quests: list[Quest]) -> list[Quest]:
    """`quests` without those the AI can never complete (B83)."""
    out = load_solo().quests_the_ai_cannot_complete
    return [q for q in quests if q.id not in out]
