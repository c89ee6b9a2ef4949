"""The log's plain words and the side panes' text (pure functions, no app)."""

from __future__ import annotations

import pytest

from monuments_tui.rules import SYNTAX, GameConfig, events as ev, new_game, parse_command
from monuments_tui.rules.state import Battle
from monuments_tui.ui import pane_text, wording


@pytest.mark.parametrize("syntax", SYNTAX, ids=[s.verb for s in SYNTAX])
def test_every_command_of_the_notation_has_plain_words(syntax):
    command = parse_command(syntax.example)
    words = wording.describe_command(command, (), 0, None)
    assert words and words != type(command).__name__


def test_hidden_choices_are_masked_for_other_seats():
    command = parse_command("keep q4 q9")
    assert "q4" in wording.describe_command(command, (), 1, 1)
    assert "q4" not in wording.describe_command(command, (), 1, 0)


def test_dice_and_draws_are_shown():
    battle = Battle(
        attacker=0,
        defender=1,
        target="D7",
        origins=("D6",),
        attackers=("u1",),
        attack_power=2,
        defence_power=1,
        attack_pips=(1, 1),
        defence_pips=(0,),
        attacker_won=True,
    )
    lines = wording.describe_events(
        (ev.BattleBegan(battle, rng=1), ev.QuestsDealt(1, "0-1", ("q1", "q2"))), 0, 0, ["Greece", "Egypt"]
    )
    assert lines[0] == "battle on D7: attack 2 rolls 1,1, defence 1 rolls 0 -> attacker wins"
    assert lines[1] == "Egypt draws 2 quest card(s) from deck 0-1"


def test_the_panes_describe_a_new_game():
    from rich.console import Console

    state = new_game(GameConfig(civs=("greece", "egypt", "maya", "inca"), seed=2))
    console = Console(width=40, record=True)
    for renderable in (
        pane_text.hand_text(state, 0),
        pane_text.players_text(state, 0),
        pane_text.quests_text(state, 0),
        pane_text.inspector_text(state, "F19"),
    ):
        console.print(renderable)
    text = console.export_text()
    assert "movement" in text and "discard: empty" in text
    assert all(name in text for name in ("Greece", "Egypt", "Maya", "Inca")) and "Bank" in text
    assert "starting quests, keep one" in text
    assert "Greece's monument hex" in text


def test_the_monuments_are_named_where_they_are_shown():
    """Components l.57-60, Player set-up l.152: Greece builds the Colossus of Rhodes, Egypt the
    Lighthouse of Alexandria, the Inca Machu Picchu and the Maya Tikal; the players pane, the
    monument hex in the inspector and the end screen's score table name them."""
    from rich.console import Console

    from monuments_tui.rules.board import load_board
    from monuments_tui.ui.screens.end import score_table

    names = {
        "greece": "Colossus of Rhodes",
        "egypt": "Lighthouse of Alexandria",
        "maya": "Tikal",
        "inca": "Machu Picchu",
    }
    state = new_game(GameConfig(civs=("greece", "egypt", "maya", "inca"), seed=2))

    def shown(renderable) -> str:
        console = Console(width=200, record=True)
        console.print(renderable)
        return console.export_text()

    players, table = shown(pane_text.players_text(state, 0)), shown(score_table(state))
    for civ, name in names.items():
        monument_hex = next(h.id for h in load_board().hexes.values() if h.monument_of == civ)
        assert f"{civ.capitalize()}'s monument hex: {name}, 0 layer(s) built" in shown(
            pane_text.inspector_text(state, monument_hex)
        )
        assert f"{name}: layer 0/5" in players and name in table


def test_the_ai_narration_names_its_civilisation_once():
    """The log's seat names carry the controller ("Maya (AI)"); the narration names the AI itself."""
    from monuments_tui.rules import events as ev
    from monuments_tui.ui.wording import describe_events

    drew = ev.AiReported(seat=0, what="drew", card="movement", next_card="population")
    (line,) = describe_events((drew,), 0, None, ["Maya (AI)", "Inca"])
    assert line.startswith("Maya (AI) draws Movement") and "(ai)" not in line
