"""The personal bonus of a monument layer: choose an option, place what it grants.

[Build a layer of your monument, l.284-288, l.299; Game end, l.393; B15, B17, B52, B65,
B66; Weapons, l.327; Player set-up, l.154; Solo gameplay, l.450]

After layers 1-4 (`offer_personal_bonus`, from `actions/monument.py`) the player chooses
an option of the personal bonus card for that layer in `ChoosePersonalOption`. Its
resources, workers, buildings, units and weapons are then placed one by one in a
`PlaceStep` (where each may go: `actions/placement.py`); quest cards are drawn as the
Draw quest cards action does. Once done, the card goes to the bottom of the deck.
"""

from __future__ import annotations

from collections.abc import Iterable

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.actions.continuation import continuation, then_events
from monuments_tui.rules.actions.placement import (
    BONUS_RULE,
    can_place,
    first_placement,
    place_events,
    placement_candidates,
)
from monuments_tui.rules.actions.quest_cards import offer_quests
from monuments_tui.rules.card_types import Option, PersonalBonusCard
from monuments_tui.rules.content import load_content
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.flow import finish_action
from monuments_tui.rules.notation import format_command
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.quests import deck_for_layers
from monuments_tui.rules.registry import generator, pending_as, rule
from monuments_tui.rules.state import GameState

PERSONAL_LAYERS = (1, 2, 3, 4)
"""Layers that give a personal bonus; layer 5 gives none [l.299, l.393]."""


# -- the personal bonus ----------------------------------------------------------------------
def personal_card_for(state: GameState, seat: int, layer: int) -> PersonalBonusCard | None:
    """`seat`'s personal bonus card for `layer`, looked up by layer, not deck position (B15)."""
    deck = state.players[seat].personal_deck
    if layer not in PERSONAL_LAYERS or not deck:
        return None
    content = load_content()
    return content.personal_card(content.personal_by_id[deck[0]].deck, layer)


def offer_personal_bonus(state: GameState, events: list[ev.Event], seat: int, layer: int) -> Outcome:
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
def choose_option(state: GameState, c: cmd.ChooseOption) -> Outcome:
    """Choose one option of the personal bonus card and carry it out [l.284-288 (B17)]."""
    p = pending_as(state, pd.ChoosePersonalOption)
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
def _gen_personal(state: GameState) -> Iterable[cmd.Command]:
    card = load_content().personal_by_id[pending_as(state, pd.ChoosePersonalOption).card]
    for i in range(1, len(card.options) + 1):
        yield cmd.ChooseOption(i)


@continuation("personal_bonus")
def use_personal_bonus(state: GameState, events: list[ev.Event], seat: int) -> Outcome:
    """The personal bonus is done: its card goes to the bottom of the deck, the action ends [l.288]."""
    after = fold(state, events)
    card = personal_card_for(after, seat, after.players[seat].layers)
    if card is not None:
        events = events + [ev.PersonalBonusUsed(seat, card.id)]
    return finish_action(state, events)


# -- placing what the bonus grants, one item at a time ---------------------------------------
def _continue(state: GameState, events: list[ev.Event], p: pd.PlaceStep, queue: tuple[pd.Placement, ...]) -> Outcome:
    if queue:
        return events + [ev.PendingSet(pd.PlaceStep(p.seat, queue=queue, then=p.then))]
    return then_events(state, events, p.seat, p.then)


@rule((pd.PlaceStep, cmd.Place))
def place(state: GameState, c: cmd.Place) -> Outcome:
    """Place one granted item, in any order [l.288]."""
    p = pending_as(state, pd.PlaceStep)
    index = next((i for i, item in enumerate(p.queue) if item.what == c.what), None)
    if index is None:
        left = ", ".join(dict.fromkeys(i.what for i in p.queue))
        raise RuleViolation(f"you have no {c.what} to place", BONUS_RULE, f"To place: {left}.")
    events, extra = place_events(state, p.seat, p.queue[index], c.hex, c.to)
    return _continue(state, events, p, extra + p.queue[:index] + p.queue[index + 1 :])


@rule((pd.PlaceStep, cmd.SkipPlacement))
def skip_placement(state: GameState, c: cmd.SkipPlacement) -> Outcome:
    """Give up the first item still to place, only if it cannot go anywhere (B17, B52, B65).

    A reassigned weapon that no worker can take goes back to the bank [l.327 (B66)].
    """
    p = pending_as(state, pd.PlaceStep)
    item = p.queue[0]
    legal = first_placement(state, p.seat, item)
    if legal is not None:
        raise RuleViolation(
            f"the {item.what} can still be placed",
            f"{BONUS_RULE} (B17: do what is possible)",
            f"For example: {format_command(legal)}.",
        )
    events: list[ev.Event] = (
        [ev.BankChanged("weapon", 1)] if item.what == "weapon" and item.source == "reassign" else []
    )
    return _continue(state, events, p, p.queue[1:])


@generator(pd.PlaceStep)
def _gen_place(state: GameState) -> Iterable[cmd.Command]:
    p = pending_as(state, pd.PlaceStep)
    for what in dict.fromkeys(i.what for i in p.queue):
        yield from placement_candidates(state, p.seat, what)
    yield cmd.SkipPlacement()
