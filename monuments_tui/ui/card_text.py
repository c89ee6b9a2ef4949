"""The plain words of every choice: what a card, quest, bonus or option does, before it is chosen.

`card_text(id)` gives the short text of any card or quest id, from the card data
(`data/cards/*.json`), never invented; `gloss(state, text)` says in one line what a legal
command would do; `choices(state)` lists the pending choice's options with their words
(for the prompt and the panes). The Tab list, the palette, the prompt and the panes all
read these, so the words never differ. Pure: rules content only, no Textual.
"""

from __future__ import annotations

from collections.abc import Sequence

from monuments_tui.rules import SYNTAX, NotationError, commands as c, parse_command, pending as pd
from monuments_tui.rules.actions.upgrade import upgrade_discount
from monuments_tui.rules.content import ACTION_IDS, load_content
from monuments_tui.rules.payment import describe, discounted
from monuments_tui.rules.queries import resource_totals
from monuments_tui.rules.state import GameState
from monuments_tui.rules.views import HIDDEN

MEANINGS = {s.verb: s.meaning for s in SYNTAX}
"""Each verb of the notation -> what it does, for the commands that choose no card."""


def card_text(item_id: str) -> str | None:
    """The short text of a quest, common bonus, personal bonus card, action card, ability,
    score card or solo AI card id (an action card says both sides); None if unknown."""
    content = load_content()
    if quest := content.quest_by_id.get(item_id):
        return f"{quest.text} ({quest_value(item_id)})"
    if bonus := content.common_by_id.get(item_id):
        return bonus.text
    if item_id in content.action_by_id:
        return action_text(item_id)
    if personal := content.personal_by_id.get(item_id):
        if not personal.options:
            return personal.text
        return "choose one: " + " ".join(f"{i}. {o.text}" for i, o in enumerate(personal.options, 1))
    if ability := content.ability_by_id.get(item_id):
        return f"{ability.name}: {ability.text}"
    if score := content.score_by_id.get(item_id):
        return f"{score.name}: {score.text}"
    if ai := content.ai_by_id.get(item_id):
        return f"solo AI card {ai.name}: " + "; otherwise ".join(ai.commands)
    return None


def quest_value(quest_id: str) -> str:
    """ "+2 VP if done, -1 if not" (what a quest is worth at the end) [Goal of the game, l.197-198]."""
    quest = load_content().quest_by_id[quest_id]
    return f"+{quest.vp} VP" + (f" if done, {quest.penalty} if not" if quest.penalty else "")


def action_text(card: str, state: GameState | None = None, seat: int | None = None) -> str:
    """An action card in words: its name, both sides and its upgrade cost; given a state,
    which side the seat holds and the discount that applies now [Upgrade an action, l.215]."""
    action = load_content().action_by_id[card]
    cost = describe(action.upgrade_cost)
    if state is None or seat is None:
        return f"{action.name}. Red: {action.red_text} Green: {action.green_text} Upgrade: {cost}."
    if card in state.players[seat].green:
        return f"{action.name} (green): {action.green_text} Red side was: {action.red_text}"
    return f"{action.name} (red): {action.red_text} {upgrade_price(state, seat, card)} Green side: {action.green_text}"


def upgrade_price(state: GameState, seat: int, card: str) -> str:
    """ "Upgrade: 2 food, 1 off now, so 1 food." (the printed cost and what the seat would pay)."""
    pending = state.pending
    green_upgrade = isinstance(pending, pd.UpgradeStep) and pending.green
    cost = load_content().action_by_id[card].upgrade_cost
    off = upgrade_discount(state, seat, green_upgrade)
    if not off:
        return f"Upgrade: {describe(cost)}."
    pay = discounted(cost, off, resource_totals(state, seat))
    return f"Upgrade: {describe(cost)}, {off} off now, so {describe(pay)}."


def option_text(state: GameState, option: int) -> str | None:
    """The text of option `option` of the personal bonus card being chosen from, or None."""
    pending = state.pending
    if not isinstance(pending, pd.ChoosePersonalOption):
        return None
    card = load_content().personal_by_id.get(pending.card)
    if card is None or not 1 <= option <= len(card.options):
        return None
    return card.options[option - 1].text


def _quest_words(quest: str) -> str:
    if quest == HIDDEN:
        return "a hidden quest"
    return card_text(quest) or f"no quest {quest}"


def _card_words(state: GameState, seat: int, card: str) -> str:
    return action_text(card, state, seat) if card in load_content().action_by_id else f"no action card {card}"


def _words(state: GameState, seat: int, command: c.Command) -> str:
    """What `command` would do, for the commands that choose a card, quest, bonus or option."""
    match command:
        case c.KeepStartQuest(quest) | c.TurnInQuest(quest):
            return _quest_words(quest)
        case c.KeepQuests(quests):
            if len(quests) == 1:
                return _quest_words(quests[0])
            return "; ".join(f"{q}: {_quest_words(q)}" for q in quests) or "keep none of the quest cards drawn"
        case c.ChooseBonus(card):
            return card_text(card) or f"no common bonus {card}"
        case c.ChooseOption(option):
            return option_text(state, option) or f"no option {option}"
        case c.PlayCard(card):
            return _card_words(state, seat, card)
        case c.Upgrade(card):
            action = load_content().action_by_id.get(card)
            if action is None:
                return f"no action card {card}"
            return f"{action.name} turns green: {action.green_text} {upgrade_price(state, seat, card)}"
        case c.DiscardCard(card):
            action = load_content().action_by_id.get(card)
            return f"{action.name} goes to the discard pile for no effect" if action else f"no action card {card}"
    return ""


def choice_words(state: GameState, text: str) -> str:
    """The text of the card, quest, bonus or option the command `text` chooses ("" if none)."""
    try:
        command = parse_command(text)
    except NotationError:
        return ""
    seat = state.pending.seat if state.pending is not None else state.current
    return _words(state, seat, command)


def gloss(state: GameState, text: str) -> str:
    """What the command `text` would do, in one line of plain words ("" if it is not a command):
    the text of what it chooses, or else what its verb does."""
    words = choice_words(state, text)
    return words or (MEANINGS.get(text.split()[0].lower(), "") if text.strip() else "")


def glossed(state: GameState, text: str) -> str:
    """ "startquest qs-wood — Control 3 wood. (+1 VP)": a command with the text of what it
    chooses; a command that chooses no card stays as it is (its verb says what it does)."""
    words = choice_words(state, text)
    return f"{text} — {words}" if words else text


def choices(state: GameState, legal: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """(command, what it does) for each option of the card, quest, bonus or option choice
    pending now; [] for other decisions. With `legal` (the notation of the legal commands),
    only the options that are legal (a keep choice lists each quest on its own)."""
    pending = state.pending
    texts: list[str] = []
    if isinstance(pending, pd.ChooseStartQuest):
        texts = [f"startquest {q}" for q in pending.options]
    elif isinstance(pending, pd.ChooseQuestsToKeep):
        texts = [f"keep {q}" for q in pending.options]
    elif isinstance(pending, pd.ChooseCommonBonus):
        texts = [f"bonus {b}" for b in pending.options]
    elif isinstance(pending, pd.ChoosePersonalOption):
        card = load_content().personal_by_id.get(pending.card)
        texts = [f"option {i}" for i in range(1, len(card.options) + 1)] if card else []
    elif isinstance(pending, pd.UpgradeStep):
        texts = [f"upgrade {card}" for card in ACTION_IDS if card not in state.players[pending.seat].green]
    if legal is not None:
        texts = [t for t in texts if any(text == t or text.startswith(t + " ") for text in legal)]
    return [(t, gloss(state, t)) for t in texts]


PROMPT_LINES = 4
"""Most options the prompt lists under its question; Tab and the palette list them all."""


def prompt_lines(state: GameState, legal: Sequence[str]) -> list[str]:
    """The lines under the prompt's question: each option of a card choice with its text, or,
    when a card is to be played, the cards in hand and their sides."""
    pending = state.pending
    if isinstance(pending, pd.ChooseAction) and legal:
        player = state.players[pending.seat]
        cards = [card + (" (green)" if card in player.green else "") for card in player.hand]
        return ["  in hand: " + (", ".join(cards) or "nothing") + " · Tab lists what each does"]
    lines = [f"  {text} — {words}" for text, words in choices(state, legal)]
    if len(lines) > PROMPT_LINES:
        lines = lines[:PROMPT_LINES] + [f"  (+{len(lines) - PROMPT_LINES} more: Tab lists them all)"]
    return lines
