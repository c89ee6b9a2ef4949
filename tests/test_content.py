"""Card content: counts from the component list, filters by player count, and data checks.

Line numbers (l.N) refer to /work/shared/rules/monuments-rulebook.txt; Bn to the rules review.
"""

import json
from collections import Counter

import msgspec
import pytest

from monuments_tui.cli.cards import card_listing
from monuments_tui.rules.card_types import (
    ACTION_IDS,
    AI_CARD_IDS,
    BONUS_EFFECTS,
    CIVS,
    SCORE_DEFAULTS,
    TASK_KINDS,
    ContentError,
)
from monuments_tui.rules.content import (
    ai_score_card_for,
    common_bonus_for,
    load_content,
    parse_content,
    quests_for,
    read_packaged_files,
)


@pytest.fixture(scope="module")
def content():
    return load_content()


def all_cards(content):
    return (
        content.action_cards
        + content.common_bonus
        + content.personal_bonus
        + content.abilities
        + content.score_cards
        + content.quests
        + content.solo_quests
        + content.ai_cards
    )


# --------------------------------------------------------------------------- counts


def test_component_counts(content):
    """Components, Cards, l.66-74 and Solo components, l.415-417: 10 action cards per player
    (40 = 4 sets), 8 AI cards, 20 personal bonus, 4 score + vanilla (l.436) + 2 AI score,
    32 common bonus, 4 ability, 48 quest and 10 solo quest cards."""
    assert len(content.action_cards) == 10
    assert len(content.ai_cards) == 8
    assert len(content.personal_bonus) == 20
    assert Counter(s.kind for s in content.score_cards) == {"player": 4, "vanilla": 1, "ai": 2}
    assert len(content.common_bonus) == 32
    assert len(content.abilities) == 4
    assert len(content.quests) == 48
    assert len(content.solo_quests) == 10


def test_action_and_ai_card_ids(content):
    """Player set-up l.152 (the 10 actions) and Solo rules l.463-549 (the 8 AI cards)."""
    assert [a.id for a in content.action_cards] == list(ACTION_IDS)
    assert sorted(c.id for c in content.ai_cards) == sorted(AI_CARD_IDS)


def test_production_upgrade_cost_is_the_rulebook_example(content):
    """Upgrade an action, l.217: upgrading Production costs 2 sheep; the texts are printed (l.236)."""
    production = content.action_by_id["production"]
    assert production.upgrade_cost == {"sheep": 2}
    assert not production.designed
    assert production.green_text == "Produce on up to three tiles."


def test_upgrade_card_green_side(content):
    """Review B12: the Upgrade card's green side adds 1 resource of discount (minimum 1)."""
    assert content.action_by_id["upgrade"].green_text == (
        "Upgrade a card with a discount of 1 more resource (minimum 1)."
    )


def test_ids_unique(content):
    """Every card type has unique ids; quest and solo quest ids are unique together (they share decks)."""
    for cards in (
        content.action_cards,
        content.common_bonus,
        content.personal_bonus,
        content.abilities,
        content.score_cards,
        content.quests + content.solo_quests,
        content.ai_cards,
    ):
        ids = [c.id for c in cards]
        assert len(ids) == len(set(ids))
        assert all(i == i.lower() and " " not in i for i in ids)


def test_designed_cards_give_a_reason(content):
    """Every card whose face the rulebook does not print says why it was designed."""
    for card in all_cards(content):
        assert card.text.strip(), card.id
        if card.designed:
            assert card.reason.strip(), card.id


# --------------------------------------------------------------------------- common bonus


def test_common_bonus_levels(content):
    """Set-up l.164: five level piles; 32 cards (l.71) split 7/7/7/7/4 (B18); level 5 is VP (l.299)."""
    assert Counter(c.level for c in content.common_bonus) == {1: 7, 2: 7, 3: 7, 4: 7, 5: 4}
    assert all(c.effect == "vp" and c.vp > 0 for c in content.common_bonus if c.level == 5)
    assert all(c.effect in BONUS_EFFECTS for c in content.common_bonus)


def test_military_allowance_in_every_level(content):
    """Train a military unit, l.309: the allowance 'can be found in each layer' (B19), usable with 2 players."""
    for level in (1, 2, 3, 4):
        assert any(
            c.level == level and c.effect == "military_allowance" and c.min_players == 2 and c.copy_mark == 1
            for c in content.common_bonus
        )


def test_worker_move_card(content):
    """l.148 and l.284-286: 'workers move 2 instead of 1', a 2+ card with a two-card copy mark."""
    cards = [c for c in content.common_bonus if c.effect == "worker_move"]
    assert any(c.copy_mark == 2 and c.min_players == 2 and c.level == 1 and not c.designed for c in cards)
    assert all(c.amount == 1 for c in cards)  # each copy adds +1 (B49)


def test_copy_marks_consistent_per_effect(content):
    """l.282: the copy limit counts copies of one effect over all levels, so marks must agree."""
    marks = {}
    for c in content.common_bonus:
        marks.setdefault(c.effect, set()).add(c.copy_mark)
    assert all(len(m) == 1 for m in marks.values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_enough_common_bonus_per_level(players):
    """l.146: 3+/4+ cards are removed in smaller games; each level keeps at least one card per player."""
    cards = common_bonus_for(players)
    for level in (1, 2, 3, 4, 5):
        assert sum(c.level == level for c in cards) >= players


def test_common_bonus_filter_counts(content):
    """l.146 (multiplayer) and Solo set-up l.436 ('common bonus cards for 2+ players')."""
    assert len(common_bonus_for(4)) == 32
    assert len(common_bonus_for(3)) == sum(c.min_players <= 3 for c in content.common_bonus)
    assert {c.min_players for c in common_bonus_for(2)} == {2}
    assert common_bonus_for(1, solo=True) == common_bonus_for(2)


# --------------------------------------------------------------------------- personal bonus


def test_personal_decks_complete(content):
    """Components l.68 and Player set-up l.156: 4 decks of set-up + layers 1-4 (B15); 3 options per layer card (l.284)."""
    for deck in "abcd":
        cards = sorted((c for c in content.personal_bonus if c.deck == deck), key=lambda c: c.layer)
        assert [c.layer for c in cards] == [0, 1, 2, 3, 4]
        assert cards[0].supply and not cards[0].options
        assert all(len(c.options) == 3 and not c.supply for c in cards[1:])
        assert content.personal_card(deck, 2) is cards[2]


def test_set_up_cards(content):
    """l.156-158 and B16: each set-up card lists at most 3 of each piece; the rest is set aside; totals are fair."""
    totals = set()
    for c in content.personal_bonus:
        if c.layer == 0:
            assert all(0 <= n <= 3 for n in c.supply.values())
            assert all(c.supply.get(p, 0) + c.set_aside[p] == 3 for p in c.set_aside)
            totals.add(sum(c.supply.values()))
    assert len(totals) == 1


def test_layer_one_example_option(content):
    """Build a monument, l.284: the layer-1 option '2 wood on a forest ... and one metal on a mountain'."""
    assert any(
        o.kind == "resources" and sorted(o.resources) == ["metal", "wood", "wood"]
        for c in content.personal_bonus
        if c.layer == 1
        for o in c.options
    )


def test_air_force_options_only_from_layer_three(content):
    """Air force, l.323 and B67: air forces only after layer 3, so only on layer 3-4 cards."""
    for c in content.personal_bonus:
        for o in c.options:
            if o.kind == "unit" and o.piece == "air":
                assert c.layer >= 3


def test_quest_options_leave_solo_choices(content):
    """Solo l.450: quest options are forbidden in solo, so a card has at most one of them."""
    assert any(o.kind == "quests" for c in content.personal_bonus for o in c.options)
    assert all(sum(o.kind == "quests" for o in c.options) <= 1 for c in content.personal_bonus)


# --------------------------------------------------------------------------- abilities, scores


def test_one_ability_per_civilisation(content):
    """l.160 and l.84-86 (2 horse, 3 workshop, 3 farm tokens); B21 assigns them."""
    assert sorted(a.civ for a in content.abilities) == sorted(CIVS)
    effects = {a.civ: (a.effect, a.tokens) for a in content.abilities}
    assert effects == {
        "greece": ("naval_assault", 0),
        "egypt": ("horses", 2),
        "maya": ("workshop", 3),
        "inca": ("farm", 3),
    }


def test_score_cards(content):
    """Goal of the game l.190-198 (vanilla defaults) and l.202 (the example: 1 VP per 4 resources,
    an extra VP per land hex); B22: player cards raise one line and lower another."""
    vanilla = content.score_by_id["vanilla"]
    assert {k: getattr(vanilla, k) for k in SCORE_DEFAULTS} == SCORE_DEFAULTS
    assert vanilla.extra == ()
    assert any(s.kind == "player" and s.resource_div == 4 and s.land_vp == 2 for s in content.score_cards)
    for s in content.score_cards:
        if s.kind == "player":
            changed = [k for k in SCORE_DEFAULTS if getattr(s, k) != SCORE_DEFAULTS[k]]
            assert len(changed) == 2, s.id


def test_ai_score_cards():
    """Solo components l.416 and B23: AI-1 for Easy and Hard, the stronger AI-2 for Normal and Insane."""
    assert ai_score_card_for("easy").id == ai_score_card_for("hard").id == "ai1"
    assert ai_score_card_for("normal").id == ai_score_card_for("insane").id == "ai2"
    assert ai_score_card_for("normal").layer_vp > ai_score_card_for("easy").layer_vp
    with pytest.raises(ValueError):
        ai_score_card_for("impossible")


# --------------------------------------------------------------------------- quests


def test_quest_decks(content):
    """Player set-up l.154: starting quests (2 per player with 4 players) and decks 0-1, 2-3, 4-5 (B24)."""
    assert Counter(q.deck for q in content.quests) == {"start": 8, "0-1": 14, "2-3": 13, "4-5": 13}
    assert all(q.solo == "solo_only" for q in content.solo_quests)
    assert all(q.solo != "solo_only" for q in content.quests)


def test_quest_values(content):
    """l.197-198: 1/2/3 VP when completed, 0/-1/-2 when not, paired by deck (B24)."""
    values = {"start": (1, 0), "0-1": (1, 0), "2-3": (2, -1), "4-5": (3, -2)}
    for q in content.quests + content.solo_quests:
        assert (q.vp, q.penalty) == values[q.deck], q.id


def test_task_kinds_from_vocabulary(content):
    """Solo game end l.553 and B83: every task must be machine-checkable, from the engine's vocabulary."""
    for q in content.quests + content.solo_quests:
        assert q.tasks
        for t in q.tasks:
            assert t.kind in TASK_KINDS
            if t.kind == "upgraded_card":
                assert t.card in content.action_by_id


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quest_filter(content, players):
    """l.146: remove 3+ cards with 2 players and 4+ cards with fewer than 4; l.154: solo cards are removed."""
    pool = quests_for(players)
    assert len(pool) == sum(q.min_players <= players for q in content.quests)
    assert all(q.solo != "solo_only" for q in pool)
    assert sum(q.deck == "start" for q in pool) >= 2 * players


def test_quest_filter_counts():
    """The exact pool sizes of this data (l.146, l.444, B25)."""
    assert [len(quests_for(p)) for p in (2, 3, 4)] == [38, 44, 48]
    assert len(quests_for(1, solo=True)) == 48


def test_solo_quests(content):
    """Solo set-up l.444 and B25: drop red crossed-out cards, add the blue ones, keep only 2+ cards."""
    pool = quests_for(1, solo=True)
    ids = {q.id for q in pool}
    assert {q.id for q in content.solo_quests} <= ids
    assert all(q.solo != "multi_only" and q.min_players == 2 for q in pool)
    assert sum(q.deck == "start" for q in pool) >= 3  # 1 for the AI, 2 drawn by the human (l.446)
    with pytest.raises(ValueError):
        quests_for(5)


# --------------------------------------------------------------------------- AI cards


def test_ai_cards(content):
    """Upgrade a card l.500 (4 upgradable cards) and B74 (reshuffle cards)."""
    upgradable = {c.id for c in content.ai_cards if c.upgradable}
    assert upgradable == {"production", "movement", "population", "special"}
    reshuffle = {c.id: c.reshuffle for c in content.ai_cards if c.reshuffle != "never"}
    assert reshuffle == {"monument": "always", "upgrade": "after_upgrades"}
    assert len(content.ai_by_id["monument"].commands) == 3  # build, attack, move + reshuffle (l.520-549)


# --------------------------------------------------------------------------- validation


def _with_cards(name, edit):
    raw = dict(read_packaged_files())
    data = json.loads(raw[name])
    edit(data["cards"])
    raw[name] = json.dumps(data).encode()
    return raw


@pytest.mark.parametrize(
    "name, edit, message",
    [
        ("quests.json", lambda cards: cards.pop(), "47 cards"),
        ("common_bonus.json", lambda cards: cards[0].update(id=cards[1]["id"]), "used 2 times"),
        ("quests.json", lambda cards: cards[0]["tasks"].append({"kind": "upgraded_card", "card": "dance"}), "'dance'"),
        ("personal_bonus.json", lambda cards: cards[1]["options"].pop(), "exactly 3 options"),
        ("score_cards.json", lambda cards: cards[0].update(designed=True), "gives no reason"),
        ("common_bonus.json", lambda cards: cards[0].update(effect="teleport"), "effect"),
        ("abilities.json", lambda cards: cards[0].update(colour="red"), "unknown field"),
    ],
)
def test_bad_data_is_rejected(name, edit, message):
    """The loader names what is wrong instead of loading broken content."""
    with pytest.raises(ContentError, match=message):
        parse_content(_with_cards(name, edit))


def test_load_content_is_cached():
    assert load_content() is load_content()


# --------------------------------------------------------------------------- listing


def test_card_listing_json(content):
    """`monuments cards --json`: one object with all 8 card types and the right counts."""
    data = json.loads(card_listing(as_json=True))
    counts = {key: len(cards) for key, cards in data.items()}
    assert counts == {
        "action": 10,
        "common_bonus": 32,
        "personal_bonus": 20,
        "ability": 4,
        "score": 7,
        "quest": 48,
        "solo_quest": 10,
        "ai_action": 8,
    }
    for cards in data.values():
        for card in cards:
            assert list(card)[:2] == ["id", "text"]
    assert msgspec.convert(data["quest"][0]["tasks"][0], dict)["kind"] in TASK_KINDS


def test_card_listing_text(content):
    """The text form lists every card, grouped by type."""
    text = card_listing(as_json=False)
    for heading in (
        "Action cards (10)",
        "Common bonus cards (32)",
        "Personal bonus cards (20)",
        "Ability cards (4)",
        "Score cards (7)",
        "Quest cards (48)",
        "Solo quest cards (10)",
        "Solo AI action cards (8)",
    ):
        assert heading in text
    for card in all_cards(content):
        assert card.id in text
