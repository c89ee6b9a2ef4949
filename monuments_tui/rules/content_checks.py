"""Checks of the card content against the component list and the rules review.

`validate` lists every rule the decoded card data breaks: counts from the component list
[Components, Cards, l.63-74], unique ids, valid references between files, and the
constraints the rules review sets on designed cards. `content.parse_content` raises
`ContentError` with all of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from monuments_tui.rules.card_types import (
    ACTION_IDS,
    AI_CARD_IDS,
    AI_SCORE_CARD,
    CIVS,
    PIECES_PER_TYPE,
    QUEST_ISLAND_REGIONS,
    QUEST_VALUES,
    RESOURCES,
    SCORE_DEFAULTS,
    SUPPLY_PIECES,
    TOKENS,
    Ability,
    AiCard,
    Card,
    CommonBonus,
    Content,
    Option,
    PersonalBonusCard,
    Quest,
    ScoreCard,
    Task,
    solo_pool,
)

EXPECTED_COUNTS = {
    "action_cards.json": 10,
    "ai_cards.json": 8,
    "personal_bonus.json": 20,
    "score_cards.json": 7,
    "common_bonus.json": 32,
    "abilities.json": 4,
    "quests.json": 48,
    "solo_quests.json": 10,
}
"""Cards per file: the component list [Components, Cards, l.66-74; Solo, l.415-417]. Action
cards are one player's set of 10 (40 in the box); score cards are 4 + vanilla + 2 AI."""
COMMON_LEVEL_SIZES = {1: 7, 2: 7, 3: 7, 4: 7, 5: 4}
QUEST_DECK_SIZES = {"start": 8, "0-1": 14, "2-3": 13, "4-5": 13}
SCORE_KIND_COUNTS = {"player": 4, "vanilla": 1, "ai": 2}

# The task parameters each kind uses, besides `n` (used unless listed in _NO_N).
_TASK_PARAMS = {
    "resource": "resource",
    "building": "piece",
    "units": "piece",
    "island": "region",
    "upgraded_card": "card",
}
_NO_N = {"island", "upgraded_card"}
_TASK_PIECES = {"building": ("town", "fort", "factory"), "units": ("navy", "army", "air")}
_OPTION_PIECES = {
    "building": ("town", "fort", "factory", "bridge", "ferry"),
    "unit": ("navy", "army", "air"),
    "unlock": SUPPLY_PIECES,
}


def validate(content: Content, files: Mapping[str, tuple[Card, ...]]) -> list[str]:
    """Every rule the card data breaks, as readable messages (empty if all is well)."""
    errors: list[str] = []
    for name, cards in files.items():
        errors += _check_common_fields(name, cards)
    errors += _check_actions(content)
    errors += _check_common_bonus(content.common_bonus)
    errors += _check_personal(content.personal_bonus)
    errors += _check_abilities(content.abilities)
    errors += _check_scores(content.score_cards)
    errors += _check_quests(content)
    errors += _check_ai(content.ai_cards)
    return errors


def _check_common_fields(name: str, cards: tuple[Card, ...]) -> list[str]:
    errors = []
    if len(cards) != EXPECTED_COUNTS[name]:
        errors.append(f"{name}: {len(cards)} cards, the component list needs {EXPECTED_COUNTS[name]}")
    for card_id, n in Counter(card.id for card in cards).items():
        if n > 1:
            errors.append(f"{name}: id {card_id!r} is used {n} times")
    for card in cards:
        if not card.id or card.id != card.id.lower() or " " in card.id:
            errors.append(f"{name}: id {card.id!r} must be short, lower-case, without spaces")
        if not card.text.strip():
            errors.append(f"{name}: {card.id} has no text")
        if card.designed and not card.reason.strip():
            errors.append(f"{name}: {card.id} is designed but gives no reason")
    return errors


def _check_actions(content: Content) -> list[str]:
    errors = []
    if set(content.action_by_id) != set(ACTION_IDS):
        errors.append(f"action_cards.json: ids must be exactly {', '.join(ACTION_IDS)}")
    for a in content.action_cards:
        if not a.upgrade_cost or min(a.upgrade_cost.values()) < 1:
            errors.append(f"action {a.id}: upgrade cost must list at least 1 resource, each >= 1")
        if a.red_text not in a.text or a.green_text not in a.text:
            errors.append(f"action {a.id}: text must show both the red and the green side")
    return errors


def _check_common_bonus(cards: tuple[CommonBonus, ...]) -> list[str]:
    errors = []
    sizes = Counter(c.level for c in cards)
    if dict(sorted(sizes.items())) != COMMON_LEVEL_SIZES:
        errors.append(f"common bonus level piles are {dict(sorted(sizes.items()))}, need {COMMON_LEVEL_SIZES}")
    marks: dict[str, set[int]] = {}
    for c in cards:
        marks.setdefault(c.effect, set()).add(c.copy_mark)
        if (c.effect == "vp") != (c.level == 5):
            errors.append(f"common bonus {c.id}: level 5 holds exactly the VP cards [l.299]")
        if (c.vp > 0) != (c.effect == "vp"):
            errors.append(f"common bonus {c.id}: only VP cards have vp > 0")
        if c.amount < 1:
            errors.append(f"common bonus {c.id}: amount must be >= 1")
    for effect, m in marks.items():
        if len(m) > 1:
            errors.append(f"common bonus effect {effect}: all copies must show the same copy mark")
    for level in range(1, 5):
        if not any(
            c.level == level and c.effect == "military_allowance" and c.min_players == 2 and c.copy_mark == 1
            for c in cards
        ):
            errors.append(f"common bonus level {level}: needs a 2+ military allowance card [l.309, B19]")
    if not any(c.effect == "worker_move" and c.copy_mark == 2 and c.min_players == 2 for c in cards):
        errors.append("common bonus: the 2+ worker-movement card with copy mark 2 is missing [l.148, l.286]")
    for level in COMMON_LEVEL_SIZES:
        for players in (2, 3, 4):
            usable = sum(1 for c in cards if c.level == level and c.min_players <= players)
            if usable < players:
                errors.append(f"common bonus level {level}: {usable} cards for {players} players")
    return errors


def _check_option(card: PersonalBonusCard, i: int, o: Option) -> list[str]:
    where = f"personal bonus {card.id} option {i}"
    errors = []
    if o.kind == "resources":
        if not o.resources:
            errors.append(f"{where}: a resources option must list its resources")
    elif o.resources:
        errors.append(f"{where}: only a resources option lists resources")
    allowed = _OPTION_PIECES.get(o.kind)
    if allowed is not None and o.piece not in allowed:
        errors.append(f"{where}: piece {o.piece!r} is not one of {', '.join(allowed)}")
    if allowed is None and o.piece:
        errors.append(f"{where}: a {o.kind} option names no piece")
    if o.count < 1 or (o.kind in ("building", "unit", "resources") and o.count != 1):
        errors.append(f"{where}: count {o.count} does not fit a {o.kind} option")
    if o.kind == "unit" and o.piece == "air" and card.layer < 3:
        errors.append(f"{where}: air forces only from layer 3 [l.323, B67]")
    return errors


def _check_personal(cards: tuple[PersonalBonusCard, ...]) -> list[str]:
    errors = []
    totals = {}
    for deck in ("a", "b", "c", "d"):
        layers = sorted(c.layer for c in cards if c.deck == deck)
        if layers != [0, 1, 2, 3, 4]:
            errors.append(f"personal deck {deck}: needs set-up + layers 1-4, has layers {layers} [B15]")
    for c in cards:
        if c.layer == 0:
            totals[c.deck] = sum(c.supply.values())
            if c.options or any(not 0 <= n <= PIECES_PER_TYPE for n in c.supply.values()):
                errors.append(f"personal bonus {c.id}: a set-up card lists 0-3 of each piece, no options")
            continue
        if c.supply or len(c.options) != 3:
            errors.append(f"personal bonus {c.id}: a layer card has exactly 3 options, no supply [l.284]")
        if sum(o.kind == "quests" for o in c.options) > 1:
            errors.append(f"personal bonus {c.id}: at most one quest option (solo forbids them, l.450)")
        for i, o in enumerate(c.options, 1):
            errors += _check_option(c, i, o)
    if len(set(totals.values())) > 1:
        errors.append(f"personal set-up cards give unequal piece totals {totals} [B16]")
    return errors


def _check_abilities(cards: tuple[Ability, ...]) -> list[str]:
    errors = []
    if sorted(a.civ for a in cards) != sorted(CIVS) or len({a.effect for a in cards}) != len(cards):
        errors.append("abilities: one ability per civilisation, each with its own effect [B21]")
    for a in cards:
        if a.tokens != TOKENS[a.effect]:
            errors.append(f"ability {a.id}: {a.tokens} tokens, the box has {TOKENS[a.effect]} [l.84-86]")
        if (a.effect in ("workshop", "farm")) != bool(a.token_cost):
            errors.append(f"ability {a.id}: workshops and farms (only) have a token cost")
    return errors


def _check_scores(cards: tuple[ScoreCard, ...]) -> list[str]:
    errors = []
    kinds = Counter(s.kind for s in cards)
    if dict(kinds) != SCORE_KIND_COUNTS:
        errors.append(f"score cards by kind are {dict(kinds)}, need {SCORE_KIND_COUNTS}")
    ids = {s.id for s in cards}
    for difficulty, card_id in AI_SCORE_CARD.items():
        if card_id not in ids:
            errors.append(f"score cards: the {difficulty} AI card {card_id!r} is missing [B23]")
    for s in cards:
        if s.kind == "vanilla" and (s.id != "vanilla" or _score_values(s) != SCORE_DEFAULTS or s.extra):
            errors.append(f"score card {s.id}: the vanilla card has id 'vanilla' and the defaults [l.190-198]")
        if min(s.resource_div, s.worker_div, s.power_div) < 1 or any(e.per < 1 for e in s.extra):
            errors.append(f"score card {s.id}: divisors must be >= 1")
    return errors


def _score_values(s: ScoreCard) -> dict[str, int]:
    return {k: getattr(s, k) for k in SCORE_DEFAULTS}


def _check_task(quest: Quest, t: Task, action_ids: set[str]) -> list[str]:
    where = f"quest {quest.id} task {t.kind}"
    errors = []
    param = _TASK_PARAMS.get(t.kind)
    for name in ("resource", "piece", "region", "card"):
        if name != param and getattr(t, name):
            errors.append(f"{where}: takes no {name}")
    if t.kind not in _NO_N and t.n < 1:
        errors.append(f"{where}: n must be >= 1")
    if t.kind in _NO_N and t.n != 1:
        errors.append(f"{where}: takes no n")
    valid = {
        "resource": RESOURCES,
        "piece": _TASK_PIECES.get(t.kind, ()),
        "region": QUEST_ISLAND_REGIONS,
        "card": tuple(action_ids),
    }
    if param and getattr(t, param) not in valid[param]:
        errors.append(f"{where}: {param} {getattr(t, param)!r} is not one of {', '.join(valid[param])}")
    return errors


def _check_quests(content: Content) -> list[str]:
    errors = []
    pool, solo = content.quests, content.solo_quests
    sizes = {deck: sum(q.deck == deck for q in pool) for deck in QUEST_DECK_SIZES}
    if sizes != QUEST_DECK_SIZES:
        errors.append(f"quest decks are {sizes}, need {QUEST_DECK_SIZES} [B24]")
    shared = {q.id for q in pool} & {q.id for q in solo}
    if shared:
        errors.append(f"quest ids used in both quest files: {', '.join(sorted(shared))}")
    errors += [f"quest {q.id}: solo cards belong in solo_quests.json" for q in pool if q.solo == "solo_only"]
    errors += [f"quest {q.id}: must be solo_only [l.444]" for q in solo if q.solo != "solo_only"]
    for q in pool + solo:
        if (q.vp, q.penalty) != QUEST_VALUES[q.deck]:
            errors.append(f"quest {q.id}: deck {q.deck} scores {QUEST_VALUES[q.deck]}, not {(q.vp, q.penalty)} [B24]")
        if not q.tasks:
            errors.append(f"quest {q.id}: has no task")
        for t in q.tasks:
            errors += _check_task(q, t, set(content.action_by_id))
    for players in (2, 3, 4):
        starts = sum(q.deck == "start" and q.min_players <= players for q in pool)
        if starts < 2 * players:
            errors.append(f"quests: {starts} starting quests for {players} players, need {2 * players} [l.154]")
    solo_starts = sum(q.deck == "start" for q in solo_pool(content))
    if solo_starts < 3:
        errors.append(f"quests: {solo_starts} starting quests in solo, need 3 (1 for the AI, 2 drawn) [l.446]")
    return errors


def _check_ai(cards: tuple[AiCard, ...]) -> list[str]:
    errors = []
    if {c.id for c in cards} != set(AI_CARD_IDS):
        errors.append(f"ai_cards.json: ids must be exactly {', '.join(AI_CARD_IDS)}")
    for c in cards:
        if c.upgradable != (c.id in ("production", "movement", "population", "special")):
            errors.append(f"AI card {c.id}: only Movement, Production, Population, Special upgrade [l.500]")
        if c.upgradable != bool(c.green_text):
            errors.append(f"AI card {c.id}: upgradable cards (only) describe their green side")
        expected = {"monument": "always", "upgrade": "after_upgrades"}.get(c.id, "never")
        if c.reshuffle != expected:
            errors.append(f"AI card {c.id}: reshuffle must be {expected!r} [B74]")
        if not c.commands or any(cmd not in c.text for cmd in c.commands):
            errors.append(f"AI card {c.id}: needs commands, each shown in its text")
    return errors
