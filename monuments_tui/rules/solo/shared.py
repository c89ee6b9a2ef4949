"""Commands that several AI cards share: whether a card is upgraded (B75), paying any
resources by the AI's priorities (B76), moving units by the Movement priorities [l.471-474]
(Movement, Upgrade a card, Build your Monument) and shuffling the whole deck into a new draw
pile [l.502, l.549] (Upgrade a card, Build your Monument).
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.content import AiCardId
from monuments_tui.rules.queries import (
    controlled_land,
    controlled_water,
    monument_hex,
    resource_totals,
)
from monuments_tui.rules.solo.context import AiContext, PlayerDistance
from monuments_tui.rules.solo.deck import full_reshuffle
from monuments_tui.rules.solo.measures import empty_player_land, island_targets, nearest, sea_targets, towns_held
from monuments_tui.rules.state import GameState


def is_green(t: AiContext, card: str) -> bool:
    """Has the AI upgraded `card` (its upgraded cards are its player's green list, B75)?"""
    return card in t.state.players[t.seat].green


def movement_scorer(t: AiContext) -> Callable[[GameState, cmd.Command], float]:
    """Movement's priorities, in order [l.471-474]: every town holds 2 workers; spread out to
    control the most hexes; move closest to the player; navies and air forces to islands
    (or to the player's continent once ferries carry workers)."""
    seat = t.seat
    near = PlayerDistance(t.state, seat)
    targets = sea_targets(t.state, seat)
    land_targets = island_targets(t.state, seat) | empty_player_land(t.state, seat)

    home = monument_hex(t.state, seat)

    def score(after: GameState, c: cmd.Command) -> float:
        land = len(controlled_land(after, seat))
        water = len(controlled_water(after, seat))
        res = sum(resource_totals(after, seat).values())
        closeness = 0
        heading = 0
        afloat = 0
        idle = 0
        worker_hexes = set()
        for u in after.units.values():
            if u.owner != seat:
                continue
            if u.kind in ("navy", "air"):
                heading += nearest(u.hex, targets)
            elif u.ferry is not None:
                afloat += 8 - min(8, nearest(u.hex, land_targets))
            elif u.hex == home:
                idle += 1  # spread out: the monument hex is no land [l.276]
            else:
                closeness += near(u.hex)[0]
                worker_hexes.add(u.hex)
        # Ferries wait where AI workers can board them; an empty ferry adrift helps nobody.
        ferries = 0
        for f in after.ferries.values():
            aboard = any(u.ferry == f.id for u in after.units.values())
            if f.builder == seat and not aboard:
                ferries += 1 if f.land in worker_hexes else -1
        return (
            10000 * towns_held(after, seat)
            + 100 * land
            + 30 * res
            + 20 * water
            + 10 * afloat
            + 5 * ferries
            - 2 * heading
            - closeness
            - 5 * idle
        )

    return score


def move_units(t: AiContext, slots: int, card: AiCardId) -> bool:
    """Move up to `slots` units as the Movement card does, by its priorities. True if any moved."""
    step = pd.MovementStep(t.seat, green=slots > 2, slots=slots)
    done = t.run_steps(step, movement_scorer(t))
    if not done:
        t.report("moved_nothing", card=card)
        return False
    t.report("moved", card=card, commands=tuple(c for c, _ in done))
    return True


def spend(t: AiContext, n: int) -> list[ev.Event] | None:
    """Pay any `n` resources by the AI's priorities, or None if it controls fewer (B76)."""
    return t.pay_any(n)


def amounts(events: list[ev.Event]) -> tuple[ev.Amount, ...]:
    """What a payment's events spent, hex by hex, for the log."""
    return tuple(ev.Amount(e.hex, e.resource, e.n) for e in events if isinstance(e, ev.ResourcesSpent))


def reshuffle_all(t: AiContext, card: str) -> None:
    """Shuffle the discard pile, the draw pile and `card` into a new draw pile [l.502, l.549]."""
    new, rng, report = full_reshuffle(t.state, t.seat, t.ai, t.state.rng, extra=(card,))
    t.set_ai(replace(new, card=card), rng)
    t.add(report)
