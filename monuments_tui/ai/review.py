"""One decision judged after the game (`judge`): the search's estimated chance of winning
after the move played and after the move it prefers, from the deciding seat's own view.

The search (`ai.search`) plays every iteration in a world sampled from what the seat saw
at that moment (`worlds.sample_world`), so the judgement cannot have peeked at another
seat's quests, the decks' order or the dice to come. First a search from the position
finds the move it prefers. If that is the move played, the drop is nothing. Otherwise
each of the two moves is searched on its own with the same budget and the same worlds (a
root that weighs that move alone, the replies below it searched as usual), so both
estimates come from the same effort and the same luck, and the drop is their difference.

`mark` turns a drop into the marks of an annotated game: "?!" an inaccuracy, "?" a
mistake, "??" a blunder (thresholds below; docs/search-bot.md says why these).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from monuments_tui.ai.coach import because, hints
from monuments_tui.ai.search import Budget, Edge, Node, Search, edge_key
from monuments_tui.ai.worlds import sample_world
from monuments_tui.rules import commands as cmd, pending as pd
from monuments_tui.rules.decide import decide
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.legal import legal_commands
from monuments_tui.rules.notation import format_command
from monuments_tui.rules.state import GameState

INACCURACY = 0.025
"""A drop in win chance (0..1) from this on is an inaccuracy ("?!")."""
MISTAKE = 0.05
"""From this on, a mistake ("?")."""
BLUNDER = 0.10
"""From this on, a blunder ("??")."""
MARKS = (("??", "blunder", BLUNDER), ("?", "mistake", MISTAKE), ("?!", "inaccuracy", INACCURACY))
"""Each mark, its name and the drop it starts at, the worst first."""
MARK_NAMES = {symbol: name for symbol, name, _ in MARKS}

REVIEW_ITERATIONS = 100
"""The review's default search budget per decision, in iterations (each search of the up to
three a decision takes): about a third of a second a decision on one core."""
SEED = 44
"""The review's searches draw their worlds from a generator seeded alike for every decision."""


class Judgement(NamedTuple):
    """How one decision fared: the win chances after the move played and after the search's
    preferred move (the same when it was the move played), and the preferred move's why."""

    played: float
    best: float
    preferred: str
    """The preferred move, as typed."""
    why: str

    @property
    def drop(self) -> float:
        return max(0.0, self.best - self.played)


def mark(drop: float) -> str:
    """The mark for a fall of `drop` in win chance: "??", "?", "?!", or "" (no mark)."""
    return next((symbol for symbol, _, start in MARKS if drop >= start - 1e-9), "")


def reviewable(state: GameState) -> bool:
    """Whether the decision pending in `state` is one the review judges: a person's choice
    among more than one legal command (not the solo AI's deck, nor the starting resources,
    which every seat places by the rulebook's advice [l.162] and the search does not weigh)."""
    pending = state.pending
    if pending is None or state.phase == "over" or pending.seat == state.config.ai_seat:
        return False
    if isinstance(pending, (pd.ChooseStartResource, pd.AiTurn)):
        return False
    return len(legal_commands(state)) > 1


def judge(state: GameState, played: cmd.Command, budget: Budget, seed: int = SEED) -> Judgement:
    """Judge `played`, the command the seat pending in `state` chose there (see the module's note)."""
    assert state.pending is not None, "a decision is judged where one was pending"
    seat = state.pending.seat
    result = Search(seat, random.Random(seed)).run(state, budget)
    preferred = next((c for c, visits, _ in result.ranked if visits and _legal(state, c)), played)
    if preferred == played:
        win = next((w for c, _, w in result.ranked if c == played), 0.0)
        return Judgement(win, win, format_command(played), "")
    played_win = _alone(state, seat, played, budget, seed)
    best_win = _alone(state, seat, preferred, budget, seed)
    return Judgement(played_win, best_win, format_command(preferred), why(state, seat, preferred, seed))


def _legal(state: GameState, command: cmd.Command) -> bool:
    try:
        decide(state, command)
    except RuleViolation:
        return False
    return True


def _alone(state: GameState, seat: int, command: cmd.Command, budget: Budget, seed: int) -> float:
    """The seat's mean win chance after `command`, from a search whose root weighs it alone."""
    root = Node()
    edge = root.edges[edge_key(command, seat, seat)] = Edge(command)
    Search(seat, random.Random(seed)).run(state, budget, root)
    return edge.win


def why(state: GameState, seat: int, command: cmd.Command, seed: int = SEED) -> str:
    """The coach's line of why for `command`, worked out in a world the seat cannot tell from
    the real game, so that it says nothing the seat did not know."""
    world = sample_world(state, seat, random.Random(seed))
    text = format_command(command)
    said = next((h.why for h in hints(world, limit=99) if h.command == text), "")
    if said:
        return said
    try:
        return because(world, fold(world, decide(world, command)), seat)
    except RuleViolation:
        return ""
