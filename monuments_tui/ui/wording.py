"""Plain words for what happened: one line per recorded step, for the log pane.

Pure: reads rules content and the step's command and events, never Textual. Hidden
information (starting quests kept, quest cards drawn) is shown only to the seat that
owns it, or to everybody when `viewer` is None (teaching, replay of everything).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from monuments_tui.game.narration import narration_text
from monuments_tui.game.timeline import step_text
from monuments_tui.rules import commands as c, events as ev, format_command
from monuments_tui.rules.content import load_content

PIECE_WORDS = {
    "w": "a worker",
    "ws": "an armed worker",
    "wh": "a worker on horseback",
    "wsh": "an armed worker on horseback",
    "army": "an army",
    "navy": "a navy",
    "air": "an air force",
    "town": "a town",
    "fort": "a fort",
    "factory": "a factory",
    "workshop": "a workshop",
    "farm": "a farm",
    "bridge": "a bridge",
    "ferry": "a ferry",
    "worker": "a worker",
    "weapon": "a weapon",
}


def piece_words(code: str) -> str:
    """ "ws" -> "an armed worker"; unknown codes are returned as they are."""
    return PIECE_WORDS.get(code, code)


def card_name(card: str) -> str:
    """The action card's printed name ("Movement"), or the id if unknown."""
    action = load_content().action_by_id.get(card)
    return action.name if action else card


def amounts(counter: Counter | dict[str, int]) -> str:
    """{"wood": 2, "food": 1} -> "2 wood, 1 food"."""
    return ", ".join(f"{n} {r}" for r, n in counter.items() if n) or "nothing"


def _pieces_at(pieces: Iterable[c.PieceAt]) -> str:
    return ", ".join(f"{piece_words(p.piece)} on {p.hex}" for p in pieces) or "nothing"


def _side(events: Iterable[ev.Event]) -> str:
    for e in events:
        if isinstance(e, ev.PendingSet) and e.pending is not None and hasattr(e.pending, "green"):
            return " (green)" if e.pending.green else " (red)"
    return ""


def _spent(events: Iterable[ev.Event]) -> str:
    paid: Counter = Counter()
    for e in events:
        if isinstance(e, ev.ResourcesSpent):
            paid[e.resource] += e.n
    return f", paying {amounts(paid)}" if paid else ""


def _gained(events: Iterable[ev.Event]) -> Counter:
    got: Counter = Counter()
    for e in events:
        if isinstance(e, ev.ResourcesGained):
            got[e.resource] += e.n
    return got


def can_see(viewer: int | None, seat: int) -> bool:
    """True if `viewer` (None = everybody's view) may see `seat`'s private information."""
    return viewer is None or viewer == seat


def notation(step, viewer: int | None) -> str:
    """The step's notation, masked when it would reveal hidden information."""
    return step_text(step, viewer)


def describe_command(command: c.Command, events: tuple[ev.Event, ...], seat: int, viewer: int | None) -> str:
    """What the command did, in plain words (without the player's name): a table, one
    case a command."""
    private = not can_see(viewer, seat)
    match command:
        case c.KeepStartQuest(quest):
            return "keeps a starting quest" if private else f"keeps starting quest {quest}: {_quest_text(quest)}"
        case c.PlaceStartResource(resource, hex_id):
            return f"places a starting {resource} on {hex_id}"
        case c.PlayCard(card):
            return f"plays {card_name(card)}{_side(events)}"
        case c.TakeBack():
            return "takes the discard pile back into hand"
        case c.DiscardCard(card):
            return f"discards {card_name(card)} for no effect"
        case c.TurnInQuest(quest, resource, hex_id):
            extra = f", placing 1 {resource} on {hex_id}" if resource else ""
            return f"turns in quest {quest} ({_quest_text(quest)}){extra}"
        case c.EndTurn():
            return "ends the turn"
        case c.Done():
            return "finishes the action"
        case c.Move(piece, src, dst, carry):
            carried = f", carrying {', '.join(carry)}" if carry else ""
            return f"moves {piece_words(piece)} from {src} to {dst}{carried}"
        case c.BoardFerry(ferry, pieces, carry):
            carried = f", carrying {', '.join(carry)}" if carry else ""
            return f"boards {' and '.join(piece_words(p) for p in pieces)} onto ferry {ferry}{carried}"
        case c.Sail(ferry, dst):
            return f"sails ferry {ferry} to {dst}"
        case c.Produce(hex_id):
            return f"produces on {hex_id}: +{amounts(_gained(events))}"
        case c.Build(piece, hex_id, to, _):
            where = f"between {hex_id} and {to}" if to else f"on {hex_id}"
            return f"builds {piece_words(piece)} {where}{_spent(events)}"
        case c.Repair(piece, hex_id, _):
            return f"repairs the {piece} on {hex_id}{_spent(events)}"
        case c.Populate(hex_id):
            return f"adds a worker to the town on {hex_id}"
        case c.Trade(give, get, hex_id, _):
            return f"trades {give} for {get}, placed on {hex_id}{_spent(events)}"
        case c.Upgrade(card, _):
            return f"upgrades {card_name(card)} to green{_spent(events)}"
        case c.BuildLayer(_, sacrifice):
            return _layer_words(events, sacrifice)
        case c.ChooseBonus(card):
            bonus = load_content().common_by_id.get(card)
            return f"takes common bonus {card}" + (f": {bonus.text}" if bonus else "")
        case c.ChooseOption(option):
            return f"chooses personal bonus option {option}{_option_text(option, events)}"
        case c.Place(what, hex_id, to):
            where = f"between {hex_id} and {to}" if to else f"on {hex_id}"
            return f"places {piece_words(what) if what in PIECE_WORDS else what} {where}"
        case c.SkipPlacement():
            return "gives up a piece that cannot be placed"
        case c.Train(unit, hex_id, to, _):
            where = f"at {to}" if to else f"on {hex_id}"
            return f"trains {piece_words(unit)} {where} from a worker on {hex_id}{_spent(events)}"
        case c.Forge(hex_id, _):
            return f"forges a weapon for a worker on {hex_id}{_spent(events)}"
        case c.GiveWeapon(hex_id):
            return f"gives the weapon to a worker on {hex_id}" if hex_id else "returns the weapon to the bank"
        case c.Attack(target, attackers):
            return f"attacks {target} with {_pieces_at(attackers)}"
        case c.Damage(pieces):
            return f"takes damage on {_pieces_at(pieces)}" if pieces else "takes no damage"
        case c.MoveIn(pieces):
            return f"moves into the taken hex: {_pieces_at(pieces)}"
        case c.RetreatTo(hex_id):
            return f"retreats to {hex_id}"
        case c.KeepQuests(quests):
            if private:
                return f"keeps {len(quests)} quest card(s)"
            return "keeps " + (", ".join(quests) if quests else "no quest card")
    if type(command).__name__ == "AiAct":
        return "takes its decision (the AI deck)"
    return f"plays {format_command(command)}"


def _layer_words(events: tuple[ev.Event, ...], sacrifice: tuple[c.PieceAt, ...]) -> str:
    layer = next((e.layer for e in events if isinstance(e, ev.LayerBuilt)), None)
    what = f"builds monument layer {layer}" if layer else "builds a monument layer"
    sac = f", sacrificing {_pieces_at(sacrifice)}" if sacrifice else ""
    return f"{what}{_spent(events)}{sac}"


def _option_text(option: int, events: tuple[ev.Event, ...]) -> str:
    """': ' and the text of the personal bonus option chosen, when the events name its card."""
    card = next((e.card for e in events if isinstance(e, ev.PersonalBonusUsed)), None)
    personal = load_content().personal_by_id
    if card and card in personal:
        opts = personal[card].options
        if 1 <= option <= len(opts):
            return f": {opts[option - 1].text}"
    return ""


def _quest_text(quest: str) -> str:
    q = load_content().quest_by_id.get(quest)
    return q.text.rstrip(".") if q else quest


def civ_ids(names: list[str]) -> list[str]:
    """The civilisations behind the log's seat names ("Maya (AI)" -> "maya"): the narration
    names the AI's civilisation itself."""
    return [name.split(" (")[0].lower() for name in names]


def describe_events(events: tuple[ev.Event, ...], seat: int, viewer: int | None, names: list[str]) -> list[str]:
    """Extra lines for what the events revealed: dice, draws, layers, the game's end."""
    out = []
    for e in events:
        match e:
            case ev.BattleBegan(battle=b):
                out.append(
                    f"battle on {b.target}: attack {b.attack_power} rolls {_pips(b.attack_pips)}, "
                    f"defence {b.defence_power} rolls {_pips(b.defence_pips)} -> "
                    + ("attacker wins" if b.attacker_won else "defender holds")
                )
            case ev.QuestsDealt(seat=s, deck=deck, cards=cards):
                who = names[s] if 0 <= s < len(names) else f"seat {s}"
                if can_see(viewer, s):
                    out.append(f"{who} draws {len(cards)} quest card(s) from deck {deck}: {', '.join(cards)}")
                else:
                    out.append(f"{who} draws {len(cards)} quest card(s) from deck {deck}")
            case ev.QuestCompleted(seat=s, quest=q):
                who = names[s] if 0 <= s < len(names) else f"seat {s}"
                out.append(f"{who} completes quest {q}")
            case ev.LayerBuilt(seat=s, layer=n):
                who = names[s] if 0 <= s < len(names) else f"seat {s}"
                out.append(f"{who}'s monument reaches layer {n}")
            case ev.FinalRoundBegan(seat=s):
                who = names[s] if 0 <= s < len(names) else f"seat {s}"
                out.append(f"{who} built layer 5: this is the final round")
            case ev.GameEnded():
                out.append("the game is over")
            case ev.AiReported() | ev.AiNarrated():
                out.append(narration_text(e, civ_ids(names)) or "")
            case ev.UnitRemoved(unit=u, reason=reason) if reason == "killed":
                out.append(f"unit {u} is destroyed")
            case ev.BuildingDamaged(building=b):
                out.append(f"building {b} is damaged")
    return out


def _pips(pips: tuple[int, ...]) -> str:
    return ",".join(str(p) for p in pips) if pips else "nothing"


def step_lines(step, viewer: int | None, names: list[str]) -> tuple[str, list[str]]:
    """(the step in words, extra lines for dice, draws and milestones)."""
    main = describe_command(step.command, step.events, step.seat, viewer)
    events = step.events
    if isinstance(step.command, c.TurnInQuest):
        events = tuple(e for e in events if not isinstance(e, ev.QuestCompleted))
    return main, describe_events(events, step.seat, viewer, names)
