"""Paying costs: resources come only from places where you have a worker [Production, l.229].

Every cost in the game (buildings, repairs, upgrades, monument layers, units, weapons,
trades) is paid here. A command may name exactly what it pays with (`Take` entries);
when it does not, the payment is chosen automatically: any discount goes to the
resources you are shortest of, and each resource is taken from the places holding the
most of it, so the choice is deterministic and never wastes a discount.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from monuments_tui.rules.commands import Take
from monuments_tui.rules.content import RESOURCES, Resource, is_resource
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.events import ResourcesSpent
from monuments_tui.rules.piece_index import resource_holders
from monuments_tui.rules.queries import controlled_resources, resource_totals
from monuments_tui.rules.state import GameState

SPEND_RULE = "Production, l.229: only resources on hexes with your worker can be spent"
_NOTHING: Mapping[Resource, int] = {}
_ORDER = {r: i for i, r in enumerate(RESOURCES)}


def describe(cost: Mapping[Resource, int]) -> str:
    """A cost in words: "1 wood, 2 food" (or "nothing")."""
    parts = [f"{cost[r]} {r}" for r in RESOURCES if cost.get(r, 0) > 0]
    return ", ".join(parts) if parts else "nothing"


def discounted(
    cost: Mapping[Resource, int], discount: int, holdings: Mapping[Resource, int], minimum: int = 1
) -> dict[Resource, int]:
    """`cost` less `discount` resources, taken where the payer is shortest; never below `minimum`.

    The rulebook's discounts are "of your choice" with a minimum of 1 resource
    [Build a building, l.242, l.258]; upgrades and monument layers follow the same minimum.
    """
    need = {r: n for r, n in cost.items() if n > 0}
    for _ in range(min(discount, sum(need.values()) - minimum)):  # each resource off leaves one fewer to pay
        # the one most short of, then the one most needed, then the first in the bank's order
        best = max(need, key=lambda r: (need[r] - holdings.get(r, 0), need[r], -_ORDER[r]))
        if need[best] > 1:
            need[best] -= 1
        else:
            del need[best]
    return need


def auto_payment(
    state: GameState, seat: int, cost: Mapping[Resource, int], discount: int = 0, minimum: int = 1
) -> list[ResourcesSpent]:
    """The events of the automatic payment of `cost` (less `discount`) for `seat`.

    Raises:
        RuleViolation: if `seat` does not control enough resources, naming what is missing.
    """
    holdings = resource_totals(state, seat)
    need = discounted(cost, discount, holdings, minimum)
    short = {r: n - have for r, n in need.items() if (have := holdings.get(r, 0)) < n}
    if short:
        raise RuleViolation(
            f"you need {describe(need)} but are short of {describe(short)}",
            SPEND_RULE,
            f"You control {describe(holdings)}.",
        )
    places = resource_holders(state, seat)
    resources = state.resources
    takes: list[ResourcesSpent] = []
    for resource in RESOURCES:
        left = need.get(resource, 0)
        if not left:
            continue
        most_first = sorted([(-n, p) for p in places if (n := resources.get(p, _NOTHING).get(resource, 0)) > 0])
        for minus_held, place in most_first:
            if left == 0:
                break
            n = min(left, -minus_held)
            takes.append(ResourcesSpent(place, resource, n))
            left -= n
    return takes


def check_payment(
    state: GameState, seat: int, cost: Mapping[Resource, int], discount: int, takes: tuple[Take, ...], minimum: int = 1
) -> list[ResourcesSpent]:
    """Validate an explicit payment, and give its events: it must cover `cost` less at most `discount` (never below `minimum`).

    Raises:
        RuleViolation: naming the first problem and what the cost is.
    """
    paid: Counter[Resource] = Counter()
    per_place: Counter[tuple[str, Resource]] = Counter()
    for take in takes:
        if not is_resource(take.resource) or take.n < 1:
            raise RuleViolation(f"cannot pay {take.n} {take.resource}", SPEND_RULE)
        paid[take.resource] += take.n
        per_place[(take.hex, take.resource)] += take.n
    places = controlled_resources(state, seat)
    for (place, resource), n in per_place.items():
        have = places.get(place, {}).get(resource, 0)
        if have < n:
            raise RuleViolation(
                f"you cannot spend {n} {resource} from {place}: you control {have} there",
                SPEND_RULE,
            )
    total_cost = sum(n for n in cost.values() if n > 0)
    floor = min(minimum, total_cost)
    extra = Counter({r: n - cost.get(r, 0) for r, n in paid.items() if n > cost.get(r, 0)})
    saved = total_cost - sum(paid.values())
    if extra or saved > discount or sum(paid.values()) < floor:
        hint = f"The cost is {describe(cost)}"
        hint += f" with {discount} resource(s) off of your choice." if discount else "."
        raise RuleViolation(f"a payment of {describe(paid)} does not match the cost", SPEND_RULE, hint)
    return [ResourcesSpent(h, r, n) for (h, r), n in sorted(per_place.items())]


def payment_events(
    state: GameState,
    seat: int,
    cost: Mapping[Resource, int],
    discount: int = 0,
    takes: tuple[Take, ...] = (),
    minimum: int = 1,
) -> list[ResourcesSpent]:
    """Events that pay `cost` (explicitly with `takes`, or automatically)."""
    if takes:
        return check_payment(state, seat, cost, discount, takes, minimum)
    return auto_payment(state, seat, cost, discount, minimum)
