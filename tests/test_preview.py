"""`preview COMMAND`: what a command would do, without playing it [issue 20, point 5].

The preview decides and folds on the current state and throws the result away: the state
(and so the save) is unchanged afterwards. A refused command shows the refusal. In a standard
game a command whose outcome is random or hidden is previewed without it [issue 5, item 7].
"""

from __future__ import annotations

import random

from monuments_tui.game.timeline import hidden_or_random
from monuments_tui.records.diff import EVERYTHING, score_changes
from monuments_tui.rules import RuleViolation, decide, events as ev, fold, format_command, legal_commands, parse_command
from monuments_tui.ui.preview import preview_lines
from monuments_tui.ui.refusal_words import sentence
from tests.session_helpers import enc, new_session


def _find(session, wanted, limit=600):
    """Play random commands until one legal now satisfies `wanted(state, command, events)`."""
    rnd = random.Random(2)
    for _ in range(limit):
        state = session.state
        for command in legal_commands(state):
            events = decide(state, command)
            if wanted(state, command, events):
                return format_command(command), events
        session.execute(rnd.choice(legal_commands(state)))
    raise AssertionError("no such command came up")


def _plain(events) -> bool:
    return hidden_or_random(e for e in events if not isinstance(e, ev.TurnBegan)) is None


def test_preview_shows_events_spending_and_vp_by_line_and_leaves_the_state_unchanged(tmp_path):
    s = new_session(tmp_path)

    def spends_and_scores(state, command, events):
        spent = any(isinstance(e, ev.ResourcesSpent) for e in events)
        return spent and _plain(events) and score_changes(state, fold(state, events))

    text, events = _find(s, spends_and_scores)
    before, state, saved = enc(s.state), s.state, s.path.read_bytes()
    heading, lines = preview_lines(s.state, text, viewer=EVERYTHING, teaching=False)
    assert s.state is state and enc(s.state) == before  # nothing was played, nothing mutated
    assert [line for line in lines if line.startswith(s.state.players[s.state.pending.seat].civ.capitalize())]
    assert heading == f"{text}: what it would do (not played)"
    paid = sum(e.n for e in events if isinstance(e, ev.ResourcesSpent))
    spends = next(line for line in lines if " spends " in line)
    assert str(paid) in spends and "nothing" not in spends
    vp = [line for line in lines if " VP: " in line]
    assert vp and any(line.startswith("  ") and "->" in line for line in lines[lines.index(vp[0]) + 1 :])
    assert s.path.read_bytes() == saved


def test_a_refused_or_unreadable_command_shows_the_refusal(tmp_path):
    s = new_session(tmp_path)
    before = enc(s.state)
    heading, lines = preview_lines(s.state, "fly to the moon", viewer=EVERYTHING, teaching=False)
    assert heading == "'fly to the moon' cannot be played" and lines[0]
    assert "play production" not in legal_texts(s)  # the set-up: only its own commands are legal
    heading, lines = preview_lines(s.state, "play production", viewer=EVERYTHING, teaching=False)
    refusal = refusal_of(s, "play production")
    assert heading == "play production would be refused" and lines == refusal and "[" not in lines[0]
    assert enc(s.state) == before


def test_a_random_outcome_is_not_shown_in_a_standard_game_but_is_in_teaching(tmp_path):
    s = new_session(tmp_path)
    text, events = _find(s, lambda state, command, events: any(isinstance(e, ev.QuestsDealt) for e in events))
    dealt = next(e for e in events if isinstance(e, ev.QuestsDealt))
    _, lines = preview_lines(s.state, text, viewer=dealt.seat, teaching=False)
    assert "it drew quest cards, so what follows is known only once it is played" in lines[0]
    assert not any(card in " ".join(lines) for card in dealt.cards)
    _, taught = preview_lines(s.state, text, viewer=EVERYTHING, teaching=True)
    assert all(card in " ".join(taught) for card in dealt.cards)


def legal_texts(session) -> list[str]:
    return [format_command(c) for c in legal_commands(session.state)]


def refusal_of(session, text: str) -> list[str]:
    """The refusal's lines as the preview shows them: what is wrong and what would work, then the rule."""
    try:
        decide(session.state, parse_command(text))
    except RuleViolation as exc:
        return [sentence(exc.problem) + (f". {exc.hint}" if exc.hint else ""), f"Rulebook: {exc.rule}"]
    raise AssertionError(f"{text} is legal")
