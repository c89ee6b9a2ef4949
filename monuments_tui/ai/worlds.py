"""Worlds a seat cannot tell from the real game: what the search plays in (`sample_world`).

A seat sees the board, every hand of action cards, the bonus cards and its own quests,
but not [views.py]: other seats' quests in progress and starting quests, the quest cards
another seat is choosing from, the face-down quest decks, their discards and the quest
cards out of the game, the solo AI's quests (from everyone), nor the solo AI's draw pile
beyond its visible top card [Solo set-up, l.438]. Nor the dice still to roll: the game's
generator position (`GameState.rng`) decides them, so a world gets a fresh one.

`sample_world` deals the hidden quest cards out again at random over the hidden places,
each within its own deck (a card drawn from the "2-3" deck stays a "2-3" card: which deck
a card came from is seen at the table), shuffles the AI's draw pile under its top card,
and reseeds the dice. It reads of the real state only what the seat may see and the set
of cards it may not (which every consistent world shares), gathered in a fixed order, so
two states the seat cannot tell apart give the same worlds for the same random draws:
the search cannot have peeked.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from msgspec.structs import replace

from monuments_tui.rules import pending as pd
from monuments_tui.rules.content import load_content
from monuments_tui.rules.state import GameState, share_board_facts
from monuments_tui.rules.views import sees_quests_of


def hidden_quests(state: GameState, seat: int) -> Iterator[str]:
    """Every quest card `seat` may not see, wherever it lies (a card may show twice: a
    starting quest is both dealt and offered)."""
    quests = load_content().quest_by_id
    for player in state.players:
        if not sees_quests_of(state, seat, player.seat):
            yield from player.quests
    for owner, cards in state.start_quests.items():
        if not sees_quests_of(state, seat, owner):
            yield from cards
    for cards in (*state.quest_decks.values(), *state.quest_discards.values()):
        yield from cards
    yield from (card for card in state.removed_cards if card in quests)
    pending = state.pending
    if isinstance(pending, (pd.ChooseStartQuest, pd.ChooseQuestsToKeep)) and not sees_quests_of(
        state, seat, pending.seat
    ):
        yield from pending.options


def _deal_again(state: GameState, seat: int, rnd: random.Random) -> dict[str, str]:
    """The hidden quest cards dealt again: for each hidden place, in a fixed order of the
    places, the card it gets. The cards of each deck are sorted before they are shuffled,
    so what a place gets depends on the random draws and on the set of cards alone, never
    on which card lay there."""
    by_deck: dict[str, list[str]] = {}
    quests = load_content().quest_by_id
    for card in dict.fromkeys(hidden_quests(state, seat)):  # places in order; a card shown twice once
        by_deck.setdefault(quests[card].deck, []).append(card)
    exchange: dict[str, str] = {}
    for deck in sorted(by_deck):
        places = by_deck[deck]
        dealt = sorted(places)
        rnd.shuffle(dealt)
        exchange.update(zip(places, dealt, strict=True))
    return exchange


def sample_world(state: GameState, seat: int, rnd: random.Random) -> GameState:
    """A state `seat` cannot tell from `state`, drawn at random (see the module's note).

    It shares every part it leaves alone with `state`, its pieces among them, so what is
    known of the pieces carries over; `state` is not changed."""
    swap = _deal_again(state, seat, rnd)

    def again(cards: list[str]) -> list[str]:
        return [swap.get(card, card) for card in cards]

    players = []
    for player in state.players:
        if sees_quests_of(state, seat, player.seat) or not player.quests:
            players.append(player)
            continue
        battles = {swap.get(q, q): n for q, n in player.battles_at_draw.items()}
        players.append(replace(player, quests=again(player.quests), battles_at_draw=battles))
    changes: dict[str, object] = {
        "players": players,
        "start_quests": {
            owner: cards if sees_quests_of(state, seat, owner) else again(cards)
            for owner, cards in state.start_quests.items()
        },
        "quest_decks": {deck: again(cards) for deck, cards in state.quest_decks.items()},
        "quest_discards": {deck: again(cards) for deck, cards in state.quest_discards.items()},
        "removed_cards": again(state.removed_cards),
        "rng": rnd.getrandbits(64),
    }
    pending = state.pending
    if isinstance(pending, (pd.ChooseStartQuest, pd.ChooseQuestsToKeep)) and not sees_quests_of(
        state, seat, pending.seat
    ):
        changes["pending"] = replace(pending, options=tuple(again(list(pending.options))))
    if state.ai is not None and len(state.ai.draw) > 2:
        unseen = sorted(state.ai.draw[1:])  # the top card is face up [l.438]
        rnd.shuffle(unseen)
        changes["ai"] = replace(state.ai, draw=[state.ai.draw[0], *unseen])
    world = replace(state, **changes)
    share_board_facts(state, world, ())
    return world
