"""Six of the AI action cards: Production, Movement, Population, Upgrade a card, Build a
building and Draw quest card; each card's commands, tried from the top, with its priorities.

[Solo rules, l.452-549; review B74-B81, B84, B85]

Each resolver takes an `AiContext` (the private state of the AI's turn) and returns
what happened:

* "done": a command of the card was carried out; the card is discarded.
* "nothing": no command could be carried out (l.455, l.457).
* "set_aside": the card sets itself aside and the next card is drawn (l.494, l.512).
* "reshuffled": the card went back into a new draw pile (l.502, l.549).
* "battle": the AI attacked; the battle goes on with its own decisions (l.547).

Resolvers narrate what they do: the command applied or why it was skipped, and the
choice made.

The other two cards have modules of their own, `special` [l.480-496] and `monument`
[l.518-549]; what several cards share is in `measures` and `shared`. `turn.RESOLVERS`
maps each AI card id to its resolver.
"""

from __future__ import annotations

from collections.abc import Callable

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.actions.build import placement_events
from monuments_tui.rules.actions.quest_cards import draw_quest_events
from monuments_tui.rules.board import load_board
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.queries import layout, owners_at, units_of, workers_on_land
from monuments_tui.rules.quests import deck_for_layers
from monuments_tui.rules.solo.context import AiContext, PlayerDistance, distance
from monuments_tui.rules.solo.deck import draw_pile_reshuffle
from monuments_tui.rules.solo.measures import new_worker_reach
from monuments_tui.rules.solo.shared import amounts, is_green, move_units, reshuffle_all, spend
from monuments_tui.rules.solo.tables import load_solo
from monuments_tui.rules.state import HEX_BUILDINGS, GameState


# -- Production [l.463-465] ----------------------------------------------------------------------
def production(t: AiContext) -> str:
    """Produce on up to 2 (green 3) hexes that produce the most resources; the type does not matter [Solo production, l.465]."""
    green = is_green(t, "production")
    seat = t.seat
    step = pd.ProductionStep(seat, green=green, left=3 if green else 2)

    def score(after: GameState, c: cmd.Command) -> float:
        return sum(sum(v.values()) for v in after.resources.values())

    done = t.run_steps(step, score)
    if not done:
        t.report("produced_nothing")
        return "nothing"
    gained = tuple(
        ev.Amount(e.hex, e.resource, e.n) for _, evs in done for e in evs if isinstance(e, ev.ResourcesGained)
    )
    t.report("produced", gained=gained)
    return "done"


# -- Movement [l.467-474] --------------------------------------------------------------------------
def movement(t: AiContext) -> str:
    """Move up to 2 (green 3) units by the Movement priorities [Solo movement, l.469-474]."""
    slots = 3 if is_green(t, "movement") else 2
    return "done" if move_units(t, slots, "movement") else "nothing"


# -- Population [l.476-478] ------------------------------------------------------------------------
def population(t: AiContext) -> str:
    """A worker into a town with 2 AI workers (green: up to 2 towns), where it best reaches new land [Solo population, l.478]."""
    green = is_green(t, "population")
    seat = t.seat
    step = pd.PopulateStep(seat, green=green, left=2 if green else 1)

    def score(after: GameState, c: cmd.Command) -> float:
        if not isinstance(c, cmd.Populate):
            return 0.0
        a, b = new_worker_reach(after, seat, c.hex)
        return 100 * a + b

    done = t.run_steps(step, score, keep_going=lambda best, stop: True)
    if not done:
        t.report("populated_nothing")
        return "nothing"
    t.report("populated", hexes=tuple(c.hex for c, _ in done if isinstance(c, cmd.Populate)))  # all are
    return "done"


# -- Upgrade a card [l.498-502] ---------------------------------------------------------------------------
def upgrade(t: AiContext) -> str:
    """Upgrade Movement, Production, Population, Special in turn, free (B75); then move one unit and reshuffle [l.500-502]."""
    seat = t.seat
    order = load_solo().upgrade_order
    target = next((c for c in order if not is_green(t, c)), None)
    if target is not None:
        t.add(ev.CardUpgraded(seat, target))
        ai = t.ai
        pile = "draw" if target in ai.draw else "set_aside" if target in ai.set_aside else "discard"
        t.report("upgraded", card=target, kind=pile)
        if target in ai.draw:
            new, rng, report = draw_pile_reshuffle(t.state, seat, ai, t.state.rng)
            t.set_ai(new, rng)
            t.add(report)
        return "done"
    t.report("all_upgraded")
    move_units(t, 1, "upgrade")
    reshuffle_all(t, "upgrade")
    return "reshuffled"


# -- Build a building [l.504-512] ----------------------------------------------------------------------------
def building_sites(t: AiContext, kind: str) -> list[str]:
    """Hexes where the AI may place a `kind` building now."""
    out = []
    for h in sorted({u.hex for u in units_of(t.state, t.seat, "worker") if u.ferry is None}):
        try:
            placement_events(t.state, t.seat, kind, h, None)
        except RuleViolation:  # not a legal site
            continue
        out.append(h)
    return out


def site_score(t: AiContext, kind: str) -> Callable[[str], tuple[int, ...]]:
    """The placement priorities of each building [l.508]."""
    seat = t.seat
    state = t.state
    board = load_board()
    near = PlayerDistance(state, seat)

    def count(h: str) -> int:
        return len(workers_on_land(state, seat, h))

    if kind == "town":
        empty = {h for h in layout(state).land if not owners_at(state, h)}
        return lambda h: (count(h) >= 2, sum(1 for e in empty if distance(h, e) <= 2), -near(h)[0])
    if kind == "fort":
        return lambda h: tuple(-x for x in near(h))
    have = {board.hex(b.hex).resource for b in state.buildings.values() if b.owner == seat and b.kind == "factory"}
    wanted = [r for r in ("metal", "wood") if r not in have] or ["metal", "wood"]
    return lambda h: (
        count(h) == 1,
        board.hex(h).resource in wanted,
        board.hex(h).resource in ("metal", "wood"),
        -near(h)[0],
    )


def place_building(t: AiContext, kind: str, pay: list[ev.Event]) -> str | None:
    sites = building_sites(t, kind)
    if not sites:
        return None
    where = t.best(sites, site_score(t, kind))
    t.add(*pay)
    t.add(*placement_events(t.state, t.seat, kind, where, None))
    return where


def build(t: AiContext) -> str:
    """No building yet: a town. Some: roll 1-3 town, 4-5 fort, 6 factory (reroll a type none is left of).
    All built: set aside. Any 2 resources [l.506-512]."""
    seat = t.seat
    supply = t.state.players[seat].supply
    on_board = [b for b in t.state.buildings.values() if b.owner == seat and b.kind in HEX_BUILDINGS]
    cost = load_solo().costs["building"]
    if not on_board:
        pay = spend(t, cost)
        if pay is None:
            t.report("build_first_poor", count=cost)
            return "nothing"
        where = place_building(t, "town", pay)
        if where is None:
            t.report("build_first_no_site")
            return "nothing"
        t.report("built_first_town", hexes=(where,), paid=amounts(pay))
        return "done"
    left = [k for k in HEX_BUILDINGS if supply.get(k, 0) > 0]
    if not left:
        t.report("build_all_built")
        return "set_aside"
    pay = spend(t, cost)
    if pay is None:
        t.report("build_poor", count=cost)
        return "nothing"
    table = load_solo().build_d6
    rolls = []
    while True:
        value = t.roll_d6("building_type")
        rolls.append(value)
        if table[value] in left:
            break
    kind = table[value]
    where = place_building(t, kind, pay)
    if where is None:
        t.report("build_no_site", rolls=tuple(rolls), kind=kind)
        return "nothing"
    t.report("built", rolls=tuple(rolls), kind=kind, hexes=(where,), paid=amounts(pay))
    return "done"


# -- Draw quest card [l.514-516] -------------------------------------------------------------------------------------
def quest(t: AiContext) -> str:
    """Draw 1 quest from the deck of the AI's monument level, unseen, onto its quest stack [Solo draw quest card, l.516]."""

    seat = t.seat
    deck = deck_for_layers(t.state.players[seat].layers)
    events, drawn = draw_quest_events(t.state, seat, deck, 1)
    if not drawn:
        t.report("quest_deck_empty", kind=deck)
        return "nothing"
    t.add(*events)
    t.add(ev.QuestsKept(seat, deck, tuple(drawn), ()))
    t.report("quest_drawn", kind=deck)
    return "done"
