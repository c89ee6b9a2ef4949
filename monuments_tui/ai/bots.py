"""Bots that play any seat through the same public rules API as a person.

A bot is a function of (state, generator position) -> command, given the legal commands.
Bots draw their own choices from a private `random.Random`, never from the game's
generator, so a bot's choices never change the game's dice or shuffles.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from monuments_tui.ai.heuristic import exact_heuristic_bot, heuristic_bot
from monuments_tui.ai.search_bot import SearchBot, parse_search_name
from monuments_tui.rules.commands import Command
from monuments_tui.rules.legal import legal_commands
from monuments_tui.rules.state import GameState

Bot = Callable[[GameState, random.Random], Command]


def random_bot(state: GameState, rnd: random.Random) -> Command:
    """Uniformly one of the legal commands."""
    legal = legal_commands(state)
    if not legal:
        raise RuntimeError("no legal command: the rules left a player without a move")
    return rnd.choice(legal)


BOTS: dict[str, Bot] = {
    "random": random_bot,
    "heuristic": heuristic_bot,
    "heuristic-exact": exact_heuristic_bot,
    "heuristic-fast": heuristic_bot,
}
"""Bots by name. "heuristic-exact" rates every option in full (`heuristic.Pruning`) and plays
other moves. "heuristic-fast", the quick look's name in 0.4.0, is "heuristic" itself, so
that the commands of docs/balance.md that name it still play the same games."""


_SEARCH_BOTS: dict[str, SearchBot] = {}
"""The search bots asked for so far, by name: one per name, so that each keeps its tree
from one decision to the next (`search_bot`)."""


def get_bot(name: str) -> Bot:
    """The bot called `name`: one of `BOTS`, or a search bot ("search", "search:0.5s" for
    half a second a decision, "search:200i" for 200 iterations: `search_bot`).

    Raises:
        ValueError: naming the known bots.
    """
    if name in BOTS:
        return BOTS[name]
    budget = parse_search_name(name)
    if budget is None:
        known = ", ".join([*sorted(BOTS), "search", "search:0.5s", "search:200i"])
        raise ValueError(f"unknown bot {name!r}; choose from {known}")
    if name not in _SEARCH_BOTS:
        _SEARCH_BOTS[name] = SearchBot(budget)
    return _SEARCH_BOTS[name]
