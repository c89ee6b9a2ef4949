"""The AI's turn and the AI's other decisions, as rules answering the `ai` command.

[Solo gameplay, l.450-461; review B79, B85]

* `AiTurn` + `AiAct`: draw the top AI card (reshuffling an empty draw pile first),
  resolve it, discard it; on Hard and Insane a card that does nothing is followed by
  the next one, with a guard against endless loops (B85). Then the turn ends, unless
  the AI attacked: the battle goes on, and ends the turn when it is over.
* Any other decision that falls to the AI's seat (damage, moving in, retreating in a
  battle): `AiAct` takes the legal option best for the AI (l.424).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import get_args

from msgspec.structs import replace

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.card_types import AI_CARD_IDS
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.flow import end_turn
from monuments_tui.rules.registry import pending_as, rule
from monuments_tui.rules.solo.cards import build, movement, population, production, quest, upgrade
from monuments_tui.rules.solo.context import AiContext
from monuments_tui.rules.solo.deck import full_reshuffle
from monuments_tui.rules.solo.measures import position_score
from monuments_tui.rules.solo.monument import monument
from monuments_tui.rules.solo.special import special
from monuments_tui.rules.solo.tables import difficulty
from monuments_tui.rules.state import GameState

Resolver = Callable[[AiContext], str]
RESOLVERS: dict[str, Resolver] = {
    "production": production,
    "movement": movement,
    "population": population,
    "special": special,
    "upgrade": upgrade,
    "build": build,
    "quest": quest,
    "monument": monument,
}
"""Each AI card id to the function resolving it; what a resolver returns is told in `cards`."""


@rule((pd.AiTurn, cmd.AiAct))
def ai_turn(state: GameState, c: cmd.AiAct) -> list[ev.Event]:
    """Resolve the AI's turn: its card(s), then the end of the turn [l.452-460]."""
    seat = pending_as(state, pd.AiTurn).seat
    if state.ai is None:
        raise RuleViolation("this game has no AI deck", "Solo set-up, l.438")
    t = AiContext(state, seat)
    level = difficulty(t.ai.difficulty)
    idle = 0
    limit = len(AI_CARD_IDS)
    while True:
        if not t.ai.draw:
            new, rng, report = full_reshuffle(t.state, seat, t.ai, t.state.rng)
            t.set_ai(new, rng)
            t.report("pile_empty")
            t.add(report)
        card = t.ai.draw[0]
        t.set_ai(replace(t.ai, draw=t.ai.draw[1:], card=card, outcome=""))
        t.report("drew", card=card, next_card=t.ai.draw[0] if t.ai.draw else None)
        result = RESOLVERS[card](t)
        if result == "battle":
            return t.events
        if result == "done":
            t.discard_current("done")
            break
        if result == "reshuffled":
            t.set_ai(replace(t.ai, outcome="reshuffled"))
            break
        if result == "set_aside":
            t.set_ai(replace(t.ai, set_aside=[*t.ai.set_aside, card], outcome="set aside"))
        else:
            t.discard_current("nothing")
            if not level.draw_next:
                t.report("nothing_turn_ends", card=card)
                break
            t.report("nothing_draws_next", card=card, kind=level.name)
        idle += 1
        if idle >= limit:
            t.report("idle_cycle")
            break
    return t.events + end_turn(t.state)


def ai_choice(state: GameState, c: cmd.AiAct) -> list[ev.Event]:
    """A decision of the AI's seat outside its own card (e.g. battle damage or a retreat):
    the legal option best for the AI (l.424), ties broken by the game's generator (B79)."""
    p = state.pending
    assert p is not None, "decide runs a rule only while a decision is pending"
    seat = p.seat
    if seat != state.config.ai_seat:
        raise RuleViolation("'ai' answers only the AI's decisions", "Solo gameplay, l.452", "Type your own command.")
    t = AiContext(state, seat)
    options: list[tuple[cmd.Command, list[ev.Event]]] = []
    for cand in t.candidates(p):
        got = t.try_rule(p, cand)
        if got is not None:
            options.append((cand, got))
    if not options:
        raise RuleViolation("the AI has no legal option here", "Introduction, l.424")
    pick = t.best(options, lambda o: position_score(fold(state, o[1]), seat))
    t.report("chose", commands=(pick[0],))
    return t.events + list(pick[1])


for _pending in get_args(pd.PendingAny):
    if _pending is not pd.AiTurn:
        rule((_pending, cmd.AiAct))(ai_choice)
