"""Every choice's text (card_text), `info ID` (info), refusals in plain words first (pure, no app)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from rich.console import Console

from monuments_tui.rules import (
    SYNTAX,
    NotationError,
    RuleViolation,
    decide,
    format_command,
    legal_commands,
    parse_command,
)
from monuments_tui.rules.content import load_content
from monuments_tui.ui import card_text, info, pane_text
from monuments_tui.ui.refusal_words import refusal_lines
from monuments_tui.ui.rule_words import RULE_OPTIONS
from tests.helpers import game, ready_for_layer, run, start

CONTENT = load_content()
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""An internal name: a field, tag or class attribute (end_turn, keep_quests)."""


def bonus_choice():
    """Greece has just built layer 1: the Layer-1 common bonus to choose [l.280-286]."""
    s = ready_for_layer(game(), 0, 1)
    s.players[0].turns = 2  # past the first turn, which allows only Movement and Draw quest cards (B58)
    return run(s, "play monument", "layer")


def option_choice():
    """After the common bonus, an option of the personal bonus card for layer 1 [l.288]."""
    s = bonus_choice()
    return run(s, format_command(legal_commands(s)[0]))


def keep_choice():
    """Greece's first turn: Draw quest cards, then keep at least one [Draw quest cards, l.367-369]."""
    return run(game(), "play quest")


# -- the text of each kind of choice --------------------------------------------------------------
def test_every_card_and_quest_id_has_its_text_from_the_card_data():
    for quest in CONTENT.quest_by_id.values():
        assert card_text.card_text(quest.id).startswith(quest.text)
    for bonus in CONTENT.common_bonus:
        assert card_text.card_text(bonus.id) == bonus.text
    for action in CONTENT.action_cards:
        text = card_text.card_text(action.id)
        assert action.red_text in text and action.green_text in text and "Upgrade:" in text
    for personal in CONTENT.personal_bonus:
        assert all(o.text in card_text.card_text(personal.id) for o in personal.options)
    assert card_text.card_text("no-such-card") is None


def test_starting_quests_are_glossed_with_their_text_and_value():
    s = start()
    quest = s.pending.options[0]
    assert card_text.glossed(s, f"startquest {quest}") == (
        f"startquest {quest} — {CONTENT.quest_by_id[quest].text} (+1 VP)"
    )  # [Goal of the game, l.197]: a starting quest is worth 1 VP
    assert [t for t, _ in card_text.choices(s)] == [f"startquest {q}" for q in s.pending.options]


def test_quests_to_keep_are_listed_with_their_text():
    s = keep_choice()
    found = card_text.choices(s, [format_command(c) for c in legal_commands(s)])
    assert [t for t, _ in found] == [f"keep {q}" for q in s.pending.options]
    for (_, words), quest in zip(found, s.pending.options, strict=True):
        assert CONTENT.quest_by_id[quest].text in words
    pair = " ".join(s.pending.options[:2])
    assert all(q in card_text.gloss(s, f"keep {pair}") for q in s.pending.options[:2])


def test_common_bonus_and_personal_options_are_glossed():
    s = bonus_choice()
    for text, words in card_text.choices(s):
        assert words == CONTENT.common_by_id[text.split()[1]].text
    s = option_choice()
    options = CONTENT.personal_by_id[s.pending.card].options
    assert [w for _, w in card_text.choices(s)] == [o.text for o in options]


def test_an_action_card_says_both_sides_its_upgrade_cost_and_the_discount_now():
    s = game()
    movement = CONTENT.action_by_id["movement"]
    words = card_text.gloss(s, "play movement")
    assert movement.red_text in words and movement.green_text in words and "Upgrade: 2 food." in words
    s.players[0].green.append("production")  # one card green: 1 off the next upgrade (B56)
    assert "Upgrade: 2 food, 1 off now, so 1 food." in card_text.gloss(s, "play movement")
    assert "(green)" in card_text.gloss(s, "play production")


def test_the_hand_and_quests_panes_show_the_choices_with_their_text():
    s = bonus_choice()
    console = Console(width=400, record=True)
    console.print(pane_text.hand_text(s, 0))
    out = console.export_text()
    assert "Choose one now:" in out and CONTENT.common_by_id["cb1-military"].text in out
    assert CONTENT.action_by_id["trade"].green_text in out  # both sides of every card
    quests = pane_text.quests_text(keep_choice(), 0).plain
    assert all(CONTENT.quest_by_id[q].text in quests for q in keep_choice().pending.options)
    assert CONTENT.quest_by_id[start().pending.options[0]].text in pane_text.quests_text(start(), 0).plain


def test_the_prompt_lists_a_choices_options_and_the_cards_in_hand():
    s = option_choice()
    lines = card_text.prompt_lines(s, [format_command(c) for c in legal_commands(s)])
    assert lines and all(" — " in line for line in lines)
    assert "in hand: upgrade, movement" in card_text.prompt_lines(game(), ["play movement"])[0]


# -- info -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("word", "title", "says"),
    [
        ("movement", "Action card Movement", "Move up to 3 units"),
        ("qs-wood", "Quest qs-wood", "Control 3 wood."),
        ("cb1-military", "Common bonus card cb1-military", "allowed to train"),
        ("army", "Piece army", "costs 1 food, 1 sheep"),
        ("d7", "Hex D7", "D7"),
        ("greece", "Civilisation Greece", "Colossus of Rhodes"),
        ("move", "Command move", "move PIECE FROM TO"),
        ("b50", "Rule option: The bank runs out", "25 of each"),
        ("retreat", "Rule option: Where beaten defenders retreat", "one hex"),
    ],
)
def test_info_describes_cards_quests_pieces_hexes_and_rules(word, title, says):
    s = game()
    sections = info.about(s, word)
    match = [x for x in sections if x.title == title]
    assert match, [x.title for x in sections]
    body = match[0].body
    assert says in (body.plain if hasattr(body, "plain") else str(body))


def test_info_changes_nothing_and_an_unknown_id_says_what_exists():
    s = game()
    before = format_command(legal_commands(s)[0]), s.round, s.current
    info.about(s, "E19")
    assert (format_command(legal_commands(s)[0]), s.round, s.current) == before
    with pytest.raises(ValueError) as exc:
        info.about(s, "zzz")
    assert "Nothing is called 'zzz'" in str(exc.value) and "a quest (qs-wood" in str(exc.value)


# -- refusals: plain words first --------------------------------------------------------------------
def test_a_refusal_splits_into_plain_words_and_the_rulebook_detail():
    s = game()
    with pytest.raises(RuleViolation) as exc:
        decide(s, parse_command("play monument"))
    plain, detail = refusal_lines(exc.value)
    assert "[" not in plain and "l." not in plain and "(B" not in plain
    assert plain.startswith("Monument cannot be played in your first turn. In your very first turn")
    assert detail == "Rulebook: Movement, l.221 (B58)"


def _literal_parts(call: ast.Call) -> list[str]:
    """The literal words of a call's arguments (an f-string's constant parts)."""
    return [n.value for a in call.args for n in ast.walk(a) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_no_refusal_of_the_rules_names_an_internal_name():
    rules = Path(__file__).parents[2] / "monuments_tui" / "rules"
    found = []
    for path in rules.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            name = getattr(node, "func", None)
            if isinstance(node, ast.Call) and getattr(name, "id", getattr(name, "attr", "")) == "RuleViolation":
                args = node.args[:1] + node.args[2:3]  # the message and the hint (the rule is a citation)
                found += [
                    f"{path.name}:{node.lineno} {t!r}" for t in _literal_parts(ast.Call(args=args)) if SNAKE.search(t)
                ]
    assert not found


CITATION = re.compile(r"\bB\d+\b|\bl\.\s*\d")
"""A decision code (B59) or a rulebook line (l.206): a refusal's `rule`, never its first line."""


def test_no_refusal_of_the_rules_carries_a_citation_in_its_words():
    """The screen's first line is the refusal's problem and hint: the rule and its decision code
    are a field of their own, shown on the detail line (issue 43: no "(B59)" in the first line)."""
    rules = Path(__file__).parents[2] / "monuments_tui" / "rules"
    found = []
    for path in rules.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            name = getattr(node, "func", None)
            if isinstance(node, ast.Call) and getattr(name, "id", getattr(name, "attr", "")) == "RuleViolation":
                args = node.args[:1] + node.args[2:3]
                found += [
                    f"{path.name}:{node.lineno} {t!r}"
                    for t in _literal_parts(ast.Call(args=args))
                    if CITATION.search(t)
                ]
    assert not found


def test_a_refusal_is_read_from_its_fields_with_its_rule_on_the_detail_line_only():
    s = game()
    s.players[0].turns = 2  # past the first turn: Monument is refused as having no effect (B59)
    with pytest.raises(RuleViolation) as exc:
        decide(s, parse_command("play monument"))
    refusal = exc.value
    assert refusal.problem.startswith("monument would have no effect now: layer 1 needs ")
    assert refusal.rule == "Build a layer of your monument, l.272-278; In a turn, l.206 (B59)"
    plain, detail = refusal_lines(refusal)
    assert plain == "M" + refusal.problem[1:] + ". " + refusal.hint
    assert not CITATION.search(plain) and detail == "Rulebook: " + refusal.rule


def test_a_notation_error_says_where_the_text_goes_wrong_and_what_is_expected():
    with pytest.raises(NotationError) as exc:
        parse_command("play")
    error = exc.value
    assert error.problem == "'play' needs an action card, got nothing"
    assert error.hint == "Expected: play CARD (e.g. play movement)." and error.rule == ""
    assert refusal_lines(error) == (f"{error.problem}. {error.hint}", "")
    assert str(error) == f"{error.problem}. {error.hint}"  # the message joins them, as before


def test_the_common_refusals_name_commands_as_typed_and_no_step_numbers():
    s = game()
    for syntax in SYNTAX:
        try:
            decide(s, parse_command(syntax.example))
        except RuleViolation as exc:
            assert not SNAKE.search(str(exc)), str(exc)
    assert "'end' is not possible now" in str(pytest.raises(RuleViolation, decide, s, parse_command("end")).value)


def test_the_rule_options_have_plain_names_and_codes_only_in_their_detail():
    for name, words in RULE_OPTIONS.items():
        assert not re.search(r"\bB\d+\b", words.label + words.explanation), name
        assert re.fullmatch(r"B\d+", words.code)


def test_a_refusal_beginning_with_an_id_keeps_it_as_typed():
    assert refusal_lines(RuleViolation("q01-fort is not complete", "Quests, l.371")) == (
        "q01-fort is not complete",
        "Rulebook: Quests, l.371",
    )
