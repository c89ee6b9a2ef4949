"""The coach: up to three good moves for the seat to play now, each with one line of why.

Pure: `hints(state)` rates the legal commands as the heuristic bot does (`ai.heuristic`: a
card by the position its action ends in, any other step by the position it leads to, an
attack by its odds) and explains each from the bot's own evaluation, term by term
(`ai.evaluate.evaluation_terms`): the terms that gained most become the why line, said as
facts of the board ("+1 land hex toward layer 2 (4 of 5)", "completes q01-food (+2 VP)").
The dice are never peeked at, and the coach's own tie-breaks use a fixed generator, so the
same position always gets the same hints.
"""

from __future__ import annotations

import random
from collections import Counter

import msgspec

from monuments_tui.ai.board_terms import win_chance
from monuments_tui.ai.evaluate import TURN, evaluation_terms, resource_counts
from monuments_tui.ai.heuristic import (
    EXACT,
    MAX_ROLLOUT,
    NEXT_TURN,
    _after,
    _gains,
    _options,
    _rate,
    greedy_step,
    pile_taken_back,
)
from monuments_tui.rules import commands as cmd, pending as pd
from monuments_tui.rules.actions.attack import resolve_attackers
from monuments_tui.rules.battle import attack_power, defence_fighters, defender_of
from monuments_tui.rules.content import RESOURCES, load_content, monument_name
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.notation import format_command
from monuments_tui.rules.pieces import layer_cost
from monuments_tui.rules.power import military_power
from monuments_tui.rules.queries import controlled_land
from monuments_tui.rules.registry import candidate_commands
from monuments_tui.rules.state import GameState

MAX_HINTS = 3
STOPS = (pd.ChooseAction, pd.AfterAction, pd.ChooseQuestsToKeep, pd.AssignDamage, pd.ChooseMoveIn, pd.Retreat)
"""Where finishing an action greedily stops (as the bot's rollout does): a new decision."""


class Hint(msgspec.Struct, frozen=True):
    """A move to suggest: its command as typed, and one line of why."""

    command: str
    why: str


def hints(state: GameState, limit: int = MAX_HINTS) -> list[Hint]:
    """Up to `limit` good commands for the seat that must decide now, best first, each legal now.

    Empty when nobody is to decide (the game is over) or the solo AI's deck is to play.
    """
    pending = state.pending
    if pending is None or state.phase == "over" or isinstance(pending, pd.AiTurn):
        return []
    seat = pending.seat
    if seat == state.config.ai_seat:
        return []
    rnd = random.Random(0)
    rated = _card_choices(state, seat, rnd) if isinstance(pending, pd.ChooseAction) else _steps(state, seat)
    rated.sort(key=lambda r: (-r[0], format_command(r[1])))
    out: list[Hint] = []
    for _, command, why in rated:
        text = format_command(command)
        if all(h.command != text for h in out):
            out.append(Hint(text, why))
        if len(out) == limit:
            break
    return out


# -- rating, as the bot does ----------------------------------------------------------------
Rated = tuple[float, cmd.Command, str]


def _steps(state: GameState, seat: int) -> list[Rated]:
    """Every step the bot considers now, rated by the position it leads to (an attack by its odds)."""
    out: list[Rated] = []
    for c, after in _options(state, seat, EXACT):
        value = _rate(state, seat, c, after)
        why = _attack_why(state, seat, c) if isinstance(c, cmd.Attack) else because(state, after, seat)
        out.append((value, c, why))
    return out


def _card_choices(state: GameState, seat: int, rnd: random.Random) -> list[Rated]:
    """Turning in a quest, each card that can be played (by where its action ends), and taking back."""
    out: list[Rated] = []
    base = _total(state, seat)
    for c in legal_turn_ins(state):
        after = _after(state, c)
        out.append((1e6, c, because(state, after, seat)))  # the bot always turns in a done quest first
    player = state.players[seat]
    gains = _gains(state, seat, sorted(set(player.hand)), base, EXACT)
    for card, gain in gains.items():
        play = cmd.PlayCard(card)
        if _after(state, play) is None:
            continue  # opens, but nothing could be done with it
        if card == "quest":
            why = "draws quest cards and keeps at least one: a done quest scores 1-3 VP [Draw quest cards, l.367]"
        else:
            end, attack = finish_action(state, play, seat, rnd)
            why = because(state, end, seat, lead="then ")
            if attack is not None:
                why = f"{why}; {_attack_why(end, seat, attack)}" if why else _attack_why(end, seat, attack)
        out.append((gain, play, why))
    if player.discard and _after(state, cmd.TakeBack()) is not None:
        held = pile_taken_back(state, seat)
        later = _gains(held, seat, sorted(set(player.discard) - set(player.hand)), base, EXACT)
        best = max(later.items(), key=lambda kv: (kv[1], kv[0]), default=None)
        why = f"takes back your {len(player.discard)} played card(s)"
        if best is not None and best[1] > 0:
            why += f", so next turn you can play {best[0]} again"
        out.append((NEXT_TURN * max([*later.values(), 0.0]), cmd.TakeBack(), why))
    return out


def legal_turn_ins(state: GameState) -> list[cmd.TurnInQuest]:
    """The quests the seat to play can turn in now, as commands the rules accept."""
    return [c for c in candidate_commands(state) if isinstance(c, cmd.TurnInQuest) and _after(state, c) is not None]


def finish_action(
    state: GameState, first: cmd.Command, seat: int, rnd: random.Random
) -> tuple[GameState, cmd.Attack | None]:
    """Play `first`, then the bot's steps until the action asks a new decision (at most
    `MAX_ROLLOUT` steps, as its rollout); the attack it would launch is returned unplayed."""
    s = _after(state, first) or state
    for _ in range(MAX_ROLLOUT):
        p = s.pending
        if p is None or p.seat != seat or isinstance(p, STOPS) or s.phase == "over":
            break
        c = greedy_step(s, seat, rnd)
        if isinstance(c, cmd.Attack):
            return s, c
        nxt = _after(s, c)
        if nxt is None:
            break
        s = nxt
    return s, None


def _total(state: GameState, seat: int) -> float:
    return sum(evaluation_terms(state, seat).values())


# -- why, in words ------------------------------------------------------------------------------
def because(before: GameState, after: GameState | None, seat: int, lead: str = "") -> str:
    """What `after` gains over `before` for `seat`, the biggest gains by the bot's evaluation first."""
    if after is None:
        return ""
    old, new = evaluation_terms(before, seat), evaluation_terms(after, seat)
    phrases = [(new[t] - old[t], text) for t in old for text in _phrases(t, before, after, seat) if text]
    phrases.sort(key=lambda p: -p[0])
    shown = [text for gain, text in phrases if gain > 0.05][:3]
    if not shown:
        return "nothing open now gains more" + (
            ": ends this action" if after.pending is None or isinstance(after.pending, STOPS) else ""
        )
    return lead + "; ".join(shown)


def _phrases(term: str, before: GameState, after: GameState, seat: int) -> list[str]:
    """The facts behind one evaluation term, where it changed."""
    p0, p1 = before.players[seat], after.players[seat]
    if term == "layers" and p1.layers > p0.layers:
        return [f"builds layer {p1.layers} of the {monument_name(p1.civ)}"]
    if term == "land":
        land0, land1 = len(controlled_land(before, seat)), len(controlled_land(after, seat))
        if land1 > land0 and p1.layers < 5:
            need = layer_cost(p1.layers + 1, after.config.options.layer4_workers).hexes
            return [f"+{land1 - land0} land hex toward layer {p1.layers + 1} ({land1} of {need})"]
        return [f"+{land1 - land0} land hex"] if land1 > land0 else []
    if term == "resources":
        r0, r1 = resource_counts(before, seat), resource_counts(after, seat)
        gained = [f"+{r1[r] - r0[r]} {r}" for r in RESOURCES if r1[r] > r0[r]]
        return [", ".join(gained)] if gained else []
    if term == "next layer" and p1.layers < 5 and p1.layers == p0.layers:
        sooner = (evaluation_terms(after, seat)[term] - evaluation_terms(before, seat)[term]) / TURN
        if sooner < 0.1:
            return []
        crossing = [f"a bridge {b.a}-{b.b}" for k, b in after.bridges.items() if k not in before.bridges]
        crossing += [f"a ferry on {f.water}" for k, f in after.ferries.items() if k not in before.ferries]
        opened = f"builds {crossing[0]}: " if crossing else ""
        return [f"{opened}layer {p1.layers + 1} about {sooner:.1f} turn(s) nearer"]
    if term == "workers":
        return [_more(before, after, seat, "worker", "worker")]
    if term == "buildings":
        return [_new_buildings(before, after, seat)]
    if term == "upgrades":
        return [f"upgrades {c} to its green side (+1 VP)" for c in p1.green if c not in p0.green]
    if term == "bonuses":
        names = load_content().common_by_id
        return [f"takes {b}: {names[b].text}" if b in names else f"takes {b}" for b in _added(p0.bonuses, p1.bonuses)]
    if term == "quests done":
        quests = load_content().quest_by_id
        return [f"completes {q} (+{quests[q].vp} VP)" for q in p1.completed if q not in p0.completed]
    if term == "quests":
        return [f"keeps {q}" for q in p1.quests if q not in p0.quests]
    if term == "military":
        gain = military_power(after, seat) - military_power(before, seat)
        return [f"+{gain} military power"] if gain > 0 else []
    return []


def _added(old: list[str], new: list[str]) -> list[str]:
    return list((Counter(new) - Counter(old)).elements())


def _more(before: GameState, after: GameState, seat: int, kind: str, word: str) -> str:
    n0 = sum(1 for u in before.units.values() if u.owner == seat and u.kind == kind)
    n1 = sum(1 for u in after.units.values() if u.owner == seat and u.kind == kind)
    return f"+{n1 - n0} {word}" if n1 > n0 else ""


def _new_buildings(before: GameState, after: GameState, seat: int) -> str:
    old = {(b.kind, b.hex) for b in before.buildings.values() if b.owner == seat and not b.damaged}
    new = [(b.kind, b.hex) for b in after.buildings.values() if b.owner == seat and not b.damaged]
    added = [f"a {kind} on {where}" for kind, where in new if (kind, where) not in old]
    return ("builds " + ", ".join(added)) if added else ""


def _attack_why(state: GameState, seat: int, c: cmd.Attack) -> str:
    """An attack's odds from the two sides' power (the dice are not peeked at)."""
    defender, _ = defender_of(state, seat, c.target)
    try:
        units = resolve_attackers(state, seat, c.attackers)
    except RuleViolation:
        units = []
    power = sum(attack_power(state, seat, u, c.target)[0] for u in units)
    if defender is None:
        return f"attacks {c.target}"
    defence = sum(f.power for f in defence_fighters(state, defender, c.target))
    rival = state.players[defender].civ.capitalize()
    odds = win_chance(power, defence)
    return f"attacks {rival} on {c.target}: power {power} against {defence}, about {odds:.0%} to win"
