"""The heuristic bot: plays toward monument layers, land, production, quests, and fights when it pays.

It plays only legal commands (those `legal_commands` lists) through the public rules API,
like a person at the keyboard. Each decision looks one step ahead: every legal command is
applied (`decide` + `fold`) and the resulting position rated by `evaluate`
(`monuments_tui.ai.evaluate`), a fast sum of what the game rewards: built layers,
progress toward the next layer (land hexes, resources of the types it needs, workers to
sacrifice), land, resources, workers, towns that can grow, upgraded cards, quests,
military power, bonus cards.

Choosing which card to play looks a little further: each playable card is played and
its action's first step rated, and the card whose first step rates best is played. The
bot rates only the most promising moves, crossings and places of a step, picked by a
quick look (`quick_looks`). `EXACT` rates every option and plays each card's action out
step by step instead: the coach looks so, and so did the heuristic bot of 0.4.0 (the
"heuristic-exact" bot), about twice as slow. Random outcomes are not peeked at: an
attack is rated by its expected result from the two sides' power (never by the dice
`decide` would roll), and Draw quest cards by what quests are worth on average.

Bots draw their own tie-breaks from a private `random.Random`, never from the game's
generator.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple, cast

import msgspec

from monuments_tui.ai.board_terms import win_chance
from monuments_tui.ai.evaluate import evaluate, resource_counts, wanted_resources
from monuments_tui.ai.quick_looks import quick_crossings, quick_moves, quick_places
from monuments_tui.rules import commands as cmd, pending as pd
from monuments_tui.rules.actions.attack import resolve_attackers
from monuments_tui.rules.actions.turn import FIRST_TURN_CARDS, card_opening
from monuments_tui.rules.battle import attack_power, defence_fighters, defender_of
from monuments_tui.rules.board import load_board
from monuments_tui.rules.card_types import ActionId, Resource, is_resource
from monuments_tui.rules.decide import decide
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.legal import legal_commands
from monuments_tui.rules.piece_index import units_by_hex
from monuments_tui.rules.pieces import layer_cost
from monuments_tui.rules.queries import controlled_land, monument_hex
from monuments_tui.rules.registry import candidate_commands, pending_as
from monuments_tui.rules.state import GameState, share_board_facts

MAX_ROLLOUT = 8
"""Steps of an action the card-choice rollout plays greedily."""


class Pruning(NamedTuple):
    """How much of each decision the bot rates in full (the rest dropped by a quick look).

    `FAST` is the heuristic bot (docs/balance.md is measured with it): it rates fewer
    options, and each card by the first step of its action only. `EXACT` rates every
    option and plays each card's action out: the coach's look, and the "heuristic-exact"
    bot (the heuristic bot of 0.4.0, with which the first tables were measured)."""

    moves: int
    """(unit, from, to) trips rated per movement step (`quick_moves`)."""
    crossings: int | None
    """Bridges and ferries rated per build step (`quick_crossings`); None: all."""
    places: int | None = None
    """Hexes rated per kind of building or unit in a build or train step (`quick_places`); None: all."""
    rollout: int = MAX_ROLLOUT
    """Steps of a card's action played greedily to rate the card (`_rollout`)."""


EXACT = Pruning(moves=12, crossings=None)
FAST = Pruning(moves=6, crossings=3, places=1, rollout=1)


def _after(state: GameState, command: cmd.Command) -> GameState | None:
    """The state `command` leads to, or None if the rules refuse it."""
    try:
        return fold(state, decide(state, command))
    except RuleViolation:
        return None


def _attack_value(state: GameState, seat: int, c: cmd.Attack) -> float:
    """The expected gain of an attack from both sides' power, without peeking at the dice."""
    defender, _ = defender_of(state, seat, c.target)
    if defender is None:
        return -1e9
    try:
        units = resolve_attackers(state, seat, c.attackers)
    except RuleViolation:
        return -1e9
    power = sum(attack_power(state, seat, u, c.target)[0] for u in units)
    defence = sum(f.power for f in defence_fighters(state, defender, c.target))
    p_win = win_chance(power, defence)
    held = 4.0 if c.target in controlled_land(state, defender) else 1.5
    loss = 1.8 * sum(u.kind != "worker" for u in units) * (1 - p_win) + 0.5 * defence * 0.3
    # Moving in empties a hex whose only holders were the attackers: no land is gained then.
    attacking = {u.id for u in units}
    left_empty = sum(
        1
        for h in {u.hex for u in units}
        if h in controlled_land(state, seat)
        and not any(
            v.owner == seat and v.hex == h and v.id not in attacking and v.kind in ("worker", "army", "air")
            for v in state.units.values()
        )
    )
    gain = 6.0 + held + 1.5 * defence - (6.0 + held) * min(1, left_empty) * (1.0 if len(units) == 1 else 0.5)
    return evaluate(state, seat) + p_win * gain - loss


def _prune(state: GameState, seat: int, candidates: list[cmd.Command]) -> list[tuple[cmd.Command, GameState | None]]:
    """Drop candidates that only repeat another's effect: a carried load unless the mover is the
    last worker leaving resources behind, and a trade on more than one hex per (give, get).
    Each kept trade comes with the state it leads to (found while pruning); the others with None."""
    out: list[tuple[cmd.Command, GameState | None]] = []
    trades: set[tuple[str, str]] = set()
    wanted = wanted_resources(state, seat) if any(isinstance(c, cmd.Trade) for c in candidates) else Counter()
    totals = resource_counts(state, seat) if wanted else Counter()
    for c in candidates:
        if isinstance(c, cmd.Move) and c.carry:
            here = sum(
                1
                for u in units_by_hex(state).get(c.src, ())
                if u.owner == seat and u.kind == "worker" and u.ferry is None
            )
            if here > 1:
                continue
        elif isinstance(c, cmd.Trade):
            # Trade only a surplus for a resource still wanted (no trading back and forth).
            give, get = cast(Resource, c.give), cast(Resource, c.get)  # checked by decide before it is a candidate
            if totals[give] <= wanted[give] or totals[get] >= wanted[get]:
                continue
            if (c.give, c.get) in trades:
                continue
            after = _after(state, c)
            if after is None:
                continue
            trades.add((c.give, c.get))
            out.append((c, after))
            continue
        out.append((c, None))
    return out


def _options(state: GameState, seat: int, prune: Pruning) -> list[tuple[cmd.Command, GameState | None]]:
    """The legal commands now (pruned), each with the state it leads to (None for attacks,
    which are rated without their dice)."""
    out = []
    candidates = candidate_commands(state)
    if isinstance(state.pending, pd.MovementStep):
        candidates = quick_moves(state, seat, candidates, prune.moves)
    elif isinstance(state.pending, pd.BuildStep) and prune.crossings is not None:
        candidates = quick_crossings(state, seat, candidates, prune.crossings)
    if isinstance(state.pending, (pd.BuildStep, pd.TrainStep)) and prune.places is not None:
        candidates = quick_places(state, seat, candidates, prune.places)
    for c, after in _prune(state, seat, candidates):
        if after is None:
            after = _after(state, c)
        if after is None:
            continue
        out.append((c, None if isinstance(c, cmd.Attack) else after))
    return out


def _rate(state: GameState, seat: int, c: cmd.Command, after: GameState | None) -> float:
    """How good command `c` is: the position it leads to, or an attack's expected gain."""
    if isinstance(c, cmd.Attack):
        return _attack_value(state, seat, c)
    assert after is not None, "only attacks are rated without the state they lead to (`_options`)"
    return evaluate(after, seat)


class Rated(NamedTuple):
    """The options of a position, each with its rating (`_rate`), in the order of `_options`,
    and the state the best of them leads to (the first of equal ratings; None for an attack)."""

    ratings: list[tuple[cmd.Command, float]]
    best: GameState | None


_RATED: dict[tuple[object, ...], list[tuple[GameState, Rated]]] = {}
"""`_rated` by position: the card-choice rollout rates the very positions the action then
goes through, so the steps actually played find their ratings here. Kept under a quick
signature of the position (`_signature`); positions of one signature are told apart by
comparing them, which costs little: a position reached again shares most of its parts
with the one rated before, and two that differ differ early."""
RATED_KEPT = 64
"""Signatures kept in `_RATED`: more than the rollouts of one card choice go through."""


def _signature(state: GameState, seat: int, prune: Pruning) -> tuple[object, ...]:
    """Part of what a position's ratings depend on, quick to read: equal for equal positions."""
    return (seat, prune, state.round, state.current, state.next_id, state.card_in_play, type(state.pending))


def _rated(state: GameState, seat: int, prune: Pruning) -> Rated:
    """The options now, rated (`Rated`)."""
    signature = _signature(state, seat, prune)
    seen = _RATED.get(signature)
    if seen:
        for known, rated in seen:
            if known == state:
                return rated
    ratings: list[tuple[cmd.Command, float]] = []
    best, top = None, None
    for c, after in _options(state, seat, prune):
        value = _rate(state, seat, c, after)
        ratings.append((c, value))
        if top is None or value > top:
            best, top = after, value
    rated = Rated(ratings, best)
    if seen is None:
        if len(_RATED) >= RATED_KEPT:
            _RATED.clear()
        seen = _RATED[signature] = []
    seen.append((state, rated))
    return rated


def greedy_step(state: GameState, seat: int, rnd: random.Random, prune: Pruning = EXACT) -> cmd.Command:
    """The legal command whose one-step result rates best (ties broken by `rnd`)."""
    rated = _rated(state, seat, prune).ratings
    if not rated:
        return rnd.choice(legal_commands(state))
    if len(rated) == 1:
        return rated[0][0]
    best: list[cmd.Command] = []
    top = None
    for c, s in rated:
        if top is None or s > top + 1e-9:
            top, best = s, [c]
        elif abs(s - top) <= 1e-9:
            best.append(c)
    return rnd.choice(best)


def _rollout(state: GameState, seat: int, prune: Pruning) -> float:
    """Finish the action under way greedily (at most `prune.rollout` steps) and rate where it ends."""
    s, rating = state, None
    for _ in range(prune.rollout):
        p = s.pending
        if p is None or p.seat != seat or isinstance(p, (pd.ChooseAction, pd.AfterAction)) or s.phase == "over":
            break
        if isinstance(p, (pd.ChooseQuestsToKeep, pd.AssignDamage, pd.ChooseMoveIn, pd.Retreat)):
            break
        rated = _rated(s, seat, prune)
        if not rated.ratings:
            break
        rating = max(value for _, value in rated.ratings)
        if rated.best is None:  # an attack: its expected value ends the rollout
            return rating
        s = rated.best
    return evaluate(s, seat) if rating is None else rating


QUEST_CARD_VALUE = 2.5
"""Playing Draw quest cards: what a kept quest is worth on average, before seeing it."""
NEXT_TURN = 0.8
"""Weight of next turn's best play when choosing between playing a card and taking back."""


def _opened(state: GameState, seat: int, card: ActionId) -> GameState | None:
    """The state after playing `card` from hand, its action opened (None if it cannot open).

    Uses the card's own opening rule; the play itself is checked with `decide` before the
    bot commits to it (see `choose_action`)."""
    if state.players[seat].turns == 1 and card not in FIRST_TURN_CARDS:
        return None
    try:
        return fold(state, card_opening(state, seat, card))
    except RuleViolation:
        return None


def _gains(state: GameState, seat: int, cards: list[ActionId], base: float, prune: Pruning) -> dict[ActionId, float]:
    """How much playing each of `cards` now would improve the position (those that open)."""
    out: dict[ActionId, float] = {}
    opened: list[tuple[ActionId, GameState]] = []
    for card in cards:
        if card == "quest":
            if _after(state, cmd.PlayCard(card)) is not None:
                out[card] = QUEST_CARD_VALUE if len(state.players[seat].quests) < 2 else 0.2
            continue
        after = _opened(state, seat, card)
        if after is not None:
            opened.append((card, after))
    for card, after in opened:
        out[card] = _rollout(after, seat, prune) - base
    return out


def choose_action(state: GameState, seat: int, rnd: random.Random, prune: Pruning = EXACT) -> cmd.Command:
    """Turn in a quest if one is done; else play a card or take the discard pile back.

    Each card is rated by the position its action ends in (`_rollout`). Playing card X is
    worth its gain plus (discounted) the best gain left in hand for the next turn; taking
    back is worth the best gain of all ten cards next turn.
    """
    candidates = candidate_commands(state)
    for c in candidates:
        if isinstance(c, cmd.TurnInQuest) and _after(state, c) is not None:
            return c
    base = evaluate(state, seat)
    player = state.players[seat]
    can_take_back = bool(player.discard) and _after(state, cmd.TakeBack()) is not None
    hand = _gains(state, seat, sorted(set(player.hand)), base, prune)
    ranked = sorted(hand.items(), key=lambda kv: (-kv[1], kv[0]))
    while ranked and _after(state, cmd.PlayCard(ranked[0][0])) is None:
        ranked.pop(0)  # opens, but the rules find nothing it could do (B59)
    if not ranked:
        return cmd.TakeBack() if can_take_back else greedy_step(state, seat, rnd, prune)
    best_card, best_gain = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0.0
    play_value = best_gain + NEXT_TURN * max(second, 0.0)
    if can_take_back and best_gain < 6.0 and _worth_taking_back(state, seat, hand, base, play_value, prune):
        return cmd.TakeBack()
    return cmd.PlayCard(best_card)


def _worth_taking_back(
    state: GameState, seat: int, hand: dict[ActionId, float], base: float, play_value: float, prune: Pruning
) -> bool:
    """Taking back is worth the best gain of all ten cards next turn (discounted): more than
    playing now (`play_value`)? The discard pile's cards are rated one by one, on the hand
    as it would be, until one is worth more (the rest cannot change the answer)."""
    if NEXT_TURN * max([*hand.values(), 0.0]) > play_value:
        return True
    held = pile_taken_back(state, seat)
    player = state.players[seat]
    for card in sorted(set(player.discard) - set(player.hand)):
        gain = _gains(held, seat, [card], base, prune).get(card)
        if gain is not None and NEXT_TURN * gain > play_value:
            return True
    return False


def pile_taken_back(state: GameState, seat: int) -> GameState:
    """`state` with `seat`'s discard pile back in its hand, to rate the pile's cards for next
    turn. It shares every other part with `state`, and what is known of the pieces too (no
    such fact reads a card); `state` is left as it was."""
    players = list(state.players)
    player = players[seat]
    players[seat] = msgspec.structs.replace(player, hand=player.hand + player.discard, discard=[])
    held = msgspec.structs.replace(state, players=players)
    share_board_facts(state, held, ())
    return held


def start_resource(state: GameState, seat: int, rnd: random.Random) -> cmd.Command:
    """A starting resource next to the monument, of a type the first layer needs and not yet placed [l.162]."""
    board = load_board()
    home = monument_hex(state, seat)
    need = layer_cost(1, state.config.options.layer4_workers).cost
    placed = Counter(
        r for h, on in state.resources.items() for r, n in on.items() for _ in range(n) if board.distance(h, home) <= 1
    )

    def score(c: cmd.PlaceStartResource) -> tuple[int, bool, bool, int, float]:
        d = board.distance(c.hex, home)
        river = board.is_river(c.hex, home) if d == 1 else True
        wanted = need.get(c.resource, 0) - placed[c.resource] if is_resource(c.resource) else 0
        return (-d, not river, wanted > 0, wanted, rnd.random())

    return max((c for c in legal_commands(state) if isinstance(c, cmd.PlaceStartResource)), key=score)


def heuristic_bot(state: GameState, rnd: random.Random, prune: Pruning = FAST) -> cmd.Command:
    """The heuristic bot's command for the decision now pending."""
    seat = pending_as(state, pd.Pending).seat
    if isinstance(state.pending, pd.ChooseAction):
        return choose_action(state, seat, rnd, prune)
    if isinstance(state.pending, pd.ChooseStartResource):
        return start_resource(state, seat, rnd)
    if seat == state.config.ai_seat:
        return cmd.AiAct()
    return greedy_step(state, seat, rnd, prune)


def exact_heuristic_bot(state: GameState, rnd: random.Random) -> cmd.Command:
    """The heuristic bot rating every option in full (`EXACT`): about twice as slow, and it plays other moves."""
    return heuristic_bot(state, rnd, EXACT)


def ranked_commands(state: GameState, seat: int) -> list[cmd.Command]:
    """The legal commands the heuristic bot weighs now, the one it would play first and the
    rest best first: the order in which a search widens its look (`ai.search`). Options the
    quick look drops are left out unless nothing else is legal."""
    if seat == state.config.ai_seat:
        return [cmd.AiAct()]
    rnd = random.Random(0)  # only a tie-break: the ranking is a function of the position
    first = heuristic_bot(state, rnd)
    if isinstance(state.pending, pd.ChooseAction):
        base = evaluate(state, seat)
        gains = _gains(state, seat, sorted(set(state.players[seat].hand)), base, FAST)
        others = [c for c in candidate_commands(state) if c != first and _after(state, c) is not None]
        others.sort(key=lambda c: -gains.get(cast(ActionId, c.card), -1e9) if isinstance(c, cmd.PlayCard) else 0.0)
        return [first, *others]
    if isinstance(state.pending, pd.ChooseStartResource):
        return [first, *(c for c in legal_commands(state) if c != first)]
    ratings = sorted(_rated(state, seat, FAST).ratings, key=lambda cv: -cv[1])
    rest = [c for c, _ in ratings if c != first]
    return [first, *rest]
