"""Positions for the military tests: an empty board in play, with pieces put where a test wants them.

Helpers here mutate the state they are given (each test owns its state) and return ids.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from monuments_tui.rules import GameConfig, RuleOptions, RuleViolation, decide, fold, new_game, parse_command
from monuments_tui.rules import rng as random
from monuments_tui.rules.content import load_content
from monuments_tui.rules.pending import ChooseAction
from monuments_tui.rules.state import Building, Ferry, GameState, Unit, copy_state

GREECE, EGYPT = 0, 1


def board(civs=("greece", "egypt"), mode="scarcity", seed=1, allowance=(GREECE, EGYPT), **options) -> GameState:
    """Play has begun, round 3, no pieces on the board; Greece (seat 0) to play a card.

    Every seat has all its military units in supply (nothing set aside), and the seats in
    `allowance` hold a military allowance common bonus card.
    """
    s = copy_state(new_game(GameConfig(civs=tuple(civs), mode=mode, seed=seed, options=RuleOptions(**options))))
    s.phase = "play"
    s.round = 3
    s.current = 0
    s.pending = ChooseAction(0)
    for uid, u in list(s.units.items()):
        del s.units[uid]
        s.players[u.owner].supply["worker"] += 1
    cards = [c.id for c in load_content().common_bonus if c.effect == "military_allowance"]
    for p in s.players:
        p.turns = 2
        for kind in ("navy", "army", "air"):
            p.supply[kind] = 3
            p.set_aside.pop(kind, None)
    for seat in allowance:
        card = cards.pop(0)
        s.players[seat].bonuses.append(card)
        for pile in s.common_piles.values():
            if card in pile:
                pile.remove(card)
    return s


def unit(s: GameState, seat: int, kind: str, hex_id: str, ferry: str | None = None, **flags) -> str:
    """Put a unit from `seat`'s supply on `hex_id` (aboard `ferry` when given); returns its id."""
    uid = f"u{s.next_id}"
    s.next_id += 1
    s.units[uid] = Unit(uid, seat, kind, hex_id, ferry=ferry, **flags)
    s.players[seat].supply[kind] -= 1
    if flags.get("weapon"):
        s.bank["weapon"] -= 1
    return uid


def building(s: GameState, seat: int, kind: str, hex_id: str, damaged: bool = False) -> str:
    bid = f"b{s.next_id}"
    s.next_id += 1
    s.buildings[bid] = Building(bid, seat, kind, hex_id, damaged)
    s.players[seat].supply[kind] = s.players[seat].supply.get(kind, 0) - 1
    return bid


def ferry(s: GameState, water: str, land: str | None = None) -> str:
    fid = f"ferry{s.next_id}"
    s.next_id += 1
    s.ferries[fid] = Ferry(fid, water, land, 0)
    s.bank["token"] -= 1
    return fid


def resources(s: GameState, hex_id: str, **counts: int) -> None:
    on = s.resources.setdefault(hex_id, {})
    for r, n in counts.items():
        on[r] = on.get(r, 0) + n
        s.bank[r] -= n


def options(s: GameState, **opts) -> None:
    s.config = replace(s.config, options=replace(s.config.options, **opts))


def run(s: GameState, *texts: str) -> GameState:
    """Apply commands written in the notation (fails the test on a rule violation)."""
    for text in texts:
        s = fold(s, decide(s, parse_command(text)))
    return s


def rejected(s: GameState, text: str) -> str:
    """The message of the RuleViolation that `text` raises (fails the test if it is accepted)."""
    with pytest.raises(RuleViolation) as info:
        decide(s, parse_command(text))
    return str(info.value)


def rig(s: GameState, attack: tuple[int, ...], defence: tuple[int, ...]) -> None:
    """Set the generator to a position whose next special dice show `attack`, then `defence`.

    Nothing is patched: the position is found by trying the generator's own positions.
    """
    for i in range(2_000_000):
        position = random.seed_state(i)
        a, nxt = random.roll_special(position, len(attack))
        if tuple(a) != tuple(attack):
            continue
        d, _ = random.roll_special(nxt, len(defence))
        if tuple(d) == tuple(defence):
            s.rng = position
            return
    raise AssertionError(f"no generator position rolls {attack} then {defence}")


def at(s: GameState, hex_id: str, seat: int | None = None) -> list[str]:
    """Codes of the units on a hex, sorted (for short assertions)."""
    from monuments_tui.rules.queries import piece_code

    return sorted(piece_code(u) for u in s.units.values() if u.hex == hex_id and (seat is None or u.owner == seat))


def acting(s: GameState, card: str, green: bool = False, seat: int = GREECE) -> GameState:
    """`seat` has just played `card` (on its green side if `green`): its step is pending."""
    from monuments_tui.rules import pending as pd

    steps = {"train": pd.TrainStep, "attack": pd.AttackStep, "movement": pd.MovementStep}
    s.players[seat].hand.remove(card)
    if green:
        s.players[seat].green.append(card)
    s.card_in_play = card
    s.current = seat
    s.pending = steps[card](seat, green=green)
    return s
