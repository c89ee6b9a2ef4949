"""The turn itself: set-up choices, playing a card, taking cards back, quests, ending.

[Player set-up, l.154, l.162; In a turn, l.206-207; Movement, l.221 (first turn);
Quests, l.371-377]
"""

from __future__ import annotations

from collections.abc import Iterable

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.actions.opening import OPENERS
from monuments_tui.rules.board import load_board
from monuments_tui.rules.content import ACTION_IDS, ActionId, Resource, is_action_id
from monuments_tui.rules.decide import any_legal
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold, fold_ahead
from monuments_tui.rules.flow import end_turn, finish_action, start_play
from monuments_tui.rules.layer_needs import layer_needs, shortfall_words
from monuments_tui.rules.outcome import CardOpened, Outcome, no_effect
from monuments_tui.rules.queries import layout, units_of
from monuments_tui.rules.quests import (
    bonus_resource_due,
    check_quest,
    completable_quests,
)
from monuments_tui.rules.registry import generator, pending_as, rule
from monuments_tui.rules.resource_placement import check_resource_placement
from monuments_tui.rules.setup import next_setup_pending
from monuments_tui.rules.state import GameState

START_RESOURCE_RULE = "Player set-up, l.162"
"""Starting resources go on a hex producing them."""

QUEST_BONUS_RULE = "Quests, l.377"
"""A quest's bonus resource goes on a hex producing it, where you have a worker."""

FIRST_TURN_CARDS = ("movement", "quest")
"""In a player's very first turn only Movement and Draw quest cards may be played (B58) [l.221]."""


# -- set-up --------------------------------------------------------------------------------
@rule((pd.ChooseStartQuest, cmd.KeepStartQuest))
def keep_start_quest(state: GameState, c: cmd.KeepStartQuest) -> list[ev.Event]:
    """Keep one starting quest, discard the other [Player set-up, l.154]."""
    p = pending_as(state, pd.ChooseStartQuest)
    if c.quest not in p.options:
        raise RuleViolation(
            f"{c.quest} is not one of your starting quests",
            "Player set-up, l.154",
            f"Keep one of: {', '.join(p.options)}.",
        )
    others = tuple(q for q in p.options if q != c.quest)
    return [
        ev.QuestsKept(p.seat, "start", (c.quest,), others),
        ev.PendingSet(pd.ChooseStartResource(p.seat, 2)),
    ]


@rule((pd.ChooseStartResource, cmd.PlaceStartResource))
def place_start_resource(state: GameState, c: cmd.PlaceStartResource) -> list[ev.Event]:
    """Place a starting resource on an in-play land hex that produces it (B55) [l.162]."""
    p = pending_as(state, pd.ChooseStartResource)
    resource = check_resource_placement(
        state, p.seat, c.resource, c.hex, need_worker=False, must_match=True, rule=START_RESOURCE_RULE
    )
    events: list[ev.Event] = [ev.ResourcesGained(c.hex, resource, 1)]
    nxt = next_setup_pending(state, p.seat, p.left - 1)
    if nxt is not None:
        return events + [ev.PendingSet(nxt)]
    return events + start_play(fold(state, events))


@generator(pd.ChooseStartQuest)
def _gen_start_quest(state: GameState) -> Iterable[cmd.Command]:
    for q in pending_as(state, pd.ChooseStartQuest).options:
        yield cmd.KeepStartQuest(q)


@generator(pd.ChooseStartResource)
def _gen_start_resource(state: GameState) -> Iterable[cmd.Command]:
    board = load_board()
    for h in sorted(layout(state).land):
        resource = board.hex(h).resource
        if resource is not None:  # every land hex produces one
            yield cmd.PlaceStartResource(resource, h)


# -- playing cards -------------------------------------------------------------------------
def card_opening(state: GameState, seat: int, card: ActionId) -> list[ev.Event]:
    """The events of playing `card`: it leaves the hand and its action opens."""
    return _open(state, seat, card)[0]


def _open(state: GameState, seat: int, card: ActionId) -> tuple[list[ev.Event], GameState]:
    """`card_opening`, with the state it opens (folded once for the whole step: an opener
    reads neither the hand nor the card in play, all that `CardPlayed` changes)."""
    events: list[ev.Event] = [ev.CardPlayed(seat, card), *OPENERS[card](state, seat, card in state.players[seat].green)]
    return events, fold_ahead(state, events)


def playable(state: GameState, seat: int, card: ActionId) -> bool:
    """True if at least part of `card`'s effect can happen now (B59)."""
    opening = _opening(state, seat, card)
    return opening is not None and (opening[1] is None or any_legal(opening[1]))


def _opening(state: GameState, seat: int, card: ActionId) -> tuple[list[ev.Event], GameState | None] | None:
    """The events of playing `card` and, if `seat` must then choose how its action happens,
    the state it opens, where some command must be legal for the card to have an effect
    (B59); None if the card cannot open at all."""
    if card not in OPENERS:
        return None
    try:
        events, opened = _open(state, seat, card)
    except RuleViolation:
        return None
    if (
        opened.pending is None
        or opened.pending.seat != seat
        or isinstance(opened.pending, (pd.ChooseAction, pd.AfterAction))
    ):
        return events, None
    return events, opened


@rule((pd.ChooseAction, cmd.PlayCard))
def play_card(state: GameState, c: cmd.PlayCard) -> list[ev.Event] | CardOpened:
    """Play an action card from hand, on its current side [In a turn, l.206]."""
    seat = pending_as(state, pd.ChooseAction).seat
    player = state.players[seat]
    card = c.card
    if not is_action_id(card):
        raise RuleViolation(
            f"there is no action card {card!r}", "Action cards, l.211", f"Cards: {', '.join(ACTION_IDS)}."
        )
    if card not in player.hand:
        raise RuleViolation(
            f"{card} is not in your hand (it is in your discard pile)",
            "In a turn, l.206-207",
            "Play a card from your hand, or take your discard pile back.",
        )
    if player.turns == 1 and card not in FIRST_TURN_CARDS:
        raise RuleViolation(
            f"{card} cannot be played in your first turn",
            "Movement, l.221 (B58)",
            "In your very first turn, play Movement or Draw quest cards.",
        )
    opening = _opening(state, seat, card)
    if opening is None:
        raise _no_layer(state, seat) if card == "monument" else no_effect(card)
    events, opened = opening
    if opened is None:
        return events
    explain = (lambda: _no_layer(state, seat)) if card == "monument" else None
    return CardOpened(card, events, opened, explain)  # decide checks the effect


def _no_layer(state: GameState, seat: int) -> RuleViolation:
    """Why Monument cannot be played: what the next layer lacks, exactly [l.272-278; l.206 (B59)]."""
    needs = layer_needs(state, seat)
    if needs is None:
        return RuleViolation(
            "monument would have no effect now: all 5 layers of your monument are built",
            "Build a layer of your monument, l.272; In a turn, l.206 (B59)",
            "Play another card.",
        )
    return RuleViolation(
        f"monument would have no effect now: layer {needs.layer} needs {shortfall_words(needs) or 'more'}",
        "Build a layer of your monument, l.272-278; In a turn, l.206 (B59)",
        "The Players pane shows what your next layer needs; info layer explains it.",
    )


@rule((pd.ChooseAction, cmd.TakeBack))
def take_back(state: GameState, c: cmd.TakeBack) -> Outcome:
    """Take all discarded action cards back into hand, keeping their sides [l.207]."""
    seat = pending_as(state, pd.ChooseAction).seat
    if not state.players[seat].discard:
        raise RuleViolation("your discard pile is empty", "In a turn, l.207 (B59)", "Play a card instead.")
    return finish_action(state, [ev.CardsTakenBack(seat)])


@rule((pd.ChooseAction, cmd.DiscardCard))
def discard_card(state: GameState, c: cmd.DiscardCard) -> Outcome:
    """With no playable card and nothing to take back, discard a card for no effect (B59) [In a turn, l.206-207]."""
    seat = pending_as(state, pd.ChooseAction).seat
    player = state.players[seat]
    if c.card not in player.hand:
        raise RuleViolation(f"{c.card} is not in your hand", "In a turn, l.206")
    if player.discard:
        raise RuleViolation("you can take your discard pile back", "In a turn, l.207 (B59)", "Write: takeback.")
    allowed = FIRST_TURN_CARDS if player.turns == 1 else ACTION_IDS
    if any(card in player.hand and playable(state, seat, card) for card in allowed):
        raise RuleViolation(
            "you have a card you can play",
            "In a turn, l.206 (B59)",
            "Discarding is only for a hand with no playable card.",
        )
    return finish_action(state, [ev.CardDiscarded(seat, c.card)])


@generator(pd.ChooseAction)
def _gen_action(state: GameState) -> Iterable[cmd.Command]:
    player = state.players[pending_as(state, pd.ChooseAction).seat]
    for card in ACTION_IDS:
        if card in player.hand:
            yield cmd.PlayCard(card)
    yield cmd.TakeBack()
    if not player.discard:
        allowed = FIRST_TURN_CARDS if player.turns == 1 else ACTION_IDS
        if not any(card in player.hand and playable(state, player.seat, card) for card in allowed):
            for card in player.hand:
                yield cmd.DiscardCard(card)


# -- quests and the end of the turn ----------------------------------------------------
@rule((pd.ChooseAction, cmd.TurnInQuest), (pd.AfterAction, cmd.TurnInQuest))
def turn_in_quest(state: GameState, c: cmd.TurnInQuest) -> list[ev.Event]:
    """Turn in a completed quest during your own turn [Draw quest cards, l.371-377]."""
    seat = pending_as(state, pd.Pending).seat
    player = state.players[seat]
    if c.quest not in player.quests:
        raise RuleViolation(
            f"{c.quest} is not one of your quests in progress",
            "Quests, l.373",
            f"In progress: {', '.join(player.quests) or 'none'}.",
        )
    unmet = check_quest(state, seat, c.quest)
    if unmet:
        raise RuleViolation(f"{c.quest} is not complete: {unmet}", "Quests, l.371")
    events: list[ev.Event] = [ev.QuestCompleted(seat, c.quest)]
    if bonus_resource_due(state, seat, c.quest):
        options = bonus_placements(state, seat) if c.resource is None else []
        if options:
            raise RuleViolation(
                f"{c.quest} earns a bonus resource: name the resource and hex",
                QUEST_BONUS_RULE,
                f"For example: turn in {c.quest} {options[0][0]} {options[0][1]}.",
            )
        if c.resource is not None:
            hex_id = c.hex or ""
            resource = check_resource_placement(
                state, seat, c.resource, hex_id, need_worker=True, must_match=True, rule=QUEST_BONUS_RULE
            )
            events.append(ev.ResourcesGained(hex_id, resource, 1))
    elif c.resource is not None:
        raise RuleViolation(f"{c.quest} earns no bonus resource now", QUEST_BONUS_RULE, "Turn it in without one.")
    if isinstance(state.pending, pd.AfterAction):
        after = fold_ahead(state, events)
        if not completable_quests(after, seat):
            return events + end_turn(after)
    return events


def bonus_placements(state: GameState, seat: int) -> list[tuple[Resource, str]]:
    """(resource, hex) pairs where a bonus resource may go: a hex producing it with your worker [l.377]."""
    board = load_board()
    out = []
    land = layout(state).land
    # only hexes with the seat's worker standing on land can take one (the check asks for it)
    for h in sorted({u.hex for u in units_of(state, seat, "worker") if u.ferry is None and u.hex in land}):
        try:
            resource = check_resource_placement(
                state, seat, board.hex(h).resource, h, need_worker=True, must_match=True, rule=QUEST_BONUS_RULE
            )
        except RuleViolation:
            continue
        out.append((resource, h))
    return out


@rule((pd.AfterAction, cmd.EndTurn))
def end_turn_command(state: GameState, c: cmd.EndTurn) -> list[ev.Event]:
    """End the turn; quests still met may be turned in on a later turn [In a turn, l.206; Draw quest cards, l.373]."""
    return end_turn(state)


@generator(pd.ChooseAction, pd.AfterAction)
def _gen_quests(state: GameState) -> Iterable[cmd.Command]:
    seat = pending_as(state, pd.Pending).seat
    for q in completable_quests(state, seat):
        if bonus_resource_due(state, seat, q):
            places = bonus_placements(state, seat)
            for resource, h in places:
                yield cmd.TurnInQuest(q, resource, h)
            if not places:
                yield cmd.TurnInQuest(q)
        else:
            yield cmd.TurnInQuest(q)
    if isinstance(state.pending, pd.AfterAction):
        yield cmd.EndTurn()
