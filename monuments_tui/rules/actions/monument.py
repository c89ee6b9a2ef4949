"""Build a layer of your monument, then take its common and its personal bonus.

[Build a layer of your monument, l.268-301; Monument costs, l.168-174; Game end, l.391-393;
B1, B15-B17, B20, B52, B62-B65, B67, B68; Weapons, l.327; Solo gameplay, l.450]

A layer is one `BuildLayer` command: land is checked first, then the resources are paid
and the workers sacrificed (B62). The bonuses follow as pending steps of the same action:
`ChooseCommonBonus` (skipped when no card of that level may be taken), then, after layers
1-4, `ChoosePersonalOption`, whose resources, workers, buildings, units and weapons are
placed one by one in a `PlaceStep`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from monuments_tui.rules import commands as cmd
from monuments_tui.rules import events as ev
from monuments_tui.rules import pending as pd
from monuments_tui.rules import rng as random
from monuments_tui.rules.actions.build import HEX_BUILDINGS, placement_events
from monuments_tui.rules.actions.opening import opener
from monuments_tui.rules.actions.populate import new_worker_events
from monuments_tui.rules.actions.turn import check_resource_placement
from monuments_tui.rules.board import RESOURCES, load_board
from monuments_tui.rules.content import Option, PersonalBonusCard, load_content
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.flow import finish_action
from monuments_tui.rules.payment import payment_events
from monuments_tui.rules.pieces import LayerCost, layer_cost
from monuments_tui.rules.queries import (
    bonus_amount,
    building_usable,
    controlled_land,
    layout,
    monument_hex,
    piece_code,
    units_at,
    units_of,
)
from monuments_tui.rules.quests import deck_for_layers
from monuments_tui.rules.registry import generator, rule
from monuments_tui.rules.removals import units_lost_events
from monuments_tui.rules.state import MILITARY, GameState, Unit

RULE = "Build a layer of your monument, l.272-278"
BONUS_RULE = "Build a layer of your monument, l.288"
LAST_LAYER = 5
PERSONAL_LAYERS = (1, 2, 3, 4)
"""Layers that give a personal bonus; layer 5 gives none [l.299, l.393]."""
LAND_BUILDINGS = HEX_BUILDINGS
EDGE_BUILDINGS = ("bridge", "ferry")


@opener("monument")
def open_monument(state: GameState, seat: int, green: bool) -> list[ev.Event]:
    """Red: the layer's full cost; green: 1 resource off, never a worker [l.274, l.301]."""
    return [ev.PendingSet(pd.MonumentStep(seat, green=green))]


# -- the layer -----------------------------------------------------------------------------
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


@rule((pd.MonumentStep, cmd.BuildLayer))
def build_layer(state: GameState, c: cmd.BuildLayer) -> list[ev.Event]:
    """Check the land, pay the resources, sacrifice the workers, place the layer [l.292-295 (B62)].

    Land is checked before paying: a sacrifice may then leave you below the requirement.
    Building layer 5 makes the current round the last [Game end, l.391].
    """
    p = state.pending
    need = next_layer(state, p.seat)
    if need is None:
        raise RuleViolation("your monument is complete: all 5 layers are built", RULE, "Play another card.")
    land = controlled_land(state, p.seat)
    if len(land) < need.hexes:
        raise RuleViolation(
            f"layer {need.layer} needs {need.hexes} land hexes under your control; you control {len(land)}",
            "Monument, l.272, l.276: workers, armies and air forces control land, never your monument hex",
            "Spread your units over more land hexes first.",
        )
    paid = payment_events(state, p.seat, need.cost, layer_discount(state, p.seat, p.green), c.pay)
    events: list[ev.Event] = list(paid)
    events += sacrifice_events(fold(state, events), p.seat, need.workers, c.sacrifice)
    events.append(ev.LayerBuilt(p.seat, need.layer))
    if need.layer == LAST_LAYER and not state.final_round:
        events.append(ev.FinalRoundBegan(p.seat))
    return offer_common_bonus(state, events, p.seat, need.layer)


def sacrifice_events(state: GameState, seat: int, n: int, chosen: tuple[cmd.PieceAt, ...]) -> list[ev.Event]:
    """Sacrifice `n` workers: the ones named in `chosen`, or chosen automatically [l.278 (B62)].

    Workers may come from anywhere on the board, the monument hex included. Chosen
    automatically: unarmed workers without a horse first, each from the hex that holds
    the most of your workers at that moment.

    Raises:
        RuleViolation: too few workers on the board, or a named worker is not there.
    """
    workers = units_of(state, seat, "worker")
    if chosen and len(chosen) != n:
        raise RuleViolation(f"this layer needs exactly {n} worker(s) sacrificed, not {len(chosen)}", RULE)
    if len(workers) < n:
        raise RuleViolation(
            f"this layer needs {n} worker(s) to sacrifice; you have {len(workers)} on the board",
            RULE,
            "Populate first to get more workers.",
        )
    picked = _named_workers(state, seat, chosen) if chosen else auto_sacrifice(state, seat, n)
    return units_lost_events(state, [u.id for u in picked], "sacrificed")


def _named_workers(state: GameState, seat: int, chosen: tuple[cmd.PieceAt, ...]) -> list[Unit]:
    picked: list[Unit] = []
    for pa in chosen:
        here = [u for u in units_at(state, pa.hex, seat) if u.kind == "worker" and u not in picked]
        unit = next((u for u in sorted(here, key=lambda u: u.ferry is not None) if piece_code(u) == pa.piece), None)
        if unit is None:
            present = ", ".join(sorted({piece_code(u) for u in here})) or "none"
            raise RuleViolation(
                f"you have no {pa.piece} on {pa.hex} to sacrifice",
                RULE,
                f"Your workers there: {present}.",
            )
        picked.append(unit)
    return picked


def auto_sacrifice(state: GameState, seat: int, n: int) -> list[Unit]:
    """The `n` workers sacrificed when the command names none.

    Unarmed workers without a horse come first (a sacrificed weapon is lost, l.327), then
    workers from the hex holding the most of your workers, so that as few hexes as
    possible lose their last worker; ties go to the monument hex, then to the lowest hex.
    """
    pool = units_of(state, seat, "worker")
    home = monument_hex(state, seat)
    picked: list[Unit] = []
    for _ in range(n):
        counts = Counter(u.hex for u in pool)
        best = min(
            range(len(pool)),
            key=lambda i: (
                pool[i].ferry is not None,
                pool[i].weapon,
                pool[i].horse,
                -counts[pool[i].hex],
                pool[i].hex != home,
                pool[i].hex,
                i,
            ),
        )
        picked.append(pool.pop(best))
    return picked


# -- the common bonus ------------------------------------------------------------------------
def common_bonus_options(state: GameState, seat: int, level: int) -> tuple[str, ...]:
    """The cards of pile `level` that `seat` may take [l.280-286 (B63)].

    A card whose copy mark shows one card may be held once per player; two cards, twice.
    Copies are counted by effect, over all levels.
    """
    cards = load_content().common_by_id
    held = Counter(cards[c].effect for c in state.players[seat].bonuses)
    return tuple(c for c in state.common_piles.get(str(level), []) if held[cards[c].effect] < cards[c].copy_mark)


def offer_common_bonus(state: GameState, events: list[ev.Event], seat: int, level: int) -> list[ev.Event]:
    """After the layer: choose an available common bonus of its level, if any may be taken [l.280].

    The solo AI does not choose: it discards a random card of the level (it gets no
    effects, B78), and after layer 5 keeps a random Layer-5 card for its VP (B77).
    """
    after = fold(state, events)
    if after.config.ai_seat == seat:
        pile = after.common_piles.get(str(level), [])
        if pile:
            k, position = random.randbelow(after.rng, len(pile))
            keeper = seat if level == LAST_LAYER else None
            events = events + [ev.RngAdvanced(position, "AI common bonus"), ev.CommonBonusTaken(pile[k], level, keeper)]
        return finish_action(state, events)
    options = common_bonus_options(after, seat, level)
    if options:
        return events + [ev.PendingSet(pd.ChooseCommonBonus(seat, level=level, options=options))]
    return offer_personal_bonus(state, events, seat, level)


@rule((pd.ChooseCommonBonus, cmd.ChooseBonus))
def choose_bonus(state: GameState, c: cmd.ChooseBonus) -> list[ev.Event]:
    """Take one available common bonus card of the layer just built; it stays active [l.280-282]."""
    p = state.pending
    if c.card not in p.options or c.card not in state.common_piles.get(str(p.level), []):
        raise RuleViolation(
            f"{c.card} is not a Layer-{p.level} common bonus you may take",
            "Monument, l.280-282: a card of the layer's level, within its copy mark",
            f"Choose one of: {', '.join(p.options)}.",
        )
    return offer_personal_bonus(state, [ev.CommonBonusTaken(c.card, p.level, p.seat)], p.seat, p.level)


@generator(pd.ChooseCommonBonus)
def _gen_common(state: GameState):
    for card in state.pending.options:
        yield cmd.ChooseBonus(card)


# -- the personal bonus ----------------------------------------------------------------------
def personal_card_for(state: GameState, seat: int, layer: int) -> PersonalBonusCard | None:
    """`seat`'s personal bonus card for `layer`, looked up by layer, not deck position (B15)."""
    deck = state.players[seat].personal_deck
    if layer not in PERSONAL_LAYERS or not deck:
        return None
    content = load_content()
    return content.personal_card(content.personal_by_id[deck[0]].deck, layer)


def offer_personal_bonus(state: GameState, events: list[ev.Event], seat: int, layer: int) -> list[ev.Event]:
    """After layers 1-4: choose an option of your personal bonus card for that layer [l.288].

    If no option can be done at all, the bonus is skipped (B17); layer 5 gives none [l.299].
    """
    after = fold(state, events)
    card = personal_card_for(after, seat, layer)
    if card is None or after.config.ai_seat == seat:
        return finish_action(state, events)
    if not any(not option_problem(after, seat, o) for o in card.options):
        return finish_action(state, events + [ev.PersonalBonusUsed(seat, card.id)])
    return events + [ev.PendingSet(pd.ChoosePersonalOption(seat, card=card.id))]


def option_items(state: GameState, seat: int, option: Option) -> tuple[pd.Placement, ...]:
    """What a placing option grants, one `Placement` per piece or resource.

    New workers are limited to the workers left in the supply (B65).
    """
    if option.kind == "resources":
        return tuple(pd.Placement(r) for r in option.resources)
    if option.kind == "workers":
        n = min(option.count, state.players[seat].supply.get("worker", 0))
        return tuple(pd.Placement("worker") for _ in range(n))
    if option.kind == "weapons":
        return tuple(pd.Placement("weapon") for _ in range(option.count))
    if option.kind in ("building", "unit"):
        return (pd.Placement(option.piece),)
    return ()


def option_problem(state: GameState, seat: int, option: Option) -> str:
    """Why `option` cannot be done at all now, or "" if at least part of it can (B17)."""
    player = state.players[seat]
    if option.kind == "quests":
        if state.config.solo is not None:
            return "in a solo game you may not take bonuses that give quest cards (Solo gameplay, l.450)"
        deck = deck_for_layers(player.layers)
        if not state.quest_decks.get(deck) and not state.quest_discards.get(deck):
            return f"no quest cards are left at level {deck} (l.154)"
        return ""
    if option.kind == "unlock":
        if player.set_aside.get(option.piece, 0) < 1:
            return f"you have no {option.piece} set aside"
        return ""
    items = option_items(state, seat, option)
    if not items:
        return "you have nothing left to receive it with"
    for what in dict.fromkeys(i.what for i in items):
        if can_place(state, seat, pd.Placement(what)):
            return ""
    return f"no {', '.join(dict.fromkeys(i.what for i in items))} can be placed now"


@rule((pd.ChoosePersonalOption, cmd.ChooseOption))
def choose_option(state: GameState, c: cmd.ChooseOption) -> list[ev.Event]:
    """Choose one option of the personal bonus card and carry it out [l.284-288 (B17)]."""
    from monuments_tui.rules.actions.quest_cards import offer_quests

    p = state.pending
    card = load_content().personal_by_id[p.card]
    if not 1 <= c.option <= len(card.options):
        raise RuleViolation(f"{p.card} has options 1 to {len(card.options)}", BONUS_RULE)
    option = card.options[c.option - 1]
    problem = option_problem(state, p.seat, option)
    if problem:
        doable = [str(i) for i, o in enumerate(card.options, 1) if not option_problem(state, p.seat, o)]
        raise RuleViolation(
            f"option {c.option} ({option.text}) cannot be done: {problem}",
            f"{BONUS_RULE} (B17)",
            f"Choose option {' or '.join(doable)}." if doable else "",
        )
    if option.kind == "unlock":
        n = min(option.count, state.players[p.seat].set_aside.get(option.piece, 0))
        return use_personal_bonus(state, [ev.SupplyChanged(p.seat, option.piece, n, from_set_aside=True)], p.seat)
    if option.kind == "quests":
        return offer_quests(state, [], p.seat, option.count, least=0, then="personal_bonus")
    queue = option_items(state, p.seat, option)
    return [ev.PendingSet(pd.PlaceStep(p.seat, queue=queue, then="personal_bonus"))]


@generator(pd.ChoosePersonalOption)
def _gen_personal(state: GameState):
    card = load_content().personal_by_id[state.pending.card]
    for i in range(1, len(card.options) + 1):
        yield cmd.ChooseOption(i)


def use_personal_bonus(state: GameState, events: list[ev.Event], seat: int) -> list[ev.Event]:
    """The personal bonus is done: its card goes to the bottom of the deck, the action ends [l.288]."""
    after = fold(state, events)
    card = personal_card_for(after, seat, after.players[seat].layers)
    if card is not None:
        events = events + [ev.PersonalBonusUsed(seat, card.id)]
    return finish_action(state, events)


def then_events(state: GameState, events: list[ev.Event], seat: int, then: str) -> list[ev.Event]:
    """What follows a bonus step: "personal_bonus" ends the personal bonus, else the action ends."""
    if then == "personal_bonus":
        return use_personal_bonus(state, events, seat)
    return finish_action(state, events)


# -- placing what a bonus grants ------------------------------------------------------------
def worker_destinations(state: GameState, seat: int) -> list[str]:
    """Where a granted worker goes: your usable towns, or your monument hex if you have none (B65)."""
    towns = sorted({b.hex for b in state.buildings.values() if b.owner == seat and b.kind == "town" and building_usable(state, b)})
    return towns or [monument_hex(state, seat)]


def place_events(
    state: GameState, seat: int, item: pd.Placement, hex_id: str, to: str | None
) -> tuple[list[ev.Event], tuple[pd.Placement, ...]]:
    """Check one placement and return its events, plus anything it adds to place next.

    Resources go on a hex producing them with your worker, within 5 and the bank (B52);
    workers in a usable town of yours, or your monument hex if you have none (B65); a
    building, free, where the Build card could put it; a unit replaces one of your
    workers (a navy goes on a water hex next to it), needs no allowance (B68), an air
    force only from layer 3 (B67), and comes from the set-aside pool if the supply has
    none (B16); a weapon goes to an unarmed worker [l.288, l.327].

    Raises:
        RuleViolation: saying why it cannot go there.
    """
    what = item.what
    player = state.players[seat]
    if to is not None and what not in EDGE_BUILDINGS and what != "navy":
        raise RuleViolation(f"a {what} goes on one hex", BONUS_RULE, f"Write: place {what} {hex_id}.")
    if what in RESOURCES:
        check_resource_placement(state, seat, what, hex_id, need_worker=True, must_match=True)
        return [ev.ResourcesGained(hex_id, what, 1)], ()
    if what == "worker":
        if player.supply.get("worker", 0) < 1:
            raise RuleViolation("you have no worker left in your supply", "Components, l.93 (B65)")
        places = worker_destinations(state, seat)
        if hex_id not in places:
            raise RuleViolation(
                f"a new worker cannot go on {hex_id}",
                f"{BONUS_RULE}: in a town you control, or on your monument hex if you have no town (B65)",
                f"Place it on: {', '.join(places)}.",
            )
        return new_worker_events(state, seat, hex_id), ()
    if what == "weapon":
        return _weapon_events(state, seat, item, hex_id), ()
    if what in MILITARY:
        return _unit_events(state, seat, what, hex_id, to)
    if what in LAND_BUILDINGS or what in EDGE_BUILDINGS:
        unlock: list[ev.Event] = []
        if what in LAND_BUILDINGS and player.supply.get(what, 0) < 1 and player.set_aside.get(what, 0) > 0:
            unlock = [ev.SupplyChanged(seat, what, 1, from_set_aside=True)]
        return unlock + placement_events(fold(state, unlock), seat, what, hex_id, to), ()
    raise RuleViolation(f"{what!r} cannot be placed", BONUS_RULE)


def _weapon_events(state: GameState, seat: int, item: pd.Placement, hex_id: str) -> list[ev.Event]:
    worker = next((u for u in units_at(state, hex_id, seat) if u.kind == "worker" and not u.weapon), None)
    if worker is None:
        raise RuleViolation(f"you have no unarmed worker on {hex_id}", "Weapons, l.327: one weapon per worker")
    events: list[ev.Event] = []
    if item.source != "reassign":
        if state.config.options.bank_limited and state.bank.get("weapon", 0) < 1:
            raise RuleViolation("the bank has no weapon left", "Components, l.82 (B50)")
        events.append(ev.BankChanged("weapon", -1))
    return events + [ev.UnitEquipped(worker.id, "weapon", True)]


def _unit_events(
    state: GameState, seat: int, kind: str, hex_id: str, to: str | None
) -> tuple[list[ev.Event], tuple[pd.Placement, ...]]:
    """A granted unit replaces a worker as Train does, but free and with no allowance (B68).

    If the supply has none of that unit, the grant takes one from the set-aside pieces
    (B16). An armed worker's weapon is then placed again (or goes back to the bank) [l.327].
    """
    from monuments_tui.rules.actions.train import unit_from_worker

    player = state.players[seat]
    unlock: list[ev.Event] = []
    if player.supply.get(kind, 0) < 1 and player.set_aside.get(kind, 0) > 0:
        unlock = [ev.SupplyChanged(seat, kind, 1, from_set_aside=True)]
    events, worker = unit_from_worker(fold(state, unlock), seat, kind, hex_id, to)
    extra = (pd.Placement("weapon", source="reassign"),) if worker.weapon else ()
    return unlock + events, extra


def placement_candidates(state: GameState, seat: int, what: str) -> Iterator[cmd.Place]:
    """Sensible `Place` commands for one granted item (some may still be illegal)."""
    board = load_board()
    lay = layout(state)
    workers = units_of(state, seat, "worker")
    land_hexes = sorted({u.hex for u in workers if u.ferry is None})
    if what in RESOURCES:
        for h in land_hexes:
            if h in lay.land and board.hex(h).resource == what:
                yield cmd.Place(what, h)
    elif what == "worker":
        for h in worker_destinations(state, seat):
            yield cmd.Place("worker", h)
    elif what == "weapon":
        for h in sorted({u.hex for u in workers if not u.weapon}):
            yield cmd.Place("weapon", h)
    elif what == "navy":
        for h in land_hexes:
            for n in board.neighbours(h):
                if n in lay.water:
                    yield cmd.Place("navy", h, n)
    elif what in MILITARY or what in LAND_BUILDINGS:
        for h in land_hexes:
            yield cmd.Place(what, h)
    elif what in EDGE_BUILDINGS:
        for h in land_hexes:
            for n in board.neighbours(h):
                if (what == "bridge" and board.is_river(h, n)) or (what == "ferry" and n in lay.water):
                    yield cmd.Place(what, h, n)


def first_placement(state: GameState, seat: int, item: pd.Placement) -> cmd.Place | None:
    """A legal `Place` for `item`, or None if it cannot go anywhere now."""
    for c in placement_candidates(state, seat, item.what):
        try:
            place_events(state, seat, item, c.hex, c.to)
        except RuleViolation:
            continue
        return c
    return None


def can_place(state: GameState, seat: int, item: pd.Placement) -> bool:
    """True if `item` can go somewhere now."""
    return first_placement(state, seat, item) is not None


def _continue(state: GameState, events: list[ev.Event], p: pd.PlaceStep, queue: tuple[pd.Placement, ...]) -> list[ev.Event]:
    if queue:
        return events + [ev.PendingSet(pd.PlaceStep(p.seat, queue=queue, then=p.then))]
    return then_events(state, events, p.seat, p.then)


@rule((pd.PlaceStep, cmd.Place))
def place(state: GameState, c: cmd.Place) -> list[ev.Event]:
    """Place one granted item, in any order [l.288]."""
    p = state.pending
    index = next((i for i, item in enumerate(p.queue) if item.what == c.what), None)
    if index is None:
        left = ", ".join(dict.fromkeys(i.what for i in p.queue))
        raise RuleViolation(f"you have no {c.what} to place", BONUS_RULE, f"To place: {left}.")
    events, extra = place_events(state, p.seat, p.queue[index], c.hex, c.to)
    return _continue(state, events, p, extra + p.queue[:index] + p.queue[index + 1:])


@rule((pd.PlaceStep, cmd.SkipPlacement))
def skip_placement(state: GameState, c: cmd.SkipPlacement) -> list[ev.Event]:
    """Give up the first item still to place, only if it cannot go anywhere (B17, B52, B65).

    A reassigned weapon that no worker can take goes back to the bank [l.327 (B66)].
    """
    from monuments_tui.rules.notation import format_command

    p = state.pending
    item = p.queue[0]
    legal = first_placement(state, p.seat, item)
    if legal is not None:
        raise RuleViolation(
            f"the {item.what} can still be placed",
            f"{BONUS_RULE} (B17: do what is possible)",
            f"For example: {format_command(legal)}.",
        )
    events: list[ev.Event] = [ev.BankChanged("weapon", 1)] if item.what == "weapon" and item.source == "reassign" else []
    return _continue(state, events, p, p.queue[1:])


@generator(pd.PlaceStep)
def _gen_place(state: GameState):
    p = state.pending
    for what in dict.fromkeys(i.what for i in p.queue):
        yield from placement_candidates(state, p.seat, what)
    yield cmd.SkipPlacement()


@generator(pd.MonumentStep)
def _gen_monument(state: GameState):
    """The automatic layer, and for a 1-worker layer one choice per kind of worker and hex."""
    p = state.pending
    yield cmd.BuildLayer()
    need = next_layer(state, p.seat)
    if need is None or need.workers != 1:
        return
    seen = dict.fromkeys((piece_code(u), u.hex) for u in units_of(state, p.seat, "worker"))
    for code, h in seen:
        yield cmd.BuildLayer((), (cmd.PieceAt(code, h),))
