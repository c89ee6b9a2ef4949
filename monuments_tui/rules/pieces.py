"""Costs and figures of buildings, units and monument layers, read from data/pieces.json."""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files

import msgspec

from monuments_tui.rules.card_types import Resource


class LayerCost(msgspec.Struct, frozen=True):
    """What one monument layer needs [Monument costs, l.170-174 (B1)]."""

    layer: int
    hexes: int
    cost: dict[Resource, int]
    workers: int
    source: str = ""


class Pieces(msgspec.Struct, frozen=True):
    building_costs: dict[str, dict[Resource, int]]
    unit_costs: dict[str, dict[Resource, int]]
    unit_moves: dict[str, int]
    monument: tuple[LayerCost, ...]


@cache
def load_pieces() -> Pieces:
    """The piece and monument tables (loaded once) [Monument costs, l.170-174; Unit and building costs, l.178-184]."""
    raw = json.loads(files("monuments_tui.data").joinpath("pieces.json").read_text(encoding="utf-8"))
    return Pieces(
        building_costs={k: dict(v["cost"]) for k, v in raw["buildings"].items()},
        unit_costs={k: dict(v["cost"]) for k, v in raw["units"].items()},
        unit_moves={k: v["move"] for k, v in raw["units"].items() if "move" in v},
        monument=tuple(msgspec.convert(row, LayerCost) for row in raw["monument"]),
    )


def layer_cost(layer: int, layer4_workers: int = 2) -> LayerCost:
    """The requirements of monument layer `layer` (1-5) [Monument costs, l.170-174]."""
    row = load_pieces().monument[layer - 1]
    if layer == 4 and row.workers != layer4_workers:
        return msgspec.structs.replace(row, workers=layer4_workers)
    return row
