"""`preview COMMAND`: what a command would do, worked out on the current state and then thrown
away: its events in plain words, the resources it spends and the VP change by score line, or
the refusal. Pure: the state is only read (`decide` and `fold` never mutate what they are given).

In a standard game a command whose outcome is random or hidden (dice, quest cards drawn, the
AI's deck) is previewed without that outcome: seeing the dice before choosing would undo what
the undo rules forbid [issue 5, item 7]. Teaching mode, where such steps may be undone, shows all.
"""

from __future__ import annotations

from collections import Counter

from monuments_tui.game.timeline import hidden_or_random
from monuments_tui.records.diff import EVERYTHING, score_changes
from monuments_tui.rules import NotationError, RuleViolation, decide, events as ev, fold, format_command, parse_command
from monuments_tui.rules.state import GameState
from monuments_tui.ui import wording
from monuments_tui.ui.refusal_words import refusal_lines


def preview_lines(state: GameState, text: str, *, viewer: int | None | str, teaching: bool) -> tuple[str, list[str]]:
    """(a heading, the lines) for playing `text` now, as `viewer` may see it (a seat, None for the
    public view, or EVERYTHING). A command that is refused gives the refusal and what would work."""
    try:
        command = parse_command(text)
    except NotationError as exc:
        return f"'{text.strip()}' cannot be played", [line for line in refusal_lines(exc) if line]
    try:
        events = tuple(decide(state, command))
    except RuleViolation as exc:
        return f"{format_command(command)} would be refused", [line for line in refusal_lines(exc) if line]
    assert state.pending is not None, "decide succeeded, so a decision was pending"
    seat = state.pending.seat
    names = [p.civ.capitalize() for p in state.players]
    heading = f"{format_command(command)}: what it would do (not played)"
    spent: Counter[str] = Counter()
    for e in events:
        if isinstance(e, ev.ResourcesSpent):
            spent[e.resource] += e.n
    spends = f"{names[seat]} spends {wording.amounts(spent) if spent else 'nothing'}"
    secret = None if teaching else hidden_or_random(e for e in events if not isinstance(e, ev.TurnBegan))
    if secret is not None:
        return heading, [
            f"{names[seat]} would play {format_command(command)}: {secret}, so what follows "
            "is known only once it is played",
            spends,
        ]
    # the log's viewer: None is everything there, and a seat no one holds (-1) the public view
    seen = None if viewer == EVERYTHING else (viewer if isinstance(viewer, int) else -1)
    lines = [f"{names[seat]} {wording.describe_command(command, events, seat, seen)}"]
    lines += [f"  {line}" for line in wording.describe_events(events, seat, seen, names) if line]
    lines.append(spends)
    lines += score_changes(state, fold(state, events), viewer) or ["No VP change."]
    return heading, lines
