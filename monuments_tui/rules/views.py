"""What one seat may see of the game: hidden cards replaced by "hidden".

[Draw quest cards, l.369 (quests in progress lie face down); Player set-up, l.154;
Solo, l.516 (the AI's quests are unseen) and l.553 (revealed at the end); B87]

The state keeps everything; the app and replays show `visible_state(state, seat)`.
Hidden from a seat: other players' quests in progress, the starting quests dealt to
other seats, the quest cards another seat is choosing from, the solo AI's quests (from
everyone, its own seat included), and the order of the face-down quest decks, their
discards and the quest cards removed from the game. Counts stay visible. Once the game
is over, every quest is revealed for scoring [Game end, l.403-404]. `seat=None` is the
public view: everything hidden, as for a spectator.
"""

from __future__ import annotations

from msgspec.structs import replace

from monuments_tui.rules import events as ev, pending as pd
from monuments_tui.rules.content import load_content
from monuments_tui.rules.state import GameState, copy_state

HIDDEN = "hidden"
"""Stands in for the id of a card the viewer may not see."""


def _blank(cards: list[str] | tuple[str, ...]) -> list[str]:
    return [HIDDEN] * len(cards)


def sees_quests_of(state: GameState, viewer: int | None, seat: int) -> bool:
    """True if `viewer` may see `seat`'s quests in progress and the quest cards it is dealt."""
    if state.phase == "over":
        return True
    return viewer is not None and viewer == seat and seat != state.config.ai_seat


def visible_state(state: GameState, seat: int | None) -> GameState:
    """A copy of `state` as `seat` may see it (None: the public view). `state` is not modified."""
    if state.phase == "over":
        return copy_state(state)
    out = copy_state(state)
    quests = load_content().quest_by_id
    for player in out.players:
        if not sees_quests_of(state, seat, player.seat):
            player.quests = _blank(player.quests)
            player.battles_at_draw = {}  # keyed by the hidden quest ids
    out.start_quests = {
        k: (list(v) if sees_quests_of(state, seat, k) else _blank(v)) for k, v in out.start_quests.items()
    }
    out.quest_decks = {deck: _blank(cards) for deck, cards in out.quest_decks.items()}
    out.quest_discards = {deck: _blank(cards) for deck, cards in out.quest_discards.items()}
    out.removed_cards = [HIDDEN if card in quests else card for card in out.removed_cards]
    pending = out.pending
    if isinstance(pending, (pd.ChooseStartQuest, pd.ChooseQuestsToKeep)) and not sees_quests_of(
        state, seat, pending.seat
    ):
        out.pending = replace(pending, options=tuple(_blank(pending.options)))
    return out


def visible_event(state: GameState, event: ev.Event, seat: int | None) -> ev.Event:
    """`event` as `seat` may see it in the log; `state` is the state the event applies to.

    Quest cards dealt to, kept or discarded by another seat become "hidden"; the number
    of cards stays visible.
    """
    if state.phase == "over":
        return event
    if isinstance(event, ev.QuestsDealt) and not sees_quests_of(state, seat, event.seat):
        return replace(event, cards=tuple(_blank(event.cards)))
    if isinstance(event, ev.QuestsKept) and not sees_quests_of(state, seat, event.seat):
        return replace(event, kept=tuple(_blank(event.kept)), discarded=tuple(_blank(event.discarded)))
    if isinstance(event, ev.QuestDeckShuffled):
        return replace(event, order=tuple(_blank(event.order)))
    if isinstance(event, ev.PendingSet):
        pending = event.pending
        if isinstance(pending, (pd.ChooseStartQuest, pd.ChooseQuestsToKeep)) and not sees_quests_of(
            state, seat, pending.seat
        ):
            return replace(event, pending=replace(pending, options=tuple(_blank(pending.options))))
    return event
