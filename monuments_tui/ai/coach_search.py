"""The coach's moves ranked by the search (`search_hints`): the commands the search bot
weighed most from the asking seat's own view, each with its line of why and its estimated
chance of winning.

The search (`ai.search`) sees only what the asking seat sees: the other seats' quests, the
decks' order and the dice to come are dealt again in every world it plays. The why lines
are the coach's own (`ai.coach`: what the move gains, said as facts of the board); the win
chance is the search's mean over the worlds and replies it tried after that move.
"""

from __future__ import annotations

import random

from monuments_tui.ai.coach import MAX_HINTS, Hint, because, hints
from monuments_tui.ai.search import Budget, Progress, Search
from monuments_tui.rules import pending as pd
from monuments_tui.rules.decide import decide
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.notation import format_command
from monuments_tui.rules.state import GameState

COACH_SECONDS = 1.0
"""The coach's think time for a hint, in seconds (the search bot's default)."""
WORDS_SECONDS = 0.15
"""Of a time budget, what is kept for the why lines (the coach's own rating of every option),
so that the answer comes within the think time."""
SEED = 44
"""The coach's search draws its worlds from a generator of its own, seeded alike each time."""


def search_hints(
    state: GameState, budget: Budget | None = None, progress: Progress | None = None, limit: int = MAX_HINTS
) -> list[Hint]:
    """Up to `limit` commands for the seat to decide now, the search's most tried first, each
    legal now, with why and its win chance. Empty when nobody is to decide or the solo AI's
    deck is to play; where the search has nothing to weigh (the starting resources), the
    coach's own ranking (`coach.hints`)."""
    pending = state.pending
    if pending is None or state.phase == "over" or pending.seat == state.config.ai_seat:
        return []
    if isinstance(pending, pd.ChooseStartResource):
        return hints(state, limit)
    seat = pending.seat
    budget = budget or Budget(seconds=COACH_SECONDS)
    if budget.seconds is not None:
        budget = budget._replace(seconds=max(budget.seconds - WORDS_SECONDS, budget.seconds / 4))
    result = Search(seat, random.Random(SEED)).run(state, budget, progress=progress)
    whys = {h.command: h.why for h in hints(state, limit=99)}
    out: list[Hint] = []
    for command, visits, win in result.ranked:
        if not visits:
            break
        try:
            after = fold(state, decide(state, command))
        except RuleViolation:
            continue
        text = format_command(command)
        why = whys.get(text) or because(state, after, seat) or "keeps the most options open"
        out.append(Hint(text, f"{why} · about {win:.0%} to win"))
        if len(out) == limit:
            break
    return out or hints(state, limit)
