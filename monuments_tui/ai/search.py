"""Information-set Monte Carlo tree search from one seat's view (`search`).

Single-observer ISMCTS (Cowling, Powley and Whitehouse, IEEE TCIAIG 4(2), 2012): each
iteration samples one world the searching seat cannot tell from the real game
(`worlds.sample_world`: hidden quests dealt again, the AI's deck shuffled under its top
card, fresh dice), then walks one shared tree in it. The tree's edges are commands and
its nodes what the searching seat would see after them (`observation`), so a battle's
dice or a quest draw branch like chance. Each decision the rules pend is a node of its
own: a turn's card, then each step, then its payment, as the engine asks them.

At a node the deciding seat picks by UCB1 (on the node's visits) among the edges it
weighs; the edges are the heuristic bot's options, best first, and a node weighs more of
them as its visits grow (progressive widening). Only the edge picked is played in the
world; one the world refuses (another seat's hidden quest, a battle gone otherwise)
gives way to the next best, and where none is legal the world's own options are added.
A new node is rated without playing on (`leaf_values`: each seat's evaluation, turned
into win chances), or after `Tuning.playout` greedy steps. Every seat picks for itself
(max^n), with win chances that sum to 1 over the seats.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from itertools import islice
from typing import NamedTuple

from monuments_tui.ai.evaluate import evaluate
from monuments_tui.ai.heuristic import heuristic_bot, ranked_commands
from monuments_tui.ai.worlds import sample_world
from monuments_tui.rules import commands as cmd, pending as pd
from monuments_tui.rules.decide import decide
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.registry import candidate_commands
from monuments_tui.rules.scoring import score_seat, winners
from monuments_tui.rules.state import GameState

SCALE = 512.0
"""Evaluation points per unit of the win-chance softmax, fitted to the outcomes of
self-play games (scripts/fit_leaf_weights.py, docs/search-bot.md): a layer ahead (400
points) is a win chance of 0.69 in two-player, a turn toward the next one (10 points) 0.505."""
LAST_ROUND_SCALE = 3.0
"""In the game's last round, victory points per unit of the softmax over the seats' scores:
the turns left in the round rarely move a score by more."""


class Tuning(NamedTuple):
    """The search's knobs (docs/search-bot.md says how they were chosen)."""

    explore: float = 0.5
    """UCB1's exploration constant, on a node's win chances scaled to their spread there
    (the lowest 0, the highest 1): moves a turn apart differ by about 0.005 in win chance,
    far less than any constant on the raw chances could tell from noise."""
    widen: float = 1.5
    """Progressive widening: a node visited n times weighs its best ceil(widen * sqrt(n + 1)) options."""
    scale: float = SCALE
    """The leaves' softmax scale (`leaf_values`)."""
    playout: int = 0
    """Greedy heuristic steps played from a new node before it is rated."""


TUNED = Tuning()
"""The search bot's and the coach's tuning."""
MAX_DEPTH = 60
"""Decisions an iteration may walk down the tree (a bound: the tree rarely grows so deep)."""


class Budget(NamedTuple):
    """How long a search runs: until `iterations` are done, or `seconds` have passed
    (whichever comes first; None: no bound of that kind)."""

    iterations: int | None = None
    seconds: float | None = 1.0


class Edge:
    """A command from a node: its visits, the deciding seat's summed win chance, and the
    nodes it led to by what was seen."""

    __slots__ = ("children", "command", "total", "visits")

    def __init__(self, command: cmd.Command) -> None:
        self.command = command
        self.visits = 0
        self.total = 0.0
        self.children: dict[Hashable, Node] = {}

    @property
    def win(self) -> float:
        """The mean win chance of the seat deciding here, after this command (0.0 unvisited)."""
        return self.total / self.visits if self.visits else 0.0


class Node:
    """A decision as the searching seat would see it: the commands weighed, in the order
    the heuristic ranks them (keyed as the searching seat would see them, `edge_key`)."""

    __slots__ = ("edges", "visits")

    def __init__(self) -> None:
        self.edges: dict[Hashable, Edge] = {}
        self.visits = 0


def observation(state: GameState, seat: int) -> Hashable:
    """What `seat` sees of where a command led that a command alone does not say: who
    decides what next, the quest cards it is offered, a battle's result, the AI's card."""
    pending = state.pending
    seen: list[Hashable] = [state.phase, type(pending).__name__, None if pending is None else pending.seat]
    if isinstance(pending, (pd.ChooseStartQuest, pd.ChooseQuestsToKeep)) and pending.seat == seat:
        seen.append(pending.options)
    if state.battle is not None:
        b = state.battle
        seen.append((b.attack_pips, b.defence_pips, b.attacker_won))
    if state.ai is not None:
        seen.append((state.ai.card, state.ai.outcome, tuple(state.ai.draw[:1]), state.next_id))
    return tuple(seen)


QUEST_CHOICES = (cmd.KeepStartQuest, cmd.KeepQuests, cmd.TurnInQuest)


def edge_key(command: cmd.Command, decider: int, seat: int) -> Hashable:
    """How `seat` tells `command` of seat `decider` apart: another seat's choice among its
    hidden quests is one edge, whichever card it names in this world."""
    if decider != seat and isinstance(command, QUEST_CHOICES):
        return type(command).__name__
    return command


def leaf_values(state: GameState, scale: float = SCALE) -> list[float]:
    """Each seat's chance of winning from `state`: shares of the win once the game is over,
    in the last round a softmax of their scores (`LAST_ROUND_SCALE`), else of their
    evaluations (`scale` points apart is e to 1)."""
    seats = range(state.seats)
    if state.phase == "over":
        won = winners(state)
        return [1.0 / len(won) if s in won else 0.0 for s in seats]
    if state.final_round:
        # the last round: the most victory points win, whoever built the fifth layer [l.188, l.391]
        rated = [float(score_seat(state, s).total) for s in seats]
        scale = LAST_ROUND_SCALE
    else:
        rated = [evaluate(state, s) if s != state.config.ai_seat else _ai_rating(state, s) for s in seats]
    top = max(rated)
    weights = [math.exp((r - top) / scale) for r in rated]
    total = sum(weights)
    return [w / total for w in weights]


def _ai_rating(state: GameState, seat: int) -> float:
    """The solo AI's standing for the softmax: it plays no plan a person's evaluation knows,
    so its layers and land are what it is rated by."""
    return evaluate(state, seat) if state.players[seat].hand else 400.0 * state.players[seat].layers


class Result(NamedTuple):
    """A search's answer: the root's commands by visits (most first), each with its visits
    and the searching seat's mean win chance, and the iterations run."""

    ranked: list[tuple[cmd.Command, int, float]]
    iterations: int
    root: Node


Progress = Callable[[float], bool]
"""Told the share of the budget spent (0..1); returns False to stop the search early."""


class Search:
    """One seat's search; `run` may be called again on a later root (`tree kept`)."""

    def __init__(self, seat: int, rnd: random.Random, tuning: Tuning = TUNED) -> None:
        self.seat = seat
        self.rnd = rnd
        self.tuning = tuning

    def run(
        self,
        state: GameState,
        budget: Budget,
        root: Node | None = None,
        progress: Progress | None = None,
        settle: bool = False,
    ) -> Result:
        """Search from `state` (the real game: only what `self.seat` sees of it is used,
        through `sample_world`) within `budget`, growing `root` if given. With `settle`, stop
        once no other command could overtake the most visited in what the budget has left
        (the bot plays that one either way; a ranking of the rest, as the coach's, needs
        the whole budget)."""
        root = root if root is not None else Node()
        start = time.perf_counter()
        done = 0
        while budget.iterations is None or done < budget.iterations:
            spent = time.perf_counter() - start
            if budget.seconds is not None and spent >= budget.seconds:
                break
            if done % 16 == 0:
                if progress is not None and not progress(_share(budget, done, spent)):
                    break
                if settle and done and _settled(root, _left(budget, done, spent)):
                    break
            self._iterate(sample_world(state, self.seat, self.rnd), root)
            done += 1
        return Result(_ranked(root, state), done, root)

    def _iterate(self, world: GameState, root: Node) -> None:
        path: list[tuple[Node, Edge, int]] = []
        node, state = root, world
        values: list[float] | None = None
        for _ in range(MAX_DEPTH):
            if state.phase == "over" or state.pending is None:
                break
            decider = state.pending.seat
            picked = self._select(node, state, decider)
            if picked is None:
                break
            edge, after = picked
            path.append((node, edge, decider))
            seen = observation(after, self.seat)
            child = edge.children.get(seen)
            state = after
            if child is None:
                edge.children[seen] = Node()
                values = self._rate_leaf(state)
                break
            node = child
        if values is None:
            values = self._rate_leaf(state)
        for n, e, decider in path:
            n.visits += 1
            e.visits += 1
            e.total += values[decider]

    def _select(self, node: Node, state: GameState, decider: int) -> tuple[Edge, GameState] | None:
        """The edge UCB1 picks among the node's widest-weighed ones, and the state it leads
        to; one refused in this world gives way to the next best (only the one picked is
        played, so an iteration costs one `decide` per decision)."""
        if not node.edges:
            for c in ranked_commands(state, decider):
                node.edges.setdefault(edge_key(c, decider, self.seat), Edge(c))
        width = math.ceil(self.tuning.widen * math.sqrt(node.visits + 1))
        log_n = math.log(node.visits + 1)
        weighed = list(islice(node.edges.values(), width))
        wins = [e.win for e in weighed if e.visits]
        low = min(wins, default=0.0)
        spread = max(wins, default=0.0) - low or 1.0
        order: list[tuple[float, int, Edge]] = []
        for i, edge in enumerate(weighed):
            if edge.visits == 0:
                bound = math.inf
            else:
                bound = (edge.win - low) / spread + self.tuning.explore * math.sqrt(log_n / edge.visits)
            order.append((bound, -i, edge))  # untried first, in the heuristic's order
        order.sort(key=lambda t: (-t[0], -t[1]))
        for _, _, edge in order:
            after = self._play(state, edge.command, decider)
            if after is not None:
                return edge, after
        return self._widen_for(node, state, decider)

    def _widen_for(self, node: Node, state: GameState, decider: int) -> tuple[Edge, GameState] | None:
        """No known edge is legal in this world (another seat's hidden quest, a different
        battle): add this world's options and take its first."""
        for c in ranked_commands(state, decider):
            key = edge_key(c, decider, self.seat)
            after = self._play(state, c, decider)
            if after is not None:
                return node.edges.setdefault(key, Edge(c)), after
        return None

    def _play(self, state: GameState, command: cmd.Command, decider: int) -> GameState | None:
        """`command` played in this world, or None if refused. Another seat's hidden-quest
        choice is played with this world's own cards: its heuristic pick."""
        if decider != self.seat and isinstance(command, cmd.TurnInQuest):
            return self._turn_in(state)
        if decider != self.seat and isinstance(command, QUEST_CHOICES):
            pick = heuristic_bot(state, random.Random(0))
            if type(pick) is not type(command):
                return None
            command = pick
        try:
            return fold(state, decide(state, command))
        except RuleViolation:
            return None

    @staticmethod
    def _turn_in(state: GameState) -> GameState | None:
        """Another seat turns in a quest done in this world (the first the rules list, with
        its bonus resource), or None: no quest of its is done here. The heuristic bot turns
        a done quest in at once; asking it which would rate every card of the hand first,
        at each visit."""
        for c in candidate_commands(state):
            if isinstance(c, cmd.TurnInQuest):
                try:
                    return fold(state, decide(state, c))
                except RuleViolation:
                    continue
        return None

    def _rate_leaf(self, state: GameState) -> list[float]:
        for _ in range(self.tuning.playout):
            if state.phase == "over" or state.pending is None:
                break
            try:
                state = fold(state, decide(state, heuristic_bot(state, self.rnd)))
            except RuleViolation:
                break
        return leaf_values(state, self.tuning.scale)


def _share(budget: Budget, done: int, spent: float) -> float:
    shares = []
    if budget.iterations:
        shares.append(done / budget.iterations)
    if budget.seconds:
        shares.append(spent / budget.seconds)
    return min(1.0, max(shares, default=0.0))


def _left(budget: Budget, done: int, spent: float) -> float:
    """The iterations the budget has left: counted, or at the pace so far."""
    left = math.inf
    if budget.iterations is not None:
        left = budget.iterations - done
    if budget.seconds is not None and spent > 0:
        left = min(left, done / spent * (budget.seconds - spent))
    return left


def _settled(root: Node, left: float) -> bool:
    """The root's most visited command stays so whatever the `left` iterations do."""
    visits = sorted((e.visits for e in root.edges.values()), reverse=True)
    return len(visits) < 2 or visits[0] - visits[1] > left


def _ranked(root: Node, state: GameState) -> list[tuple[cmd.Command, int, float]]:
    """The root's commands legal in `state`, most visited first (ties: the heuristic's order)."""
    out = []
    for i, edge in enumerate(root.edges.values()):
        out.append((edge.visits, -i, edge))
    out.sort(key=lambda t: (-t[0], -t[1]))
    return [(e.command, e.visits, e.win) for _, _, e in out]
