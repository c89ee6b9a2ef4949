"""A validated load refuses a card played for no effect (B59) at its own line, however the
journal goes on: the check a card play leaves to the next record is made in full when
that record is refused, is an undo, or never comes [In a turn, l.206 (B59)]. The decided
events must be the recorded ones."""

from __future__ import annotations

import pytest

from monuments_tui.game.load_check import _same_events
from monuments_tui.game.session import GameSession
from monuments_tui.game.timeline import rebuild
from monuments_tui.rules import (
    GameConfig,
    RuleViolation,
    commands as c,
    decide,
    events as ev,
    format_position,
    legal_commands,
)
from monuments_tui.rules.actions.turn import card_opening
from monuments_tui.saves.format import CmdRecord, SaveError, UndoRecord

from .test_economy import ready


@pytest.fixture
def unplayable(tmp_path):
    """A game from a position where Greece's Production would have no effect (its workers stand
    only on the monument hex), and a record of it played anyway with the events it would give."""
    state = ready()
    config = GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=1)
    session = GameSession.new(config, seats=("random", "random"), position=format_position(state), saves_dir=tmp_path)
    played = CmdRecord(1, 0, c.PlayCard("production"), tuple(card_opening(state, 0, "production")))
    return session.header, played, state


def refusal(header, records) -> SaveError:
    with pytest.raises(SaveError) as info:
        rebuild(header, records)
    return info.value


def test_decide_leaves_out_the_card_check_only_when_told(unplayable):
    """A load decides a card play with `check_card_effect=False` and checks its effect itself;
    `decide` with its defaults refuses the same card, before and after."""
    _, played, state = unplayable
    with pytest.raises(RuleViolation, match="would have no effect"):
        decide(state, played.command)
    assert decide(state, played.command, check_card_effect=False) == list(played.events)
    with pytest.raises(RuleViolation, match="would have no effect"):
        decide(state, played.command)


def test_a_card_with_no_effect_is_refused_at_its_line_when_the_journal_ends_there(unplayable):
    header, played, _ = unplayable
    error = refusal(header, [played])
    assert error.line == 2 and "would have no effect" in str(error)


def test_a_card_with_no_effect_is_refused_before_the_command_recorded_after_it(unplayable):
    header, played, _ = unplayable
    error = refusal(header, [played, CmdRecord(2, 0, c.Produce("E19"), ())])
    assert error.line == 2 and "would have no effect" in str(error)


def test_a_card_with_no_effect_is_refused_though_undone_and_followed_by_a_legal_command(unplayable):
    header, played, state = unplayable
    other = next(x for x in legal_commands(state) if x != c.PlayCard("production"))
    then = CmdRecord(3, 0, other, tuple(decide(state, other)))
    error = refusal(header, [played, UndoRecord(2, step=1), then])
    assert error.line == 2 and "would have no effect" in str(error)


def test_decided_events_are_the_recorded_ones_as_values_or_as_bytes():
    """The check compares values first, and bytes where they differ: a tuple given for a list
    encodes the same and is accepted; another value is refused."""
    recorded = (ev.ResourcesCarried("E19", "E20", ("wood", "food")),)
    assert _same_events(recorded, [ev.ResourcesCarried("E19", "E20", ("wood", "food"))])
    assert _same_events(recorded, [ev.ResourcesCarried("E19", "E20", ["wood", "food"])])  # type: ignore[arg-type]
    assert not _same_events(recorded, [ev.ResourcesCarried("E19", "E20", ("wood", "metal"))])
    assert not _same_events(recorded, [ev.ResourcesCarried("E19", "E21", ("wood", "food"))])
    assert not _same_events(recorded, [])
