"""The words of the solo AI's turn and of random draws, shared by the app and the text export.

Events carry data, never wording: an `AiReported` names what happened (`what`) and its
facts, a `RandomDrawn` what a draw decided. This module turns them into sentences from
the `TEMPLATES` below, keyed by `what` (and a few shared phrases), so rewording a line
changes no event and no save. Pure: no Textual, no state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from monuments_tui.rules import events as ev
from monuments_tui.rules.notation import format_command
from monuments_tui.rules.solo.deck import card_name

UNIT_NAMES = {"navy": "navy", "army": "army", "air": "air force", "worker": "worker"}

TEMPLATES: dict[str, str] = {
    # the deck [l.452-460; B80, B85]
    "pile_empty": "The AI's draw pile is empty.",
    "reshuffled": "The AI shuffles its discard pile and draw pile into a new draw pile.",
    "reshuffled.back": "{cards} {comes} back into the deck.",
    "reshuffled.again": "A reshuffle card came on top: shuffled again ({count} {times}).",
    "draw_pile_reshuffled": "The AI reshuffles its draw pile.",
    "draw_pile_reshuffled.again": "A reshuffle card came on top: shuffled again.",
    "drew": "{ai} draws {card} (next: {next}).",
    "next.reshuffle": "a reshuffle",
    "nothing_turn_ends": "Nothing on {card} could be done: the AI's turn ends (l.455).",
    "nothing_draws_next": "Nothing on {card} could be done: on {level} the AI draws the next card (l.457).",
    "idle_cycle": "A whole cycle through the AI's deck did nothing: the AI's turn ends (B85).",
    "chose": "The AI chooses: {command}.",
    # Production, Population, Upgrade, Movement [l.463-502]
    "produced": "Production: produces {gained}.",
    "produced_nothing": "Production: no hex of the AI can produce.",
    "populated": "Population: a new worker in the town on {hexes}.",
    "populated_nothing": "Population: no AI town holds 2 workers (or no worker is left).",
    "upgraded": "Upgrade a card: upgrades {card} (in the {pile}) for free.",
    "pile.draw": "draw pile",
    "pile.discard": "discard pile",
    "pile.set_aside": "set aside",
    "all_upgraded": "Upgrade a card: all four cards are upgraded, so the second command: move one unit, then reshuffle.",
    "moved": "{title}: {commands}.",
    "moved_nothing": "{title}: no unit can move.",
    "title.monument": "Build your Monument (third command)",
    # Build a building, Draw quest card [l.504-516]
    "build_first_poor": "Build a building: a first town needs any {count} resources; the AI has fewer.",
    "build_first_no_site": "Build a building: no hex with an AI worker can take a town.",
    "built_first_town": "Build a building: the AI's first town, on {hex}, paying {paid}.",
    "build_all_built": "Build a building: all AI buildings are on the board: the card is set aside.",
    "build_poor": "Build a building: a building needs any {count} resources; the AI has fewer.",
    "build_no_site": "Build a building: rolled {rolls} → {kind}, but no hex with an AI worker can take one.",
    "built": "Build a building: rolled {rolls} → a {kind} on {hex}, paying {paid}.",
    "quest_deck_empty": "Draw quest card: the {kind} quest deck is empty.",
    "quest_drawn": "Draw quest card: the AI draws a quest from the {kind} deck, face down.",
    # Build your Monument [l.518-549]
    "monument_short": "Build your Monument: layer {layer} needs more: {short}.",
    "short.land": "{have}/{need} land hexes",
    "short.resources": "{have}/{need} resources",
    "short.workers": "{have}/{need} workers",
    "monument_complete": "Build your Monument: the monument is complete.",
    "layer_built": "Build your Monument: builds layer {layer}, paying {paid}{sacrificed}.",
    "layer_built.sacrificed": ", sacrificing workers from {hexes}",
    "bonus_kept": "The AI takes a random Layer-5 card: {cards}.",
    "bonus_discarded": "The AI discards a random Layer-{layer} common bonus: {cards}.",
    "bonus_move": "AI layer-{layer} bonus: all its workers now move 1 more.",
    "bonus_workers": "AI layer-{layer} bonus: {n} new worker(s) on {hexes}.",
    "bonus_no_worker": "AI layer-{layer} bonus: no worker left to place.",
    "bonus_resources": "AI layer-{layer} bonus: {placed}.",
    "bonus_no_room": "AI layer-{layer} bonus: no room for its 3 resources.",
    "bonus_no_unit": "AI layer-{layer} bonus: no military unit could be placed.",
    "no_attack": "Build your Monument: no attack where the AI is stronger than the player's defence.",
    "attacked": (
        "Build your Monument: attacks {hex} with power {attack} against {defence} ({command}); "
        "the AI rolls {ai_roll}, the player {player_roll}."
    ),
    # Special [l.480-496]
    "bridge_not_useful": (
        "Special: the AI has built {count} bridge(s) but cannot build a useful one now "
        "(it needs a resource, and a worker by a river that still cuts off part of its continent)."
    ),
    "bridge_not_possible": (
        "Special: the AI has built {count} bridge(s) and cannot build another now: it needs a "
        "resource and a worker next to an unbridged river of its home continent (l.482)."
    ),
    "ferry_not_possible": (
        "Special: the AI has built {count} ferry(ies) but cannot build one now (it needs a resource and a worker on a shore)."
    ),
    "piece_built": "Special: builds a {kind} between {hex} and {hex2}, paying {paid}.",
    "special_all_placed": "Special: the AI has its bridges, ferries and every military unit on the board: the card is set aside.",
    "unit_rolled": "{title}: rolled {rolls} → {unit}.",
    "unit_rolled.rerolled": "{title}: rolled {rolls} (rerolled types it cannot train) → {unit}.",
    "train_poor": "{title}: the AI controls fewer than {count} resources.",
    "train_keeps_workers": "{title}: the AI keeps its last {count} workers to hold a town and grow (best for the AI, l.424).",
    "train_no_worker": "{title}: the AI has no worker on land for a military unit to replace (l.488).",
    "train_no_type": "{title}: no military unit can be trained (none left, or only air forces before layer 3).",
    "train_no_site": "{title}: no worker can become a {unit} here.",
    "trained": "{title}: trains {a_unit} on {hex}{paying}.",
    "trained.paying": ", paying {paid}",
    "armed": "Special: the AI arms its worker on {hex}.",
    "armed_nobody": "Special: no weapon could be handed out.",
    "title.bonus": "Layer-{layer} bonus",
    # shared phrases
    "list.and": " and ",
    "paid.nothing": "nothing",
    "times.one": "time",
    "times.many": "times",
    "comes.one": "comes",
    "comes.many": "come",
    "ai": "{civ} (AI)",
    # random draws
    "draw.unit_type": "D6 for the AI's unit type: {value}",
    "draw.building_type": "D6 for the AI's building: {value}",
    "draw.tie_break": "tie-break: {value} of {of}",
    "draw.sacrifice_tie_break": "sacrifice tie-break: {value} of {of}",
    "draw.common_bonus": "AI common bonus: {value} of {of}",
}
"""Every sentence and phrase of the AI's narration, keyed by `AiReported.what` and sub-keys."""


def words(key: str, **facts: object) -> str:
    """The template `key` filled with `facts`."""
    return TEMPLATES[key].format(**facts)


def listing(items: Iterable[str]) -> str:
    """ "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + TEMPLATES["list.and"] + items[-1]


def _amounts(amounts: Sequence[ev.Amount], joint: str) -> str:
    return listing(f"{a.n} {a.resource} {joint} {a.hex}" for a in amounts)


def _title(e: ev.AiReported) -> str:
    if e.card is None:
        return words("title.bonus", layer=e.layer)
    key = f"title.{e.card}"
    return words(key) if key in TEMPLATES and e.what in ("moved", "moved_nothing") else card_name(e.card)


def _facts(e: ev.AiReported, civs: Sequence[str]) -> dict[str, object]:
    """Every placeholder a template may use, from the event's fields."""
    unit = UNIT_NAMES.get(e.kind or "", e.kind or "")
    paid = _amounts(e.paid, "from") or words("paid.nothing")
    civ = civs[e.seat].capitalize() if 0 <= e.seat < len(civs) else f"seat {e.seat}"
    facts: dict[str, object] = {
        "ai": words("ai", civ=civ),
        "card": card_name(e.card) if e.card and e.what not in ("bonus_kept", "bonus_discarded") else e.card,
        "next": card_name(e.next_card) if e.next_card else words("next.reshuffle"),
        "cards": listing(e.cards)
        if e.what in ("bonus_kept", "bonus_discarded")
        else ", ".join(card_name(c) for c in e.cards),
        "comes": words("comes.one" if len(e.cards) == 1 else "comes.many"),
        "count": e.count,
        "layer": e.layer,
        "times": words("times.one" if e.count == 1 else "times.many"),
        "n": len(e.hexes),
        "rolls": ", ".join(map(str, e.rolls)),
        "kind": e.kind,
        "level": (e.kind or "").capitalize(),
        "pile": words(f"pile.{e.kind}") if f"pile.{e.kind}" in TEMPLATES else e.kind,
        "unit": unit,
        "a_unit": ("an " if unit[:1].lower() in "aeiou" else "a ") + unit,
        "hexes": listing(e.hexes),
        "hex": e.hexes[0] if e.hexes else "",
        "hex2": e.hexes[1] if len(e.hexes) > 1 else "",
        "paid": paid,
        "paying": words("trained.paying", paid=paid) if e.paid else "",
        "gained": _amounts(e.gained, "on"),
        "placed": listing(f"{a.resource} on {a.hex}" for a in e.gained),
        "sacrificed": words("layer_built.sacrificed", hexes=listing(e.hexes)) if e.hexes else "",
        "short": listing(words(f"short.{s.what}", have=s.have, need=s.need) for s in e.short),
        "commands": "; ".join(format_command(c) for c in e.commands),
        "command": format_command(e.commands[0]) if e.commands else "",
        "attack": e.power[0] if e.power else "",
        "defence": e.power[1] if len(e.power) > 1 else "",
        "ai_roll": e.rolls[0] if e.rolls else "",
        "player_roll": e.rolls[1] if len(e.rolls) > 1 else "",
    }
    facts["title"] = _title(e)
    return facts


def report_text(e: ev.AiReported, civs: Sequence[str]) -> str:
    """The sentence an `AiReported` event tells; `civs` names the seats."""
    facts = _facts(e, civs)
    key: str = e.what
    if key == "unit_rolled" and len(e.rolls) > 1:
        key = "unit_rolled.rerolled"
    parts = [words(key, **facts)]
    if e.what == "reshuffled":
        if e.cards:
            parts.append(words("reshuffled.back", **facts))
        if e.count:
            parts.append(words("reshuffled.again", **facts))
    elif e.what == "draw_pile_reshuffled" and e.count:
        parts.append(words("draw_pile_reshuffled.again", **facts))
    return " ".join(parts)


def draw_text(e: ev.RandomDrawn | ev.RngAdvanced) -> str:
    """What a random draw decided, e.g. "D6 for the AI's building: 4" (a format-1 draw: its note)."""
    if isinstance(e, ev.RngAdvanced):
        return e.note
    return words(f"draw.{e.purpose}", value=e.value, of=e.of)


def narration_text(e: ev.Event, civs: Sequence[str]) -> str | None:
    """The log line of a narration event (today's `AiReported` or a format-1 `AiNarrated`), else None."""
    if isinstance(e, ev.AiReported):
        return report_text(e, civs)
    if isinstance(e, ev.AiNarrated):
        return e.text
    return None
