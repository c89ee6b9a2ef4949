"""Reading a position: `parse_position` reads the text with `position_parse`, then completes
and checks what it read.

What a hand-written position leaves out is filled in here (see docs/positions.md for the
list): ids for pieces written without one, the supply (the component list less what is on
the board and set aside), the bank (`BANK_START` less what is out), and, from the deal that
`new_game(config)` makes, the cards and decks nobody holds. Then the whole is checked: no
hex above its resource limit, no more pieces than the component list, a bank that adds up.
"""

from __future__ import annotations

import msgspec

from monuments_tui.rules import pending as pd
from monuments_tui.rules.config import RuleOptions
from monuments_tui.rules.content import ACTION_IDS, RESOURCES
from monuments_tui.rules.errors import PositionError
from monuments_tui.rules.position_fields import make
from monuments_tui.rules.position_parse import Reader
from monuments_tui.rules.queries import HEX_LIMIT, room_on
from monuments_tui.rules.setup import QUEST_DECKS, new_game
from monuments_tui.rules.state import (
    ABILITY_BUILDINGS,
    BANK_START,
    PIECE_LIMITS,
    Bridge,
    Building,
    Ferry,
    GameState,
    Player,
    Unit,
)


def parse_position(text: str) -> GameState:
    """The GameState written in `text` (see docs/positions.md).

    Raises:
        PositionError: (a ValueError) naming the line number and what is wrong with it.
    """
    reader = Reader()
    reader.read(text)
    return complete(reader)

def complete(reader: Reader) -> GameState:
    """The GameState the reader's lines describe, with defaults filled in, checked whole.

    Raises:
        PositionError: naming the line of what does not add up.
    """
    given = reader.given
    config = reader.config
    if "options" in given:
        lineno, values = given["options"]
        config = msgspec.structs.replace(config, options=make(RuleOptions, values, lineno))
    deal = new_game(config)
    state = GameState(config=config, players=[])
    _pieces(reader, state)
    _flow(reader, state, deal)
    state.players = [_player(reader, state, deal, seat) for seat in range(len(config.civs))]
    _cards(reader, state, deal)
    if "bank" in given:
        state.bank = dict(given["bank"][1])
    else:
        state.bank = {k: n - _out(state, k) for k, n in BANK_START.items()}
    _check_counts(reader, state)
    return state


def _value(reader: Reader, key: str, default):
    return reader.given[key][1] if key in reader.given else default


def _pieces(reader: Reader, state: GameState) -> None:
    """Pieces into the state, numbering those written without an id after every id in the text."""
    numbers = [int("".join(ch for ch in pid if ch.isdigit())) for pid in reader.ids]
    counter = _value(reader, "next-id", max(numbers, default=0) + 1)
    prefixes = {Unit: "u", Building: "b", Bridge: "B", Ferry: "ferry"}
    for piece in reader.pieces:
        if not piece.id:
            while f"{prefixes[type(piece)]}{counter}" in reader.ids:
                counter += 1
            piece.id = f"{prefixes[type(piece)]}{counter}"
            counter += 1
    if "next-id" in reader.given and numbers and max(numbers) >= reader.given["next-id"][1]:
        raise PositionError(reader.given["next-id"][0], f"next-id must be above every id in the position ({max(numbers)})")
    state.next_id = counter
    key = _id_order
    state.units = {u.id: u for _, u in sorted(reader.units, key=lambda t: key(t[1].id))}
    state.buildings = {b.id: b for _, b in sorted(reader.buildings, key=lambda t: key(t[1].id))}
    state.bridges = {b.id: b for _, b in sorted(reader.bridges, key=lambda t: key(t[1].id))}
    state.ferries = {f.id: f for _, f, _ in sorted(reader.ferries, key=lambda t: key(t[1].id))}
    state.resources = {h: dict(on) for h, (_, on) in reader.resources.items()}
    for _, ferry, cargo in reader.ferries:
        if cargo is not None:
            state.resources[ferry.id] = dict(cargo)
    for lineno, unit in reader.units:
        if unit.ferry is not None:
            ferry = state.ferries.get(unit.ferry)
            if ferry is None:
                raise PositionError(lineno, f"{unit.id} is aboard {unit.ferry}, but no ferry has that id")
            if unit.kind not in ("worker", "army"):
                raise PositionError(lineno, f"{unit.id}: only workers and armies travel aboard ferries [Ferry, l.254]")
    for place, (lineno, on) in reader.resources.items():
        if room_on(state, place) < 0:
            raise PositionError(lineno, f"{place} holds {sum(on.values())} resources; a hex holds at most {HEX_LIMIT} "
                                        "[Production, l.232]")


def _id_order(piece_id: str) -> tuple[str, int]:
    head = piece_id.rstrip("0123456789")
    return head, int(piece_id[len(head):] or 0)


def _flow(reader: Reader, state: GameState, deal: GameState) -> None:
    """Whose turn, which decision, the battle, the AI deck and the generator."""
    if "pending" in reader.given:
        state.pending = reader.given["pending"][1]
    current = _value(reader, "current", state.pending.seat if state.pending else 0)
    if "pending" not in reader.given:
        state.pending = pd.ChooseAction(current)
    kind = None if state.pending is None else state.pending.__struct_config__.tag
    phase = "over" if state.pending is None else "setup" if kind in ("start_quest", "start_resource") else "play"
    state.phase = _value(reader, "phase", phase)
    state.current = current
    state.round = _value(reader, "round", 0 if state.phase == "setup" else 1)
    state.final_round = _value(reader, "final-round", False)
    state.card_in_play = _value(reader, "card-in-play", None)
    state.battle = _value(reader, "battle", None)
    state.battles = [r for _, r in reader.battle_records]
    state.ai = _value(reader, "ai", deal.ai)
    state.rng = _value(reader, "rng", deal.rng)


def _player(reader: Reader, state: GameState, deal: GameState, seat: int) -> Player:
    said = reader.players.get(seat, {})
    dealt = deal.players[seat]

    def get(key, default):
        return said[key][1] if key in said else default

    layers = get("layers", 0)
    discard = get("discard", [])
    in_play = [state.card_in_play] if state.card_in_play and state.current == seat else []
    started = state.round if seat <= state.current else state.round - 1
    p = Player(
        seat=seat,
        civ=state.config.civs[seat],
        hand=get("hand", [c for c in ACTION_IDS if c not in discard and c not in in_play]),
        discard=discard,
        green=get("green", []),
        layers=layers,
        set_aside=get("set-aside", dict(dealt.set_aside)),
        bonuses=get("bonuses", []),
        personal_deck=get("personal", dealt.personal_deck[layers:] + dealt.personal_deck[:layers]),
        ability=get("ability", dealt.ability),
        score_card=get("score", dealt.score_card),
        quests=get("quests", []),
        battles_at_draw=get("battles-at-draw", {}),
        completed=get("completed", []),
        turns=get("turns", max(started, 0) if state.phase != "setup" else 0),
    )
    stray = sorted(set(p.battles_at_draw) - set(p.quests))
    if stray:
        raise PositionError(said["battles-at-draw"][0], f"battles-at-draw names {', '.join(stray)}, not a quest in progress")
    on_board = _board_counts(state, seat)
    p.supply = get("supply", {k: n - on_board.get(k, 0) - p.set_aside.get(k, 0) for k, n in PIECE_LIMITS.items()})
    tokens = dict(dealt.tokens)
    for kind in ABILITY_BUILDINGS:
        if kind in tokens:
            tokens[kind] -= on_board.get(kind, 0)
    p.tokens = get("tokens", tokens)
    return p


def _board_counts(state: GameState, seat: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for piece in [*state.units.values(), *state.buildings.values()]:
        if piece.owner == seat:
            out[piece.kind] = out.get(piece.kind, 0) + 1
    return out


def _cards(reader: Reader, state: GameState, deal: GameState) -> None:
    """Decks and piles: as written, else as dealt less the cards the position places elsewhere."""
    given = reader.given
    held = set(_value(reader, "removed", []))
    for p in state.players:
        held |= {*p.quests, *p.completed, *p.bonuses}
    for key, (_, ids) in given.items():
        if key.startswith(("quest-discard", "start-quests")):
            held |= set(ids)
    if state.pending is not None:
        held |= set(getattr(state.pending, "options", ()))
    state.quest_decks = {
        d: given[f"quest-deck {d}"][1] if f"quest-deck {d}" in given else [q for q in deal.quest_decks[d] if q not in held]
        for d in QUEST_DECKS
    }
    state.quest_discards = {d: _value(reader, f"quest-discard {d}", []) for d in QUEST_DECKS}
    state.common_piles = {
        level: _value(reader, f"common {level}", [c for c in ids if c not in held]) for level, ids in deal.common_piles.items()
    }
    start = {int(k[len("start-quests "):]): ids for k, (_, ids) in given.items() if k.startswith("start-quests ") and k != "start-quests -"}
    if not any(k.startswith("start-quests") for k in given) and state.phase == "setup":
        start = {k: list(v) for k, v in deal.start_quests.items()}
    state.start_quests = {s: start[s] for s in range(state.seats) if s in start}
    placed = {q for d in state.quest_decks.values() for q in d}
    state.removed_cards = _value(reader, "removed", [c for c in deal.removed_cards if c not in held | placed])


def _out(state: GameState, item: str) -> int:
    """How many of a bank item are out of the bank: on the board, or waiting to be placed."""
    if item in RESOURCES:
        return sum(on.get(item, 0) for on in state.resources.values())
    if item == "weapon":
        return sum(u.weapon for u in state.units.values()) + _weapons_waiting(state.pending)
    return len(state.bridges) + len(state.ferries)


def _weapons_waiting(pending) -> int:
    """A trained worker's weapon waits for a new holder while its reassignment is pending [l.327-329]."""
    if isinstance(pending, pd.ChooseWeaponHolder) and pending.reason == "reassign":
        return 1
    if isinstance(pending, pd.PlaceStep):
        return sum(1 for p in pending.queue if p.what == "weapon" and p.source == "reassign")
    return 0


def _check_counts(reader: Reader, state: GameState) -> None:
    """Pieces against the component list [Components, l.93-99]; the bank against its 25s [l.78-83]."""
    for p in state.players:
        said = reader.players.get(p.seat, {})
        where = said.get("supply", said.get("set-aside", (reader.sections.get(p.seat, reader.game_line), None)))[0]
        on_board = _board_counts(state, p.seat)
        for kind, limit in PIECE_LIMITS.items():
            total = on_board.get(kind, 0) + p.supply.get(kind, 0) + p.set_aside.get(kind, 0)
            if total != limit or p.supply.get(kind, 0) < 0:
                raise PositionError(
                    where,
                    f"{p.civ.capitalize()} has {on_board.get(kind, 0)} {kind} on the board, {p.supply.get(kind, 0)} in "
                    f"supply and {p.set_aside.get(kind, 0)} set aside: that makes {total}, but a player has {limit} "
                    "[Components, l.93-99]",
                )
    where = reader.given["bank"][0] if "bank" in reader.given else reader.game_line
    for item, start in BANK_START.items():
        out = _out(state, item)
        if state.bank.get(item, 0) + out != start:
            raise PositionError(
                where,
                f"the bank holds {state.bank.get(item, 0)} {item} and {out} are out of it: that makes "
                f"{state.bank.get(item, 0) + out}, but there are {start} [Components, l.78-83]",
            )
