"""Turn flow: beginning turns, finishing actions, ending turns, ending the game.

[Goal of the game and flow of play, l.188; In a turn, l.206-207; Game end, l.391]
"""

from __future__ import annotations

from monuments_tui.rules import events as ev
from monuments_tui.rules.outcome import ActionDone
from monuments_tui.rules.pending import AfterAction, AiTurn, ChooseAction
from monuments_tui.rules.quests import any_quest_completable
from monuments_tui.rules.state import GameState


def begin_turn(state: GameState, seat: int, round_no: int) -> list[ev.Event]:
    """Events that start `seat`'s turn; the solo AI's turn waits for `AiAct` [Solo, l.452]."""
    if seat == state.config.ai_seat:
        return [ev.TurnBegan(seat, round_no), ev.PendingSet(AiTurn(seat))]
    return [ev.TurnBegan(seat, round_no), ev.PendingSet(ChooseAction(seat))]


def finish_action(state: GameState, events: list[ev.Event]) -> ActionDone:
    """The action resolved by `events` (which follow `state`) is over: `decide` closes it
    (`closing_events`) [In a turn, l.206-207], and a probe that asks only whether the command
    is accepted need not."""
    return ActionDone(state, events)


def closing_events(after: GameState) -> list[ev.Event]:
    """The events that close the action which led to `after`: the played card goes to the
    discard pile with the side played face up [l.206]; if a quest can be turned in, the turn
    waits (AfterAction) so the player may do so [l.373], else it ends. `decide` folds them
    with the action's own events (`evolve.fold_then`)."""
    out: list[ev.Event] = []
    if after.card_in_play is not None:
        # neither quests nor the turn order look at the discard pile
        out.append(ev.CardDiscarded(after.current, after.card_in_play))
    if any_quest_completable(after, after.current):
        return out + [ev.PendingSet(AfterAction(after.current))]
    return out + end_turn(after)


def end_turn(state: GameState) -> list[ev.Event]:
    """Events that end the current turn and begin the next, or end the game.

    Seats play clockwise from the first player (seat 0), who keeps the marker all game.
    Once someone has built layer 5 the round is the last: the game ends after the
    player before the first player has had a turn [Game end, l.391].
    """
    nxt = (state.current + 1) % state.seats
    if nxt == 0 and state.final_round:
        return [ev.PendingSet(None), ev.GameEnded()]
    round_no = state.round + 1 if nxt == 0 else state.round
    return begin_turn(state, nxt, round_no)


def start_play(state: GameState) -> list[ev.Event]:
    """Set-up is over: the first player begins round 1 [Set-up, l.166]."""
    return [ev.PhaseChanged("play"), *begin_turn(state, 0, 1)]
