"""How good a position is for a seat, as the heuristic bot sees it (`evaluate`).

The main term is the estimated number of turns until the seat's next monument layer can
be built (`turns_to_layer`); the rest is what the score card counts and what helps
later: land, resources, workers, buildings, upgraded cards, bonuses, quests, military
power and the land an attack could take. Random outcomes are rated by their odds
(`board_terms.win_chance`), never by the dice the rules would roll.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Set as AbstractSet
from functools import cache

from monuments_tui.ai.board_terms import LayerTerms, board_terms, latent_places, layer_terms, worker_places
from monuments_tui.ai.geography import hex_resources
from monuments_tui.rules.actions.production import PER_ACTION_LIMIT, raw_production
from monuments_tui.rules.card_types import Quest, Resource
from monuments_tui.rules.content import load_content
from monuments_tui.rules.pieces import layer_cost
from monuments_tui.rules.queries import bonus_amount
from monuments_tui.rules.quests import quest_met
from monuments_tui.rules.state import GameState

BONUS_VALUE = {
    "military_allowance": 3.0,
    "worker_move": 4.0,
    "worker_carry": 1.5,
    "movement_units": 4.0,
    "production_hexes": 5.0,
    "building_discount": 1.5,
    "upgrade_discount": 1.5,
    "trade_rate": 3.0,
    "populate_one": 3.0,
    "monument_discount": 5.0,
    "quest_draw": 0.5,
    "fort_power": 0.5,
    "vp": 3.0,
}
"""What each common bonus effect is worth to the bot, in evaluation points (vp cards: per VP)."""
UPGRADE_VALUE = {
    "production": 6.0,
    "populate": 5.0,
    "movement": 4.0,
    "monument": 4.0,
    "trade": 3.0,
    "upgrade": 2.5,
    "build": 2.0,
    "quest": 1.5,
    "train": 1.5,
    "attack": 1.5,
}
"""What an upgraded card is worth: its VP plus how much better the green side plays."""
TOWN_COST: dict[Resource, int] = {"sheep": 1, "food": 2}
"""A town's cost [Buildings, l.248]."""
LAYER = 400.0
"""A built layer, in evaluation points: more than all the turns the next layer can be
counted to take (`MAX_TURNS` of `TURN` each), so a layer that can be built always is."""
TURN = 10.0
"""A turn saved toward the next layer, in evaluation points."""
KNEE = 30.0
"""Turns to the next layer counted in full; more are counted less and less (`_counted`).
Right after a layer the next one is some 15-25 turns off (a town and its workers first):
counted in full there, a turn saved still outweighs an upgrade or a quest card's share,
where a knee at 10 turns let the bot dawdle for a dozen rounds."""
MAX_TURNS = 38.0
"""The most turns the next layer is counted to take: a layer built (`LAYER`) always gains
more than the next one's estimate costs, however far off that one is."""


@cache
def bonus_points(card: str) -> float:
    """What holding common bonus `card` is worth to the bot (`BONUS_VALUE`)."""
    c = load_content().common_by_id[card]
    return BONUS_VALUE.get(c.effect, 0.0) * (c.vp if c.effect == "vp" else c.amount)


@cache
def quest_card(q: str) -> Quest:
    """The quest card with id `q`."""
    return load_content().quest_by_id[q]


def evaluate(state: GameState, seat: int) -> float:
    """How good `state` is for `seat`: higher is better. Fast (no lookahead).

    The main term is the estimated number of turns until the next monument layer can be
    built (`turns_to_layer`); the rest is what the score card counts and what helps later.
    What depends only on where the pieces stand comes from `board_terms`, worked out once.
    """
    p = state.players[seat]
    layers = p.layers
    pieces = board_terms(state, seat)
    land = pieces.land
    totals = _resources_on(state, pieces.worker_places)
    value = LAYER * layers
    if pieces.layer is not None:
        value -= TURN * _turns_to_layer(state, seat, land, totals, pieces.layer, _latent(state, pieces.latent_places))
    value += 2.0 * len(land) + _resource_value(state, seat, totals) + 1.0 * pieces.workers
    for building in pieces.buildings:
        value += building
    value += sum(UPGRADE_VALUE.get(c, 2.5) for c in p.green)
    value += sum(bonus_points(c) for c in p.bonuses)
    value += 0.6 * pieces.military
    value += pieces.potential
    for q in p.completed:
        value += 3.0 * quest_card(q).vp
    for q in p.quests:
        quest = quest_card(q)
        # A kept quest whose tasks hold now is nearly its VP; an unmet one risks its penalty.
        if quest_met(state, seat, q):
            value += 2.5 * quest.vp
        else:
            value += 1.0 * quest.penalty + 0.3 * quest.vp
    # Rivals' land counts against us (what an attack takes away).
    value -= 1.0 * pieces.rivals
    return value


def evaluation_terms(state: GameState, seat: int) -> dict[str, float]:
    """`evaluate` split into its named terms (they add up to it), for the coach to say why a move
    is good. Kept beside `evaluate`, which stays a plain sum for speed; a test checks they agree."""
    p = state.players[seat]
    pieces = board_terms(state, seat)
    totals = _resources_on(state, pieces.worker_places)
    latent = _latent(state, pieces.latent_places)
    layer = _turns_to_layer(state, seat, pieces.land, totals, pieces.layer, latent) if pieces.layer else None
    terms = {
        "layers": LAYER * p.layers,
        "next layer": -TURN * layer if layer is not None else 0.0,
        "land": 2.0 * len(pieces.land),
        "resources": _resource_value(state, seat, totals),
        "workers": 1.0 * pieces.workers,
        "buildings": sum(pieces.buildings),
        "upgrades": sum(UPGRADE_VALUE.get(c, 2.5) for c in p.green),
        "bonuses": sum(bonus_points(c) for c in p.bonuses),
        "military": 0.6 * pieces.military,
        "attack": pieces.potential,
        "quests done": sum(3.0 * quest_card(q).vp for q in p.completed),
        "quests": 0.0,
        "rivals' land": -1.0 * pieces.rivals,
    }
    for q in p.quests:
        quest = quest_card(q)
        terms["quests"] += 2.5 * quest.vp if quest_met(state, seat, q) else 1.0 * quest.penalty + 0.3 * quest.vp
    return terms


NO_PRODUCTION = 2.0
"""Turns to produce the surplus for a trade when none of our land produces anything (no
worker on a producing hex): a worker must walk onto one first."""
SURPLUS_KEPT = 3
"""Of each resource beyond what the next layer wants, how many are worth `RESOURCE` apiece
(for later layers, trades and the score card); the rest are worth `SPARE` apiece."""
RESOURCE = 0.4
SPARE = 0.1


def _resource_value(state: GameState, seat: int, totals: Mapping[Resource, int]) -> float:
    """What the resources `seat` controls are worth beyond the turns they save toward the
    next layer: `RESOURCE` apiece up to what it wants and `SURPLUS_KEPT` more of a kind, then
    `SPARE`: a heap of one kind is worth little more than a few of it."""
    wanted = wanted_resources(state, seat)
    value = 0.0
    for r, n in totals.items():
        kept = min(n, wanted.get(r, 0) + SURPLUS_KEPT)
        value += RESOURCE * kept + SPARE * (n - kept)
    return value


def resource_counts(state: GameState, seat: int) -> Counter[Resource]:
    """The resources `seat` controls, by type (as `resource_totals`, without its ordering)."""
    return Counter(_resources_on(state, worker_places(state, seat)))


def _resources_on(state: GameState, places: Iterable[str]) -> dict[Resource, int]:
    return _add_up(state.resources.get(place) for place in places)


def _add_up(holdings: Iterable[Mapping[Resource, int] | None]) -> dict[Resource, int]:
    """The resources of `holdings` added up (a plain dict: a `Counter` costs more to make than to sum)."""
    totals: dict[Resource, int] = {}
    for on in holdings:
        if on:
            for r, n in on.items():
                totals[r] = totals.get(r, 0) + n
    return totals


def turns_to_layer(
    state: GameState, seat: int, land: set[str], totals: Mapping[Resource, int], potential: float | None = None
) -> float:
    """Estimated turns until `seat` can build its next layer: new workers (a town first,
    filled with 2 workers), moves onto free land (a bridge or ferry first when none is in
    reach), resources (produced or traded), and the Monument card itself. `potential` is
    `attack_potential`, when the caller has it already."""
    layer = layer_terms(state, seat, land, potential)
    return _turns_to_layer(state, seat, land, totals, layer, latent_resources(state, seat))


def _turns_to_layer(
    state: GameState,
    seat: int,
    land: AbstractSet[str],
    totals: Mapping[Resource, int],
    layer: LayerTerms,
    latent: Mapping[Resource, int],
) -> float:
    """`turns_to_layer` from its terms that depend only on the pieces (`layer`) and the
    resources lying next to our workers (`latent`)."""
    need = layer_cost(state.players[seat].layers + 1, state.config.options.layer4_workers)
    walking = overseas = 0.0
    if layer.land is not None:
        walking, far = layer.land
        overseas = far or 0.0
    if layer.town_first:
        # The town comes first [l.248, l.264]: what we hold goes to it (the rest is surplus to
        # trade for it), and the layer's resources are gathered after it. Holding them before
        # would fill the hex where the town's workers stand [l.232] and gain nothing.
        gathering = _resource_turns(state, seat, land, totals, TOWN_COST, latent)
        gathering += _resource_turns(state, seat, land, {}, _wanted_resources(state, seat, need.cost, {}), {})
    else:
        wanted = _wanted_resources(state, seat, need.cost, totals)
        gathering = _resource_turns(state, seat, land, totals, wanted, latent)
    # Playing the Monument card, after the turns of the other cards.
    return _counted(1.0 + layer.units + walking + overseas + gathering)


def _counted(turns: float) -> float:
    """`turns` as the evaluation counts them: in full up to `KNEE`, then less and less, never
    reaching `MAX_TURNS` (every turn saved still counts, and a layer built always gains)."""
    if turns <= KNEE:
        return turns
    beyond = turns - KNEE
    return KNEE + beyond / (1.0 + beyond / (MAX_TURNS - KNEE))


def _wanted_resources(
    state: GameState, seat: int, cost: Mapping[Resource, int], totals: Mapping[Resource, int]
) -> dict[Resource, int]:
    """The layer's resources less the Monument discount, taken off where we are shortest."""
    wanted: dict[Resource, int] = {r: n for r, n in cost.items() if n > 0}
    discount = (1 if "monument" in state.players[seat].green else 0) + bonus_amount(state, seat, "monument_discount")
    for _ in range(discount):
        if sum(wanted.values()) > 1:
            wanted[max(wanted, key=lambda r: (wanted[r] - totals.get(r, 0), r))] -= 1
    return wanted


def _resource_turns(
    state: GameState,
    seat: int,
    land: AbstractSet[str],
    totals: Mapping[Resource, int],
    wanted: Mapping[Resource, int],
    latent: Mapping[Resource, int],
) -> float:
    """Turns to gather the resources still short (`latent` ones count half, and no more of
    them than are short): produced where our land yields them (as much as our workers and
    buildings there make in an action, whatever lies there now), traded otherwise."""
    short: dict[str, float] = {}
    for kind, count in wanted.items():
        lacking = max(0, count - totals.get(kind, 0))
        short[kind] = lacking - 0.5 * min(lacking, latent.get(kind, 0))
    if not any(v > 0 for v in short.values()):
        return 0.0
    green = state.players[seat].green
    resource_of = hex_resources()
    yields: dict[str, int] = {}  # the most each kind of our land yields in one action
    for h in land:
        r = resource_of[h]
        # A hex without a resource gives nothing; none gives more than an action's limit.
        if r is not None and yields.get(r, 0) < PER_ACTION_LIMIT:
            yields[r] = max(yields.get(r, 0), min(PER_ACTION_LIMIT, raw_production(state, seat, h)))
    hexes = 3 if "production" in green else 2  # hexes a Production action works [l.229, l.234]
    # One action produces on several hexes, each hex once: about 1.5 of the 2 (2 of 3) used.
    cost = sum(n / yields[r] for r, n in short.items() if n > 0 and yields.get(r, 0)) / (hexes - 0.5)
    traded = sum(n for r, n in short.items() if n > 0 and not yields.get(r, 0))
    if traded:
        # A trade gives 1 resource for `rate` of one kind [l.387], two trades an action: half
        # a turn each while the surplus lasts; for the rest, the surplus is produced first.
        # The surplus is one pool for all the short kinds, so each trade made saves the
        # same: spending the surplus never makes the rest look dearer.
        rate = 1 if ("trade" in green or bonus_amount(state, seat, "trade_rate")) else 2
        trades = sum(max(0, n - wanted.get(r, 0)) // rate for r, n in totals.items())
        covered = min(traded, trades)
        per_action = sum(sorted(yields.values(), reverse=True)[:hexes])
        surplus_turns = rate / per_action if per_action else NO_PRODUCTION
        cost += 0.5 * covered + (0.5 + surplus_turns) * (traded - covered)
    return cost


def latent_resources(state: GameState, seat: int) -> Counter[Resource]:
    """Resources on hexes with no unit at all, next to a hex with our worker."""
    return Counter(_latent(state, latent_places(state, seat)))


def _latent(state: GameState, places: AbstractSet[str]) -> dict[Resource, int]:
    return _add_up(on for h, on in state.resources.items() if h in places)


def wanted_resources(state: GameState, seat: int) -> Counter[Resource]:
    """Resources wanted now: the next layer's cost or, if the layer lacks workers and there is
    no town yet to populate, the town's (`_turns_to_layer`: the town comes first)."""
    p = state.players[seat]
    wanted: Counter[Resource] = Counter()
    if p.layers < 5:
        layer = board_terms(state, seat).layer
        if layer is not None and layer.town_first:
            wanted.update(TOWN_COST)
        else:
            cost = layer_cost(p.layers + 1, state.config.options.layer4_workers).cost
            wanted.update({r: n for r, n in cost.items() if n > 0})
    return wanted
