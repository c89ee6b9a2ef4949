"""The search bot: each decision by information-set tree search from its own seat's view.

`SearchBot(budget)` is a bot like the others (state, rnd) -> command. It searches
(`ai.search`) within its budget, or until no other command could overtake the one visited
most, plays that one (a lone option at once, unsearched), and keeps the part of
the tree under that command: when its next decision follows straight on (its own next
step of the turn, the position just what the command led to), the search goes on from
there instead of starting afresh. Its search draws from a generator seeded by the bot's
`rnd`, so with an iteration budget (no time bound) the same game plays the same moves.
The tree is kept across the other seats' turns too: at the next decision, the moves
played since (and the dice and cards they brought) are followed down the kept tree, and
where the tree holds the position reached the search goes on from that node.

Bot names: "search" thinks about `DEFAULT_SECONDS` a decision; "search:0.25s" a quarter
of a second; "search:200i" 200 iterations, whatever the time (for tests and tables that
must replay).
"""

from __future__ import annotations

import random
import re
from typing import NamedTuple

import msgspec

from monuments_tui.ai.heuristic import heuristic_bot, ranked_commands
from monuments_tui.ai.search import QUEST_CHOICES, TUNED, Budget, Node, Progress, Result, Search, Tuning, observation
from monuments_tui.rules import commands as cmd, pending as pd
from monuments_tui.rules.decide import decide
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.state import GameState
from monuments_tui.rules.views import visible_state

DEFAULT_SECONDS = 1.0
"""Think time per decision of the "search" bot, in seconds on one core."""
_NAME = re.compile(r"search(?::(?:(\d+(?:\.\d+)?)s|(\d+)i))?")
_encode = msgspec.msgpack.Encoder().encode


def parse_search_name(name: str) -> Budget | None:
    """The budget a search bot's name asks for ("search", "search:0.5s", "search:200i"), or None."""
    m = _NAME.fullmatch(name)
    if m is None:
        return None
    if m[2] is not None:
        if int(m[2]) < 1:
            return None
        return Budget(iterations=int(m[2]), seconds=None)
    seconds = float(m[1]) if m[1] is not None else DEFAULT_SECONDS
    return Budget(seconds=seconds) if 0 < seconds < 1000 else None


def _seen(state: GameState, seat: int) -> bytes:
    """What `seat` sees of `state`, the dice's generator left out, as bytes to compare."""
    return _encode(msgspec.structs.replace(visible_state(state, seat), rng=0))


class _Kept(NamedTuple):
    """The tree under the command last played, what the seat saw just after it, and the
    position it led to (to follow the moves played since down the tree)."""

    node: Node
    seen: bytes
    state: GameState


FOLLOW_NODES = 4000
"""The most tree nodes looked at to find where the moves played since the last decision
led (a bound: a tree of a few thousand iterations has fewer)."""


class SearchBot:
    """A bot that searches each decision within `budget` (see the module's note)."""

    def __init__(self, budget: Budget, tuning: Tuning = TUNED) -> None:
        self.budget = budget
        self.tuning = tuning
        self._kept: dict[int, _Kept] = {}
        self.last: Result | None = None
        """The last search's answer (for the coach and the benchmarks)."""
        self.reused = 0
        """Decisions whose search went on from a kept tree."""

    def __call__(self, state: GameState, rnd: random.Random) -> cmd.Command:
        return self.decide(state, rnd)

    def decide(self, state: GameState, rnd: random.Random, progress: Progress | None = None) -> cmd.Command:
        """The command to play now (the solo AI's seat answers `ai`; a lone legal command is played at once)."""
        assert state.pending is not None, "a bot is asked only while a decision is pending"
        seat = state.pending.seat
        if seat == state.config.ai_seat:
            return cmd.AiAct()
        if isinstance(state.pending, pd.ChooseStartResource):
            return heuristic_bot(state, rnd)  # the starting resources: the rulebook's own advice [l.162]
        root = self._root(state, seat)
        search_rnd = random.Random(rnd.getrandbits(64))
        options = ranked_commands(state, seat)
        if len(options) == 1:  # the search could weigh nothing else
            return self._play_lone(state, options[0], root, seat)
        result = Search(seat, search_rnd, self.tuning).run(state, self.budget, root, progress, settle=True)
        self.last = result
        for command, _, _ in result.ranked:
            try:
                after = fold(state, decide(state, command))
            except RuleViolation:
                continue
            self._keep(result.root, command, after, seat)
            return command
        return heuristic_bot(state, rnd)  # the search weighed nothing legal here: the heuristic's move

    def _play_lone(self, state: GameState, command: cmd.Command, root: Node | None, seat: int) -> cmd.Command:
        """`command`, the only one weighed here, played without a search, the kept tree
        followed down it."""
        self.last = None
        if root is not None:
            self._keep(root, command, fold(state, decide(state, command)), seat)
        return command

    def _root(self, state: GameState, seat: int) -> Node | None:
        """The kept tree's node for the position now: the one kept, when the seat decides
        straight on; else the node the moves played since (the other seats', chance's)
        lead to, when the tree has it (`_follow`)."""
        kept = self._kept.pop(seat, None)
        if kept is None:
            return None
        seen = _seen(state, seat)
        node = kept.node if kept.seen == seen else _follow(kept, seen, seat)
        if node is not None:
            self.reused += 1
        return node

    def _keep(self, root: Node, command: cmd.Command, after: GameState, seat: int) -> None:
        """Keep the tree under `command`, with the position it led to."""
        self._kept.pop(seat, None)
        if after.pending is None or after.phase == "over":
            return
        edge = next((e for e in root.edges.values() if e.command == command), None)
        node = edge.children.get(observation(after, seat)) if edge is not None else None
        if node is not None:
            self._kept[seat] = _Kept(node, _seen(after, seat), after)


def _hidden_choice(command: cmd.Command, state: GameState, seat: int) -> bool:
    """Another seat's choice among its hidden quests: the tree holds it as played with some
    world's cards, which the game's own cards would answer otherwise (never followed)."""
    return isinstance(command, QUEST_CHOICES) and state.pending is not None and state.pending.seat != seat


def _follow(kept: _Kept, seen: bytes, seat: int) -> Node | None:
    """The node of the kept tree where the game stands now (`seen`, the seat to decide):
    the tree's edges are played from the kept position, each child reached by what the
    seat saw of the result, until a position the seat cannot tell from now. Only moves
    that were played can lead there, so the node found is the one the game reached; the
    positions walked are the game's own, and only what the seat sees of them is compared."""
    stack = [(kept.node, kept.state)]
    looked = 0
    while stack and looked < FOLLOW_NODES:
        node, state = stack.pop()
        for edge in node.edges.values():
            if not edge.children or _hidden_choice(edge.command, state, seat):
                continue
            looked += 1
            try:
                after = fold(state, decide(state, edge.command))
            except RuleViolation:
                continue
            child = edge.children.get(observation(after, seat))
            if child is None:
                continue
            if after.pending is not None and after.pending.seat == seat:
                if _seen(after, seat) == seen:
                    return child
                continue  # the seat decided otherwise since: not the way the game went
            stack.append((child, after))
    return None
