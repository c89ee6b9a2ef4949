"""What every reachable position satisfies, checked as a whole.

The rules never produce a position that breaks one of these; the seeded playthroughs,
the property tests and hand-written positions are checked against them. Each problem is
reported in words, so a failing check says what is wrong and where.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from monuments_tui.rules.board import load_board
from monuments_tui.rules.config import GameConfig
from monuments_tui.rules.content import ACTION_IDS, RESOURCES
from monuments_tui.rules.pending import ChooseQuestsToKeep, ChooseStartQuest, ChooseWeaponHolder
from monuments_tui.rules.queries import HEX_LIMIT, layout, room_on
from monuments_tui.rules.reach import terrain_ok
from monuments_tui.rules.setup import new_game
from monuments_tui.rules.state import BANK_START, PIECE_LIMITS, GameState

FERRY_PASSENGERS = 2
"""A ferry carries one or two workers or armies [Ferry, l.254]."""


def invariant_violations(state: GameState) -> list[str]:
    """Every way `state` breaks an invariant of the game, in words (empty: none)."""
    return [
        *_counts(state),
        *_resources(state),
        *_pieces(state),
        *_cards(state),
        *_ferries(state),
        *_places(state),
        *_decks(state),
    ]


def reachability_problems(state: GameState) -> list[str]:
    """What makes a position (read from text) one that no game reaches: pieces where their kind
    may not stand, two players' units on a hex, a card in two places, an AI deck of the wrong
    size. (A position may leave other cards out, `docs/positions.md`: those are not counted.)"""
    return [*_places(state), *_card_twice(state), *_ai_deck(state)]


def _card_twice(s: GameState) -> list[str]:
    twice = sorted(card for card, n in _cards_in(s).items() if n > 1)
    return [f"{card} is in two places at once: each card is in one deck, pile or hand" for card in twice[:1]]


def _ai_deck(s: GameState) -> list[str]:
    """The solo AI's cards: its draw pile, discard pile and cards set aside hold its whole deck [Solo, l.436-438]."""
    dealt = _deal(s.config).ai
    if s.ai is None or dealt is None:
        return []
    ai = Counter([*s.ai.draw, *s.ai.discard, *s.ai.set_aside])
    if s.ai.card and s.ai.card not in ai:
        ai[s.ai.card] += 1
    whole = Counter(dealt.draw)
    if ai == whole:
        return []
    return [
        f"the solo AI's cards are {sum(ai.values())} in draw, discard and set aside ({', '.join(sorted(ai.elements()))}); "
        f"its deck is {sum(whole.values())} cards ({', '.join(sorted(whole.elements()))}) [Solo, l.436]"
    ]


def _places(s: GameState) -> list[str]:
    """Every piece stands where the rules let its kind stand, one player's units to a hex
    [Movement, l.221-225; Ferry, l.254; Set-up, l.120-144]."""
    lay = layout(s)
    civs = s.config.civs
    board = load_board()
    monuments = {board.monument_hex(civ): seat for seat, civ in enumerate(civs)}
    problems = []
    units_of: dict[str, set[int]] = {}
    for u in s.units.values():
        where = f"{u.id} ({civs[u.owner]} {u.kind}) on {u.hex}"
        units_of.setdefault(u.hex, set()).add(u.owner)
        if u.hex not in lay.in_play:
            problems.append(
                f"{where}: the hex is not in play (out of the game's islands, or light blue) [l.120-144, l.225]"
            )
        elif monuments.get(u.hex, u.owner) != u.owner:
            problems.append(f"{where}: another player's monument hex [Movement, l.221]")
        elif u.ferry is None and not terrain_ok(s, u.kind, u.hex):
            land = u.kind in ("worker", "army")
            problems.append(
                f"{where}: a {u.kind} stands on {'land, or at sea aboard a ferry' if land else 'water'} [l.221-223, l.254]"
            )
    for f in s.ferries.values():  # a ferry is anyone's to use (B42): it belongs to no player here
        if f.water not in lay.water:
            problems.append(f"{f.id} on {f.water}: a ferry floats on water in play [Ferry, l.254]")
    for b in s.buildings.values():
        if b.hex not in lay.land:
            problems.append(f"{b.id} ({civs[b.owner]} {b.kind}) on {b.hex}: buildings stand on land in play [l.240]")
    taken = s.battle.target if s.battle is not None else None  # attackers move in before the defenders retreat
    for hex_id, owners in units_of.items():
        if len(owners) > 1 and hex_id != taken:
            names = " and ".join(civs[o] for o in sorted(owners))
            problems.append(f"{hex_id} holds units of {names}: a hex holds one player's units [Movement, l.223]")
    for place in s.resources:
        if place not in lay.land and place not in lay.monuments and place not in s.ferries:
            problems.append(
                f"resources on {place}: resources lie on land in play or aboard a ferry [Production, l.229]"
            )
    return problems


def _decks(s: GameState) -> list[str]:
    """Every card of the deal is in exactly one place: decks, piles, hands, the AI's deck [l.146-166]."""
    dealt, now = _cards_in(_deal(s.config)), _cards_in(s)
    if dealt == now:
        return []
    missing = sorted((dealt - now).elements())
    extra = sorted((now - dealt).elements())
    return [
        f"the cards do not add up to the deal: {len(missing)} missing ({', '.join(missing[:6])}), "
        f"{len(extra)} too many ({', '.join(extra[:6])})"
    ]


@cache
def _deal(config: GameConfig) -> GameState:
    return new_game(config)


def _cards_in(s: GameState) -> Counter[str]:
    """Every quest, bonus and AI card of the state, wherever it is."""
    out: Counter[str] = Counter()
    for pile in (*s.quest_decks.values(), *s.quest_discards.values(), *s.common_piles.values(), s.removed_cards):
        out.update(pile)
    for seat, dealt in s.start_quests.items():
        if not isinstance(s.pending, ChooseStartQuest) or s.pending.seat != seat:
            out.update(dealt)
    for p in s.players:
        out.update(p.quests)
        out.update(p.completed)
        out.update(p.bonuses)
        out.update(p.personal_deck)
    if isinstance(s.pending, ChooseStartQuest | ChooseQuestsToKeep):
        out.update(s.pending.options)
    if s.ai is not None:
        out.update(s.ai.draw)
        out.update(s.ai.discard)
        out.update(s.ai.set_aside)
        held = (*s.ai.draw, *s.ai.discard, *s.ai.set_aside)
        out.update([s.ai.card] if s.ai.card and s.ai.card not in held else [])  # shown until the next draw
    return out


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
