"""The coach's moves ranked by the search (`search_hints`): the commands the search bot
weighed most from the asking seat's own view, each with its line of why and its estimated
chance of winning. The line opens with what the search saw of the seat's next layer at the
end of the turn the move begins (`outlook`: "your first layer next turn: 3 of 3 land hexes,
wood and sheep in place"), then what the move itself gains.

The search (`ai.search`) sees only what the asking seat sees: the other seats' quests, the
decks' order and the dice to come are dealt again in every world it plays. The why lines
are the coach's own (`ai.coach`: what the move gains, said as facts of the board); the win
chance is the search's mean over the worlds and replies it tried after that move.
"""

from __future__ import annotations

import random

from monuments_tui.ai.coach import MAX_HINTS, Hint, because, hints
from monuments_tui.ai.search import MAX_DEPTH, Budget, Node, Progress, Search, observation
from monuments_tui.ai.worlds import sample_world
from monuments_tui.rules import commands as cmd, pending as pd
from monuments_tui.rules.decide import decide
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.layer_needs import ONE, layer_needs
from monuments_tui.rules.notation import format_command
from monuments_tui.rules.state import GameState

COACH_SECONDS = 1.0
"""The coach's think time for a hint at most, in seconds (the search bot's default)."""
COACH_ITERATIONS = 1000
"""The coach's iterations for a hint (about a second's search here, so that a hint replays
alike on any machine fast enough). With UCB1 on each node's scaled win chances, following
the coach in `monuments learn` builds the first layer in round 4 at 1,000 iterations and in
rounds 7-8 at 100 (docs/search-bot.md, "The coach's budget")."""
COACH_BUDGET = Budget(iterations=COACH_ITERATIONS, seconds=COACH_SECONDS)
"""The coach's budget: its iterations, or its think time on a slow machine."""
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
    budget = budget or COACH_BUDGET
    if budget.seconds is not None:
        budget = budget._replace(seconds=max(budget.seconds - WORDS_SECONDS, budget.seconds / 4))
    result = Search(seat, random.Random(SEED)).run(state, budget, progress=progress)
    whys = {h.command: h.why for h in hints(state, limit=99)}
    world = sample_world(state, seat, random.Random(SEED))
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
        seen = outlook(state, turn_end(world, result.root, command, seat), seat)
        out.append(
            Hint(text, f"{seen} · {why} · about {win:.0%} to win" if seen else f"{why} · about {win:.0%} to win")
        )
        if len(out) == limit:
            break
    return out or hints(state, limit)


def turn_end(world: GameState, root: Node, command: cmd.Command, seat: int) -> GameState:
    """Where the search expects `seat`'s turn to end after `command`: its most tried command
    at each of its own later decisions of the turn, played in `world` (a world the seat
    cannot tell from the game, so nothing hidden is read). Stops where the tree or the
    world does (a step no iteration tried, a command this world refuses)."""
    state = world
    node: Node | None = root
    for _ in range(MAX_DEPTH):
        edge = next((e for e in node.edges.values() if e.command == command), None) if node else None
        try:
            state = fold(state, decide(state, command))
        except RuleViolation:
            break
        pending = state.pending
        if pending is None or pending.seat != seat or state.phase == "over" or edge is None:
            break
        node = edge.children.get(observation(state, seat))
        if node is None or not node.edges:
            break
        command = max(node.edges.values(), key=lambda e: e.visits).command
    return state


ORDINAL = ("first", "second", "third", "fourth", "fifth")


def outlook(before: GameState, end: GameState, seat: int) -> str:
    """The seat's next layer as the search saw it at the end of the turn, in plain words:
    "your first layer next turn: 3 of 3 land hexes, wood and sheep in place", or what it
    still lacks [Build a layer of your monument, l.272-278]."""
    built = end.players[seat].layers
    if built > before.players[seat].layers:
        return f"builds your {ORDINAL[built - 1]} layer this turn"
    needs = layer_needs(end, seat)
    if needs is None:
        return ""
    land = next(n for n in needs.lines if n.what == "land hexes")
    placed = [n.what for n in needs.lines if n.what not in ("land hexes", "workers") and not n.short]
    held = f"{land.have} of {land.needed} land hexes"
    in_place = f", {_and(placed)} in place" if placed else ""
    name = f"your {ORDINAL[needs.layer - 1]} layer"
    if not needs.missing:
        return f"{name} next turn: {held}{in_place}"
    short = [f"{n.short} {ONE.get(n.what, n.what) if n.short == 1 else n.what}" for n in needs.missing]
    return f"{name}: {held}{in_place}; still {_and(short)} to go"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
