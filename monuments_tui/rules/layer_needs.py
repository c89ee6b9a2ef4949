"""What a seat's next monument layer needs and what it has now, line by line.

[Build a layer of your monument, l.272-278; Monument costs, l.170-174 (B1);
Production, l.229: only resources on hexes with your worker can be spent; B62]

`layer_needs(state, seat)` is the table the players pane shows and the reason a refused
`play monument` gives: land hexes controlled (never the monument hex, l.276), each
resource of the cost the seat controls where a worker can spend it, and workers on the
board to sacrifice. The discount of the monument card's side the seat holds and of its
bonus cards is taken off the cost first, as the payment would (`rules.payment`).
"""

from __future__ import annotations

import msgspec

from monuments_tui.rules.content import RESOURCES
from monuments_tui.rules.payment import discounted
from monuments_tui.rules.pieces import LayerCost, layer_cost
from monuments_tui.rules.queries import bonus_amount, controlled_land, resource_totals, units_of
from monuments_tui.rules.state import GameState

LAST_LAYER = 5
"""Building it makes the round the last [Game end, l.391]."""


def next_layer(state: GameState, seat: int) -> LayerCost | None:
    """What `seat`'s next layer needs (table B1, rule option layer4_workers), or None after layer 5."""
    layer = state.players[seat].layers + 1
    if layer > LAST_LAYER:
        return None
    return layer_cost(layer, state.config.options.layer4_workers)


def layer_discount(state: GameState, seat: int, green: bool) -> int:
    """Resources off a layer: 1 on the green card [l.274, l.301], 1 per monument-discount bonus.

    Workers are never discounted and at least 1 resource is always paid.
    """
    return (1 if green else 0) + bonus_amount(state, seat, "monument_discount")


class Need(msgspec.Struct, frozen=True):
    """One line of the table: `have` of `needed` (`what`: "land hexes", "wood", "workers")."""

    what: str
    needed: int
    have: int

    @property
    def short(self) -> int:
        """How many are missing (0: this line is met)."""
        return max(0, self.needed - self.have)


class LayerNeeds(msgspec.Struct, frozen=True):
    """The next layer's requirements against what the seat has now."""

    layer: int
    lines: tuple[Need, ...]
    """Land hexes, then each resource of the cost in the bank's order, then workers."""
    discount: int
    """Resources already taken off the cost (the green monument card, monument-discount bonuses)."""

    @property
    def missing(self) -> tuple[Need, ...]:
        return tuple(n for n in self.lines if n.short)


def layer_needs(state: GameState, seat: int, green: bool | None = None) -> LayerNeeds | None:
    """`seat`'s next layer against its land, spendable resources and workers; None after layer 5.

    `green`: the side of the monument card to count the discount for (None: the side the
    seat holds it on now).
    """
    need = next_layer(state, seat)
    if need is None:
        return None
    if green is None:
        green = "monument" in state.players[seat].green
    discount = layer_discount(state, seat, green)
    holdings = resource_totals(state, seat)
    cost = discounted(need.cost, discount, holdings)
    lines = [Need("land hexes", need.hexes, len(controlled_land(state, seat)))]
    lines += [Need(r, cost[r], holdings.get(r, 0)) for r in RESOURCES if cost.get(r, 0)]
    if need.workers:
        lines.append(Need("workers", need.workers, len(units_of(state, seat, "worker"))))
    return LayerNeeds(need.layer, tuple(lines), discount)


ONE = {"land hexes": "land hex", "workers": "worker"}
"""The singular of a line's words (resources have none)."""


def shortfall_words(needs: LayerNeeds) -> str:
    """What is missing in words: "1 more land hex (you control 2 of 3), 1 more sheep (you have 0 of 1)"."""
    parts = []
    for n in needs.missing:
        word = ONE.get(n.what, n.what) if n.short == 1 else n.what
        verb = "control" if n.what == "land hexes" else "have"
        where = "" if n.what in ("land hexes", "workers") else " where a worker can spend it"
        parts.append(f"{n.short} more {word}{where} (you {verb} {n.have} of {n.needed})")
    return ", ".join(parts)
