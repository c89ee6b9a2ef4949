"""Plain words for what the game is waiting for (the app's prompt and error messages).

Written from the state given: a seat's prompt comes from its view (`views.visible_state`),
where the cards it may not see are "hidden", and a hidden card is never listed.
"""

from __future__ import annotations

from monuments_tui.rules import pending as pd
from monuments_tui.rules.state import GameState
from monuments_tui.rules.views import HIDDEN


def seat_name(state: GameState, seat: int) -> str:
    """A seat's civilisation, capitalised ("Greece")."""
    return state.players[seat].civ.capitalize()


def _side(green: bool) -> str:
    """The side a card is played on."""
    return "green" if green else "red"


def _offered(options: tuple[str, ...]) -> str:
    """ " (qs-wood, qs-land)": the cards offered, or "" when the reader may not see them."""
    shown = [o for o in options if o != HIDDEN]
    return f" ({', '.join(shown)})" if shown else ""


def describe_pending(state: GameState) -> str:
    """One line: who must decide what, e.g. "Greece: Movement (green), 2 more units"."""
    p = state.pending
    if p is None:
        return "the game is over"
    who = seat_name(state, p.seat)
    match p:
        case pd.ChooseStartQuest():
            return f"{who}: keep one starting quest{_offered(p.options)}"
        case pd.ChooseStartResource():
            return f"{who}: place a starting resource ({p.left} left) on a hex that produces it"
        case pd.ChooseAction():
            return f"{who} to play: play a card or take back the discard pile"
        case pd.AfterAction():
            return f"{who}: turn in a completed quest, or end the turn"
        case pd.MovementStep():
            return f"{who}: Movement ({_side(p.green)}), up to {p.slots} more unit(s)"
        case pd.ProductionStep():
            return f"{who}: Production ({_side(p.green)}), up to {p.left} more hex(es)"
        case pd.BuildStep():
            return f"{who}: Build a building ({_side(p.green)}): build or repair one"
        case pd.PopulateStep():
            return f"{who}: Populate ({_side(p.green)}), {p.left} more town(s)"
        case pd.TradeStep():
            return f"{who}: Trade ({_side(p.green)}), up to {p.left} more trade(s)"
        case pd.UpgradeStep():
            return f"{who}: Upgrade ({_side(p.green)}): choose a red card to upgrade"
        case pd.MonumentStep():
            return f"{who}: Build the next monument layer ({_side(p.green)})"
        case pd.ChooseCommonBonus():
            return f"{who}: choose a Layer-{p.level} common bonus"
        case pd.ChoosePersonalOption():
            return f"{who}: choose an option of personal bonus {p.card}"
        case pd.PlaceStep():
            nxt = p.queue[0].what if p.queue else "nothing"
            return f"{who}: place {nxt} ({len(p.queue)} to place)"
        case pd.TrainStep():
            return f"{who}: Train ({_side(p.green)}): a unit or a weapon"
        case pd.ChooseWeaponHolder():
            whose = "the trained worker's weapon" if p.reason == "reassign" else "the free weapon"
            return f"{who}: give {whose} to an unarmed worker, or to nobody"
        case pd.AttackStep():
            return f"{who}: Attack ({_side(p.green)}): declare the target and attackers"
        case pd.AssignDamage():
            where = f" on {state.battle.target}" if state.battle and p.side == "defender" else ""
            return f"{who}: choose the pieces{where} that take {p.damage} battle damage ({p.side})"
        case pd.ChooseMoveIn():
            where = f" to {state.battle.target}" if state.battle else ""
            return f"{who}: won the battle: move at least one surviving attacker in{where}"
        case pd.Retreat():
            where = f" on {state.battle.target}" if state.battle else ""
            return f"{who}: lost the battle: choose where your units{where} retreat"
        case pd.AiTurn():
            nxt = state.ai.draw[0] if state.ai is not None and state.ai.draw else "a reshuffled deck"
            return f"{who} (AI): resolve its next card ({nxt})"
        case pd.ChooseQuestsToKeep():
            least = "at least one" if p.least else "any"
            return f"{who}: keep {least} of the quests drawn{_offered(p.options)}"
    return f"{who} to decide"
