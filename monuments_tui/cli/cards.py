"""Every card of the game, for `monuments cards [--json]`.

`card_listing(as_json=True)` gives one JSON object mapping each card type to a list of
card records (`id`, `text`, then every other field of the card); `as_json=False` gives a
readable list grouped by type (and by level, deck or quest deck), where a `*` marks cards
designed for this app because the rulebook does not print their face.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable, Iterable

import msgspec

from monuments_tui.rules.card_types import AiCard, Content, Quest
from monuments_tui.rules.content import load_content

WIDTH = 100

CARD_TYPES: dict[str, tuple[str, Callable[[Content], tuple]]] = {
    "action": ("Action cards", lambda c: c.action_cards),
    "common_bonus": ("Common bonus cards", lambda c: c.common_bonus),
    "personal_bonus": ("Personal bonus cards", lambda c: c.personal_bonus),
    "ability": ("Ability cards", lambda c: c.abilities),
    "score": ("Score cards", lambda c: c.score_cards),
    "quest": ("Quest cards", lambda c: c.quests),
    "solo_quest": ("Solo quest cards", lambda c: c.solo_quests),
    "ai_action": ("Solo AI action cards", lambda c: c.ai_cards),
}
"""Card type key -> (heading, the cards of that type)."""


def card_records(content: Content | None = None) -> dict[str, list[dict]]:
    """Every card as a plain dict, by card type, with `id` and `text` first."""
    content = content or load_content()
    records: dict[str, list[dict]] = {}
    for key, (_, cards_of) in CARD_TYPES.items():
        records[key] = []
        for card in cards_of(content):
            fields = msgspec.to_builtins(card)
            records[key].append({"id": fields.pop("id"), "text": fields.pop("text"), **fields})
    return records


def card_listing(as_json: bool) -> str:
    """All cards of the game, as JSON (`as_json`) or as readable text grouped by type."""
    content = load_content()
    if as_json:
        return json.dumps(card_records(content), indent=2, ensure_ascii=False)
    lines = ["Monuments: all cards.  * = designed for this app (the rulebook does not print it)."]
    for key, (heading, cards_of) in CARD_TYPES.items():
        cards = cards_of(content)
        lines += ["", f"{heading} ({len(cards)})", "=" * (len(heading) + len(str(len(cards))) + 3)]
        lines += _FORMATTERS[key](cards)
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- text helpers


def _wrap(text: str, indent: int) -> list[str]:
    pad = " " * indent
    return textwrap.wrap(text, WIDTH, initial_indent=pad, subsequent_indent=pad + "  ") or [pad]


def _head(card, label: str) -> str:
    star = " *" if card.designed else ""
    return f"  {card.id}{star}: {label}" if label else f"  {card.id}{star}"


def _why(card) -> list[str]:
    return _wrap(f"* {card.reason}", 6) if card.designed else []


def _cost(cost: dict[str, int]) -> str:
    return " + ".join(f"{n} {r}" for r, n in cost.items())


def _group(cards: Iterable, key: Callable, title: Callable, fmt: Callable) -> list[str]:
    lines: list[str] = []
    current = object()
    for card in cards:
        if key(card) != current:
            current = key(card)
            lines += ["", f" {title(current)}"]
        lines += fmt(card)
    return lines


# --------------------------------------------------------------------------- per type


def _actions(cards) -> list[str]:
    lines = []
    for a in cards:
        lines.append(_head(a, f"{a.name}  (upgrade cost {_cost(a.upgrade_cost)})"))
        lines += _wrap(f"red:   {a.red_text}", 6) + _wrap(f"green: {a.green_text}", 6) + _why(a)
    return lines


def _common(cards) -> list[str]:
    def fmt(c):
        copies = "may take twice" if c.copy_mark == 2 else "once per player"
        return _wrap(f"{c.id}{' *' if c.designed else ''}  [{c.min_players}+, {copies}]  {c.text}", 2)

    return _group(sorted(cards, key=lambda c: c.level), lambda c: c.level, lambda lv: f"Level {lv}", fmt)


def _personal(cards) -> list[str]:
    def fmt(c):
        star = " *" if c.designed else ""
        if c.layer == 0:
            return _wrap(f"{c.id}{star}  {c.text}", 2)
        lines = [f"  {c.id}{star}  Layer {c.layer}, choose one:"]
        for i, o in enumerate(c.options, 1):
            lines += _wrap(f"{i}. {o.text}", 6)
        return lines

    ordered = sorted(cards, key=lambda c: (c.deck, c.layer))
    return _group(ordered, lambda c: c.deck, lambda d: f"Deck {d}", fmt) + [
        "",
        "  * Personal bonus cards are designed for this app, except the example option on l.284.",
    ]


def _abilities(cards) -> list[str]:
    lines = []
    for a in cards:
        cost = f", tokens cost {_cost(a.token_cost)}" if a.token_cost else ""
        lines.append(_head(a, f"{a.name} ({a.civ}{f', {a.tokens} tokens' if a.tokens else ''}{cost})"))
        lines += _wrap(a.text, 6) + _why(a)
    return lines


def _scores(cards) -> list[str]:
    lines = []
    for s in cards:
        lines.append(_head(s, f"{s.name} ({s.kind})"))
        lines += _wrap(s.text, 6) + _why(s)
    return lines


def _quests(cards: tuple[Quest, ...]) -> list[str]:
    def fmt(q):
        marks = f"{q.min_players}+" + {"both": "", "multi_only": ", not in solo", "solo_only": ", solo"}[q.solo]
        return _wrap(f"{q.id}{' *' if q.designed else ''}  [{q.vp:+d}/{q.penalty} VP, {marks}]  {q.text}", 2)

    order = ("start", "0-1", "2-3", "4-5")
    ordered = sorted(cards, key=lambda q: order.index(q.deck))
    title = {"start": "Starting quests", "0-1": "Deck 0-1", "2-3": "Deck 2-3", "4-5": "Deck 4-5"}
    return _group(ordered, lambda q: q.deck, title.get, fmt) + [
        "",
        "  * Quest cards are designed for this app: the rulebook prints no quest face.",
    ]


def _ai(cards: tuple[AiCard, ...]) -> list[str]:
    lines = []
    for c in cards:
        tags = ["upgradable" if c.upgradable else "not upgradable"]
        if c.reshuffle != "never":
            tags.append("reshuffle card" + (" after all upgrades" if c.reshuffle == "after_upgrades" else ""))
        lines.append(_head(c, f"{c.name} ({', '.join(tags)})"))
        for i, cmd in enumerate(c.commands, 1):
            lines += _wrap(f"{i}. {cmd}", 6)
        if c.green_text:
            lines += _wrap(f"green: {c.green_text}", 6)
        lines += [line for p in c.priorities for line in _wrap(f"- {p}", 6)] + _why(c)
    return lines


_FORMATTERS: dict[str, Callable[[tuple], list[str]]] = {
    "action": _actions,
    "common_bonus": _common,
    "personal_bonus": _personal,
    "ability": _abilities,
    "score": _scores,
    "quest": _quests,
    "solo_quest": _quests,
    "ai_action": _ai,
}
