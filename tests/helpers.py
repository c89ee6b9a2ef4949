"""Helpers for rules tests: start games, apply commands by notation, build positions."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from monuments_tui.rules import GameConfig, RuleViolation, decide, fold, new_game, parse_command
from monuments_tui.rules.content import load_content
from monuments_tui.rules.state import Building, GameState, Unit, copy_state

GREECE_START = {"wood": "E19", "metal": "E20", "sheep": "F18"}
EGYPT_START = {"sheep": "H18", "food": "I19", "wood": "I20"}


def start(civs=("greece", "egypt"), mode="scarcity", seed=1, **config) -> GameState:
    """A new game, before any set-up choice."""
    return new_game(GameConfig(civs=tuple(civs), mode=mode, seed=seed, **config))


def run(state: GameState, *texts: str) -> GameState:
    """Apply commands written in the notation; fails the test on a rule violation."""
    for text in texts:
        state = fold(state, decide(state, parse_command(text)))
    return state


def rejected(state: GameState, text: str) -> RuleViolation:
    """The RuleViolation that `text` raises (fails if it is accepted)."""
    with pytest.raises(RuleViolation) as info:
        decide(state, parse_command(text))
    return info.value


def finish_setup(state: GameState) -> GameState:
    """Each seat keeps its first starting quest and places two resources next to its monument."""
    from monuments_tui.rules import legal_commands

    while state.phase == "setup":
        legal = legal_commands(state)
        state = fold(state, decide(state, legal[0]))
    return state


def greece_egypt_ready(**kw) -> GameState:
    """Greece (seat 0) and Egypt (seat 1), set up, Greece to play its first turn."""
    s = start(**kw)
    s = run(s, f"startquest {s.pending.options[0]}", "start wood E19", "start sheep F18")
    s = run(s, f"startquest {s.pending.options[0]}", "start sheep H18", "start wood I20")
    return s


def later_turn(state: GameState) -> GameState:
    """The same position, but every player is past their first turn."""
    s = copy_state(state)
    for p in s.players:
        p.turns = max(p.turns, 2)
    return s


def put_units(state: GameState, seat: int, hex_id: str, n: int = 1, kind: str = "worker", **flags) -> GameState:
    """`n` more units of `seat` on `hex_id` (taken from the supply)."""
    s = copy_state(state)
    for _ in range(n):
        uid = f"u{s.next_id}"
        s.next_id += 1
        s.units[uid] = Unit(uid, seat, kind, hex_id, **flags)
        s.players[seat].supply[kind] = s.players[seat].supply.get(kind, 0) - 1
    return s


def clear_units(state: GameState, seat: int) -> GameState:
    """Return all of `seat`'s units to the supply."""
    s = copy_state(state)
    for uid, u in list(s.units.items()):
        if u.owner == seat:
            del s.units[uid]
            s.players[seat].supply[u.kind] = s.players[seat].supply.get(u.kind, 0) + 1
    return s


def put_resources(state: GameState, hex_id: str, **counts: int) -> GameState:
    """Resources from the bank onto `hex_id`."""
    s = copy_state(state)
    on = s.resources.setdefault(hex_id, {})
    for r, n in counts.items():
        on[r] = on.get(r, 0) + n
        s.bank[r] -= n
    return s


def put_building(state: GameState, seat: int, kind: str, hex_id: str, damaged: bool = False) -> GameState:
    s = copy_state(state)
    bid = f"b{s.next_id}"
    s.next_id += 1
    s.buildings[bid] = Building(bid, seat, kind, hex_id, damaged)
    s.players[seat].supply[kind] = s.players[seat].supply.get(kind, 0) - 1
    return s


def give_bonus(state: GameState, seat: int, effect: str, copies: int = 1) -> GameState:
    """Give `seat` common bonus cards with `effect` (taken from their piles)."""
    s = copy_state(state)
    cards = [c for c in load_content().common_bonus if c.effect == effect]
    for card in cards[:copies]:
        s.players[seat].bonuses.append(card.id)
        pile = s.common_piles.get(str(card.level), [])
        if card.id in pile:
            pile.remove(card.id)
    return s


def upgraded(state: GameState, seat: int, *cards: str) -> GameState:
    s = copy_state(state)
    s.players[seat].green.extend(cards)
    return s


def with_options(state: GameState, **options) -> GameState:
    s = copy_state(state)
    s.config = replace(s.config, options=replace(s.config.options, **options))
    return s


def hands_back(state: GameState) -> GameState:
    """Every player's discard pile back in hand (to play the same card again in a test)."""
    s = copy_state(state)
    for p in s.players:
        p.hand.extend(p.discard)
        p.discard = []
    return s
