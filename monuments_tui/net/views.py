"""What a connection may be sent: `rules.views` for its viewer, and the table's secrets besides.

`rules.views.visible_state` hides other seats' quests and the quest decks' order. Over the
network a viewer must not be able to work out what comes next either, so the game's seed is
sent as 0 and the solo AI's draw pile keeps its top card (face up at the table, Solo set-up
l.438) with the rest in a fixed order instead of the shuffled one. Commands that name a
hidden quest (keeping a starting quest, keeping drawn quests) name "hidden" instead.
Once the game is over everything is revealed [Game end, l.403-404] but the seed: it is never sent.
"""

from __future__ import annotations

from msgspec.structs import replace

from monuments_tui.game.timeline import Step
from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.card_types import AI_CARD_IDS
from monuments_tui.rules.content import load_content
from monuments_tui.rules.evolve import evolve
from monuments_tui.rules.state import AiState, GameState
from monuments_tui.rules.views import HIDDEN, sees_quests_of, visible_event, visible_state


def _ai_draw_hidden(ai: AiState) -> AiState:
    """The AI's deck with only the top of the draw pile in its place."""
    if len(ai.draw) < 2:
        return ai
    rest = sorted(ai.draw[1:], key=AI_CARD_IDS.index)
    return replace(ai, draw=[ai.draw[0], *rest])


def seat_view(state: GameState, viewer: int | None) -> GameState:
    """`state` as `viewer` may be sent it (None: a spectator). A new state; `state` is unchanged."""
    out = visible_state(state, viewer)
    out.config = replace(out.config, seed=0)
    if state.phase != "over" and out.ai is not None:
        out.ai = _ai_draw_hidden(out.ai)
    return out


def seat_event(state: GameState, event: ev.Event, viewer: int | None) -> ev.Event:
    """`event` (applying to `state`) as `viewer` may be sent it."""
    event = visible_event(state, event, viewer)
    if state.phase != "over" and isinstance(event, ev.AiStateSet):
        return replace(event, ai=_ai_draw_hidden(event.ai))
    return event


def seat_command(state: GameState, command: cmd.Command, viewer: int | None) -> cmd.Command:
    """`command` (played in `state`) as `viewer` may be sent it: a hidden choice names no card."""
    pending = state.pending
    if state.phase == "over" or not isinstance(pending, (pd.ChooseStartQuest, pd.ChooseQuestsToKeep)):
        return command
    if sees_quests_of(state, viewer, pending.seat):
        return command
    if isinstance(command, cmd.KeepStartQuest):
        return replace(command, quest=HIDDEN)
    if isinstance(command, cmd.KeepQuests):
        return replace(command, quests=tuple(HIDDEN for _ in command.quests))
    return command


def seat_step(before: GameState, step: Step, viewer: int | None) -> Step:
    """`step` (played in `before`) as `viewer` may be sent it.

    Each event is filtered against the state it applies to, as `visible_event` asks; the
    events of one step are folded one by one on the server's side to know it.
    """
    state = before
    shown = []
    for event in step.events:
        shown.append(seat_event(state, event, viewer))
        state = evolve(state, event)
    command = seat_command(before, step.command, viewer)
    return replace(step, command=command, events=tuple(shown))


def hidden_quests(state: GameState, viewer: int | None) -> set[str]:
    """Every quest card `viewer` may not know the place of in `state` (for tests and checks)."""
    if state.phase == "over":
        return set()
    out: set[str] = set()
    for player in state.players:
        if not sees_quests_of(state, viewer, player.seat):
            out.update(player.quests)
    for seat, cards in state.start_quests.items():
        if not sees_quests_of(state, viewer, seat):
            out.update(cards)
    for cards in (*state.quest_decks.values(), *state.quest_discards.values()):
        out.update(cards)
    out.update(card for card in state.removed_cards if card in load_content().quest_by_id)
    pending = state.pending
    if isinstance(pending, (pd.ChooseStartQuest, pd.ChooseQuestsToKeep)) and not sees_quests_of(
        state, viewer, pending.seat
    ):
        out.update(pending.options)
    return out
