"""Build a layer of your monument, then take its common bonus.

[Build a layer of your monument, l.268-301; Monument costs, l.168-174; Game end, l.391;
B1, B20, B62, B63, B77, B78; Weapons, l.327]

A layer is one `BuildLayer` command: land is checked first, then the resources are paid
and the workers sacrificed (B62). The bonuses follow as pending steps of the same action:
`ChooseCommonBonus` (skipped when no card of that level may be taken), then, after layers
1-4, the personal bonus (`actions/personal_bonus.py`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from monuments_tui.rules import commands as cmd, events as ev, pending as pd, rng as random
from monuments_tui.rules.actions.opening import opener
from monuments_tui.rules.actions.personal_bonus import offer_personal_bonus
from monuments_tui.rules.content import load_content
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold_ahead
from monuments_tui.rules.flow import finish_action
from monuments_tui.rules.layer_needs import LAST_LAYER, layer_discount, next_layer
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.payment import payment_events
from monuments_tui.rules.queries import (
    controlled_land,
    monument_hex,
    piece_code,
    units_at,
    units_of,
)
from monuments_tui.rules.registry import generator, pending_as, rule
from monuments_tui.rules.removals import units_lost_events
from monuments_tui.rules.state import GameState, Unit

RULE = "Build a layer of your monument, l.272-278"


@opener("monument")
def open_monument(state: GameState, seat: int, green: bool) -> list[ev.Event]:
    """Red: the layer's full cost; green: 1 resource off, never a worker [l.274, l.301]."""
    return [ev.PendingSet(pd.MonumentStep(seat, green=green))]


@rule((pd.MonumentStep, cmd.BuildLayer))
def build_layer(state: GameState, c: cmd.BuildLayer) -> Outcome:
    """Check the land, pay the resources, sacrifice the workers, place the layer [l.292-295 (B62)].

    Land is checked before paying: a sacrifice may then leave you below the requirement.
    Building layer 5 makes the current round the last [Game end, l.391].
    """
    p = pending_as(state, pd.MonumentStep)
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
    events += sacrifice_events(fold_ahead(state, events), p.seat, need.workers, c.sacrifice)
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
    return tuple(c for c in state.common_piles.get(level, []) if held[cards[c].effect] < cards[c].copy_mark)


def offer_common_bonus(state: GameState, events: list[ev.Event], seat: int, level: int) -> Outcome:
    """After the layer: choose an available common bonus of its level, if any may be taken [l.280].

    The solo AI does not choose: it discards a random card of the level (it gets no
    effects, B78), and after layer 5 keeps a random Layer-5 card for its VP (B77).
    """
    after = fold_ahead(state, events)
    if after.config.ai_seat == seat:
        pile = after.common_piles.get(level, [])
        if pile:
            k, position = random.randbelow(after.rng, len(pile))
            keeper = seat if level == LAST_LAYER else None
            events = events + [
                ev.RandomDrawn(position, k + 1, len(pile), "common_bonus"),
                ev.CommonBonusTaken(pile[k], level, keeper),
            ]
        return finish_action(state, events)
    options = common_bonus_options(after, seat, level)
    if options:
        return events + [ev.PendingSet(pd.ChooseCommonBonus(seat, level=level, options=options))]
    return offer_personal_bonus(state, events, seat, level)


@rule((pd.ChooseCommonBonus, cmd.ChooseBonus))
def choose_bonus(state: GameState, c: cmd.ChooseBonus) -> Outcome:
    """Take one available common bonus card of the layer just built; it stays active [l.280-282]."""
    p = pending_as(state, pd.ChooseCommonBonus)
    if c.card not in p.options or c.card not in state.common_piles.get(p.level, []):
        raise RuleViolation(
            f"{c.card} is not a Layer-{p.level} common bonus you may take",
            "Monument, l.280-282: a card of the layer's level, within its copy mark",
            f"Choose one of: {', '.join(p.options)}.",
        )
    return offer_personal_bonus(state, [ev.CommonBonusTaken(c.card, p.level, p.seat)], p.seat, p.level)


@generator(pd.ChooseCommonBonus)
def _gen_common(state: GameState) -> Iterable[cmd.Command]:
    for card in pending_as(state, pd.ChooseCommonBonus).options:
        yield cmd.ChooseBonus(card)


@generator(pd.MonumentStep)
def _gen_monument(state: GameState) -> Iterable[cmd.Command]:
    """The automatic layer, and for a 1-worker layer one choice per kind of worker and hex."""
    p = pending_as(state, pd.MonumentStep)
    yield cmd.BuildLayer()
    need = next_layer(state, p.seat)
    if need is None or need.workers != 1:
        return
    seen = dict.fromkeys((piece_code(u), u.hex) for u in units_of(state, p.seat, "worker"))
    for code, h in seen:
        yield cmd.BuildLayer((), (cmd.PieceAt(code, h),))
