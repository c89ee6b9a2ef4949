"""What every reachable position satisfies, checked as a whole.

The rules never produce a position that breaks one of these; the seeded playthroughs,
the property tests and hand-written positions are checked against them. Each problem is
reported in words, so a failing check says what is wrong and where.
"""

from __future__ import annotations

from monuments_tui.rules.content import ACTION_IDS, RESOURCES
from monuments_tui.rules.pending import ChooseWeaponHolder
from monuments_tui.rules.queries import HEX_LIMIT, room_on
from monuments_tui.rules.state import BANK_START, PIECE_LIMITS, GameState

FERRY_PASSENGERS = 2
"""A ferry carries one or two workers or armies [Ferry, l.254]."""


def invariant_violations(state: GameState) -> list[str]:
    """Every way `state` breaks an invariant of the game, in words (empty: none)."""
    return [*_counts(state), *_resources(state), *_pieces(state), *_cards(state), *_ferries(state)]


def _counts(s: GameState) -> list[str]:
    problems = []
    for name, counts in [("the bank", s.bank)] + [
        (f"seat {p.seat}'s {part}", getattr(p, part)) for p in s.players for part in ("supply", "set_aside", "tokens")
    ]:
        problems += [f"{name} holds {n} {item}" for item, n in counts.items() if n < 0]
    return problems


def _resources(s: GameState) -> list[str]:
    problems = []
    for place, on in s.resources.items():
        if room_on(s, place) < 0:
            problems.append(f"{place} holds {sum(on.values())} resources, more than {HEX_LIMIT} [Production, l.232]")
        problems += [f"{place} holds {n} {r}" for r, n in on.items() if n <= 0]
    if not s.config.options.bank_limited:
        return problems
    for r in RESOURCES:
        out = sum(on.get(r, 0) for on in s.resources.values())
        if out + s.bank.get(r, 0) != BANK_START[r]:
            problems.append(f"{r}: {out} on the board and {s.bank.get(r, 0)} in the bank, not {BANK_START[r]}")
    weapons = sum(1 for u in s.units.values() if u.weapon)
    # A trained worker's weapon waits for a new holder while its owner chooses one [l.327-329].
    held = 1 if isinstance(s.pending, ChooseWeaponHolder) and s.pending.reason == "reassign" else 0
    if weapons + held + s.bank.get("weapon", 0) != BANK_START["weapon"]:
        problems.append(f"weapons: {weapons} on workers, {held} to hand on and {s.bank.get('weapon', 0)} in the bank")
    tokens = len(s.bridges) + len(s.ferries)
    if tokens + s.bank.get("token", 0) != BANK_START["token"]:
        problems.append(f"bridge and ferry tokens: {tokens} built and {s.bank.get('token', 0)} in the bank")
    return problems


def _pieces(s: GameState) -> list[str]:
    """Pieces on the board, in supply and set aside add up to the component list [l.93-99]."""
    problems = []
    for p in s.players:
        for piece, limit in PIECE_LIMITS.items():
            on_board = sum(1 for u in s.units.values() if u.owner == p.seat and u.kind == piece)
            on_board += sum(1 for b in s.buildings.values() if b.owner == p.seat and b.kind == piece)
            held = on_board + p.supply.get(piece, 0) + p.set_aside.get(piece, 0)
            if held != limit:
                problems.append(f"seat {p.seat} has {held} {piece} pieces in all, not {limit} [Components, l.93-99]")
    return problems


def _cards(s: GameState) -> list[str]:
    """Each player's action cards are in hand, in the discard pile or in play [l.152, l.206-207]."""
    problems = []
    for p in s.players:
        if s.ai is not None and p.seat == s.config.ai_seat:
            continue
        cards = p.hand + p.discard + ([s.card_in_play] if s.card_in_play and s.current == p.seat else [])
        if sorted(cards) != sorted(ACTION_IDS):
            problems.append(f"seat {p.seat}'s action cards are {sorted(cards)}, not one of each")
    return problems


def _ferries(s: GameState) -> list[str]:
    """Passengers stand in their ferry's water hex; a ferry with passengers is at sea [Ferry, l.254]."""
    problems = []
    aboard: dict[str, int] = {}
    for u in s.units.values():
        if u.ferry is None:
            continue
        ferry = s.ferries.get(u.ferry)
        if ferry is None:
            problems.append(f"{u.id} is aboard {u.ferry}, which is not on the board")
            continue
        aboard[u.ferry] = aboard.get(u.ferry, 0) + 1
        if u.hex != ferry.water:
            problems.append(f"{u.id} is aboard {u.ferry} on {ferry.water} but stands on {u.hex}")
        if ferry.land is not None:
            problems.append(f"{u.ferry} carries {u.id} while docked against {ferry.land}")
        if u.kind not in ("worker", "army"):
            problems.append(f"{u.id} ({u.kind}) is aboard {u.ferry}; ferries carry workers and armies")
    problems += [
        f"{f} carries {n} units, more than {FERRY_PASSENGERS}" for f, n in aboard.items() if n > FERRY_PASSENGERS
    ]
    return problems
