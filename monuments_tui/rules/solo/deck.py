"""The solo AI's deck: draw pile, discard pile, cards set aside, reshuffles.

[Solo set-up, l.438; Gameplay, l.452-460; Special, l.494-496; Upgrade a card, l.500-502;
Build a building, l.512; Build your Monument, l.549; review B74, B75, B80, B85]

Pure functions of (state, AI deck, generator position). Nothing here writes a state:
each returns the new deck and the generator's new position, which the caller records
in an `AiStateSet` event, together with lines for the log.
"""

from __future__ import annotations

from msgspec.structs import replace

from monuments_tui.rules import events as ev, rng as random
from monuments_tui.rules.card_types import AI_CARD_IDS
from monuments_tui.rules.config import Difficulty
from monuments_tui.rules.content import load_content
from monuments_tui.rules.solo.tables import load_solo
from monuments_tui.rules.state import HEX_BUILDINGS, MILITARY, AiState, GameState


def card_name(card: str) -> str:
    """The printed name of an AI card ("Build your Monument")."""
    return load_content().ai_by_id[card].name


def first_deck(difficulty: Difficulty, rng: int) -> tuple[AiState, int]:
    """The first draw pile: the other 7 cards shuffled, Movement on top [l.438]."""
    first = load_solo().first_card
    others = [c for c in AI_CARD_IDS if c != first]
    shuffled, rng = random.shuffled(rng, others)
    return AiState(difficulty=difficulty, draw=[first, *shuffled]), rng


def all_upgraded(state: GameState, seat: int) -> bool:
    """True once the AI has upgraded all four upgradable cards [l.500-502]."""
    green = state.players[seat].green
    return all(c in green for c in load_solo().upgrade_order)


def is_reshuffle_card(state: GameState, seat: int, card: str) -> bool:
    """Does `card` tell the AI to reshuffle (B74)? Build your Monument always does;
    Upgrade a card once all four upgrades are done (its second command)."""
    kind = load_content().ai_by_id[card].reshuffle
    return kind == "always" or (kind == "after_upgrades" and all_upgraded(state, seat))


def shuffle_checked(state: GameState, seat: int, cards: list[str], rng: int) -> tuple[list[str], int, int]:
    """Shuffle `cards`, then shuffle again while the top card is a reshuffle card [l.460].

    Returns (new pile, generator position, number of extra shuffles). If every card is a
    reshuffle card, one shuffle is kept (no endless loop).
    """
    pile, rng = random.shuffled(rng, cards)
    extra = 0
    if any(not is_reshuffle_card(state, seat, c) for c in pile):
        while pile and is_reshuffle_card(state, seat, pile[0]):
            pile, rng = random.shuffled(rng, pile)
            extra += 1
    return pile, rng, extra


def comes_back(state: GameState, seat: int, card: str) -> bool:
    """A set-aside card returns at a full reshuffle if its reason no longer holds [l.496, l.512].

    Special: some military unit of the AI is off the board. Build a building: some
    building of the AI is off the board.
    """
    supply = state.players[seat].supply
    if card == "special":
        return any(supply.get(k, 0) > 0 for k in MILITARY)
    if card == "build":
        return any(supply.get(k, 0) > 0 for k in HEX_BUILDINGS)
    return True


def full_reshuffle(
    state: GameState, seat: int, ai: AiState, rng: int, extra: tuple[str, ...] = ()
) -> tuple[AiState, int, ev.AiReported]:
    """Shuffle the discard pile, the draw pile and `extra` (the card in play) into a new draw pile.

    Set-aside cards whose reason is gone are shuffled back in (B80); then the top-card
    check (l.460). Returns the new deck, the generator position and the log's report of it.
    """
    back = [c for c in ai.set_aside if comes_back(state, seat, c)]
    stay = [c for c in ai.set_aside if c not in back]
    cards = sorted([*ai.draw, *ai.discard, *extra, *back], key=AI_CARD_IDS.index)
    pile, rng, again = shuffle_checked(state, seat, cards, rng)
    report = ev.AiReported(seat, "reshuffled", cards=tuple(back), count=again or None)
    return replace(ai, draw=pile, discard=[], set_aside=stay), rng, report


def draw_pile_reshuffle(state: GameState, seat: int, ai: AiState, rng: int) -> tuple[AiState, int, ev.AiReported]:
    """Shuffle the draw pile only (after Upgrade found its target there, B75), with the top-card check."""
    pile, rng, again = shuffle_checked(state, seat, list(ai.draw), rng)
    return replace(ai, draw=pile), rng, ev.AiReported(seat, "draw_pile_reshuffled", count=again or None)
