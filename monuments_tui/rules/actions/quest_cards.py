"""Draw quest cards: draw 2 (red) or 3 (green) from the deck of your monument level, keep at least one.

[Draw quest cards, l.365-381; Player set-up, l.154; B24, B59; common bonus quest_draw (B18)]
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from monuments_tui.rules import commands as cmd, events as ev, pending as pd, rng as random
from monuments_tui.rules.actions.continuation import then_events
from monuments_tui.rules.actions.opening import opener
from monuments_tui.rules.content import QuestDeck
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold_ahead
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.queries import bonus_amount
from monuments_tui.rules.quests import deck_for_layers
from monuments_tui.rules.registry import generator, pending_as, rule
from monuments_tui.rules.state import GameState

RULE = "Draw quest cards, l.367-369"


@opener("quest")
def open_quest(state: GameState, seat: int, green: bool) -> list[ev.Event]:
    """Red: draw 2; green: draw 3 [l.367, l.379]; +1 per quest-draw bonus. Keep at least one."""
    n = (3 if green else 2) + bonus_amount(state, seat, "quest_draw")
    return offer_quests(state, [], seat, n, least=1, then="after_action")


def draw_quest_events(state: GameState, seat: int, deck: QuestDeck, n: int) -> tuple[list[ev.Event], tuple[str, ...]]:
    """Draw up to `n` cards of quest deck `deck`, top first, for `seat`.

    When the deck runs out, its discards are shuffled into a new deck; if there are none,
    fewer (or no) cards are drawn [l.154, l.381].
    """
    events: list[ev.Event] = []
    pile = list(state.quest_decks.get(deck, []))
    drawn = pile[:n]
    if drawn:
        events.append(ev.QuestsDealt(seat, deck, tuple(drawn)))
    discards = state.quest_discards.get(deck, [])
    if len(drawn) < n and discards:
        order, position = random.shuffled(state.rng, list(discards))
        events.append(ev.QuestDeckShuffled(deck, tuple(order), position))
        more = order[: n - len(drawn)]
        events.append(ev.QuestsDealt(seat, deck, tuple(more)))
        drawn += more
    return events, tuple(drawn)


def offer_quests(
    state: GameState, events: list[ev.Event], seat: int, n: int, least: int, then: pd.AfterBonus
) -> list[ev.Event]:
    """Draw `n` quest cards from the deck of `seat`'s monument level, then wait for `ChooseQuestsToKeep`.

    You always draw from the deck matching the layers built so far [l.369, l.375].

    Raises:
        RuleViolation: if that deck and its discards are empty (the card would do nothing, B59).
    """
    after = fold_ahead(state, events)
    deck = deck_for_layers(after.players[seat].layers)
    drawn_events, drawn = draw_quest_events(after, seat, deck, n)
    if not drawn:
        raise RuleViolation(
            f"no quest cards are left at level {deck}",
            "Player set-up, l.154: if a deck and its discards are empty, there are no quests at that level (B59)",
        )
    keep = pd.ChooseQuestsToKeep(seat, deck=deck, options=drawn, least=least, then=then)
    return events + drawn_events + [ev.PendingSet(keep)]


@rule((pd.ChooseQuestsToKeep, cmd.KeepQuests))
def keep_quests(state: GameState, c: cmd.KeepQuests) -> Outcome:
    """Keep some of the cards drawn (at least one for the action); the rest go to the deck's discards [l.367-369]."""
    p = pending_as(state, pd.ChooseQuestsToKeep)
    unknown = [q for q in c.quests if q not in p.options]
    if unknown:
        raise RuleViolation(f"{', '.join(unknown)} was not drawn", RULE, f"Keep some of: {', '.join(p.options)}.")
    if len(set(c.quests)) != len(c.quests):
        raise RuleViolation("name each quest card once", RULE)
    if len(c.quests) < p.least:
        raise RuleViolation(
            "keep at least one of the quest cards drawn", RULE, f"Keep one or more of: {', '.join(p.options)}."
        )
    discarded = tuple(q for q in p.options if q not in c.quests)
    return then_events(state, [ev.QuestsKept(p.seat, p.deck, tuple(c.quests), discarded)], p.seat, p.then)


@generator(pd.ChooseQuestsToKeep)
def _gen(state: GameState) -> Iterable[cmd.Command]:
    p = pending_as(state, pd.ChooseQuestsToKeep)
    for size in range(max(p.least, 0), len(p.options) + 1):
        for kept in combinations(p.options, size):
            yield cmd.KeepQuests(kept)
