"""Reading a position: `parse_position` reads the text with `read`, then completes
and checks what it read.

What a hand-written position leaves out is filled in here (see docs/positions.md for the
list): ids for pieces written without one, the supply (the component list less what is on
the board and set aside), the bank (`BANK_START` less what is out), and, from the deal that
`new_game(config)` makes, the cards and decks nobody holds. Then the whole is checked: no
hex above its resource limit, no more pieces than the component list, a bank that adds up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeGuard, TypeVar

import msgspec

from monuments_tui.rules import pending as pd
from monuments_tui.rules.card_types import AI_CARD_IDS, ActionId, AiCardId, Resource, is_action_id, is_resource
from monuments_tui.rules.config import RuleOptions
from monuments_tui.rules.content import ACTION_IDS, RESOURCES
from monuments_tui.rules.errors import PositionError
from monuments_tui.rules.invariants import reachability_problems
from monuments_tui.rules.position.fields import CARD_KEYS, make
from monuments_tui.rules.position.read import Reader
from monuments_tui.rules.queries import HEX_LIMIT, room_on
from monuments_tui.rules.setup import QUEST_DECKS, new_game
from monuments_tui.rules.state import (
    ABILITY_BUILDINGS,
    BANK_START,
    PIECE_LIMITS,
    AiState,
    Battle,
    Bridge,
    Building,
    Ferry,
    GameState,
    Phase,
    Player,
    Unit,
)

T = TypeVar("T")
Given = dict[str, tuple[int, object]]
"""What the reader stored for each key: the line and the value it read there."""


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
    if config is None:  # `Reader.read` refuses a text without one
        raise PositionError(0, "the position names no game: add 'game greece,egypt abundance seed=1'")
    if "options" in given:
        values = _read(given, "options", {}, _is_fields)
        config = msgspec.structs.replace(config, options=make(RuleOptions, values, given["options"][0]))
    deal = new_game(config)
    state = GameState(config=config, players=[])
    _pieces(reader, state)
    _flow(reader, state, deal)
    state.players = [_player(reader, state, deal, seat) for seat in range(len(config.civs))]
    _cards(reader, state, deal)
    if "bank" in given:
        state.bank = dict(_read(given, "bank", {}, _is_counts))
    else:
        state.bank = {k: n - _out(state, k) for k, n in BANK_START.items()}
    _check_counts(reader, state)
    _check_reachable(reader, state)
    return state


def _check_reachable(reader: Reader, state: GameState) -> None:
    """Refuse a position no game can reach (`reachability_problems`: a piece where its kind may
    not stand, two players' units on one hex, a card in two places, an AI deck that does not
    add up), naming the line that wrote what is at fault."""
    problems = reachability_problems(state)
    if not problems:
        return
    lines: dict[str, int] = {}
    pieces: list[tuple[int, Unit | Building]] = [*reader.units, *reader.buildings]
    for lineno, piece in pieces:
        lines.setdefault(piece.hex, lineno)
        lines.setdefault(piece.id, lineno)
    for lineno, ferry, _ in reader.ferries:
        lines.setdefault(ferry.id, lineno)
    for hex_id, (lineno, _) in reader.resources.items():
        lines.setdefault(hex_id, lineno)
    cards = [line for key, (line, _) in reader.given.items() if key.split()[0] in CARD_KEYS or key == "ai"]
    for problem in problems:
        words = [w.strip(".,:()'") for w in problem.split()]
        line = next((lines[w] for w in words if w in lines), None)
        if line is None:
            line = min(cards) if "card" in problem and cards else reader.game_line
        raise PositionError(line, f"no game can reach this position: {problem}")


def _read(given: Given, key: str, default: T, fits: Callable[[object], TypeGuard[T]]) -> T:
    """The value written for `key` (else `default`), as the kind of value `fits` accepts."""
    if key not in given:
        return default
    lineno, value = given[key]
    if not fits(value):  # the reader stores only checked values: this guards a mismatch between the two
        raise PositionError(lineno, f"'{key}' cannot be {value!r} here; write it as docs/positions.md shows")
    return value


def _is_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_flag(value: object) -> TypeGuard[bool]:
    return isinstance(value, bool)


def _is_words(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(w, str) for w in value)


def _is_word(value: object) -> TypeGuard[str]:
    return isinstance(value, str)


def _is_word_or_none(value: object) -> TypeGuard[str | None]:
    return value is None or isinstance(value, str)


def _is_counts(value: object) -> TypeGuard[dict[str, int]]:
    return isinstance(value, dict) and all(isinstance(k, str) and _is_number(n) for k, n in value.items())


def _is_fields(value: object) -> TypeGuard[dict[str, object]]:
    return isinstance(value, dict) and all(isinstance(k, str) for k in value)


def _is_action_ids(value: object) -> TypeGuard[list[ActionId]]:
    return _is_words(value) and all(is_action_id(w) for w in value)


def _is_green(value: object) -> TypeGuard[list[ActionId | AiCardId]]:
    return _is_words(value) and all(is_action_id(w) or w in AI_CARD_IDS for w in value)


def _is_card_in_play(value: object) -> TypeGuard[ActionId | None]:
    return value is None or (isinstance(value, str) and is_action_id(value))


def _is_phase(value: object) -> TypeGuard[Phase]:
    return value in ("setup", "play", "over")


def _is_pending(value: object) -> TypeGuard[pd.PendingAny | None]:
    return value is None or isinstance(value, pd.PendingAny)


def _is_battle(value: object) -> TypeGuard[Battle | None]:
    return value is None or isinstance(value, Battle)


def _is_ai(value: object) -> TypeGuard[AiState | None]:
    return value is None or isinstance(value, AiState)


def _on_hex(on: dict[str, int]) -> dict[Resource, int]:
    """The reader's resource counts, keyed by resource (it refuses any other word)."""
    return {r: n for r, n in on.items() if is_resource(r)}


def _pieces(reader: Reader, state: GameState) -> None:
    """Pieces into the state, numbering those written without an id after every id in the text."""
    numbers = [int("".join(ch for ch in pid if ch.isdigit())) for pid in reader.ids]
    counter = _read(reader.given, "next-id", max(numbers, default=0) + 1, _is_number)
    prefixes = {Unit: "u", Building: "b", Bridge: "B", Ferry: "ferry"}
    for piece in reader.pieces:
        if not piece.id:
            while f"{prefixes[type(piece)]}{counter}" in reader.ids:
                counter += 1
            piece.id = f"{prefixes[type(piece)]}{counter}"
            counter += 1
    if "next-id" in reader.given and numbers and max(numbers) >= _read(reader.given, "next-id", 0, _is_number):
        raise PositionError(
            reader.given["next-id"][0], f"next-id must be above every id in the position ({max(numbers)})"
        )
    state.next_id = counter
    key = _id_order
    state.units = {u.id: u for _, u in sorted(reader.units, key=lambda t: key(t[1].id))}
    state.buildings = {b.id: b for _, b in sorted(reader.buildings, key=lambda t: key(t[1].id))}
    state.bridges = {b.id: b for _, b in sorted(reader.bridges, key=lambda t: key(t[1].id))}
    state.ferries = {f.id: f for _, f, _ in sorted(reader.ferries, key=lambda t: key(t[1].id))}
    state.resources = {h: _on_hex(on) for h, (_, on) in reader.resources.items()}
    for _, ferry, cargo in reader.ferries:
        if cargo is not None:
            state.resources[ferry.id] = _on_hex(cargo)
    for lineno, unit in reader.units:
        if unit.ferry is not None:
            if unit.ferry not in state.ferries:
                raise PositionError(lineno, f"{unit.id} is aboard {unit.ferry}, but no ferry has that id")
            if unit.kind not in ("worker", "army"):
                raise PositionError(lineno, f"{unit.id}: only workers and armies travel aboard ferries [Ferry, l.254]")
    for place, (lineno, on) in reader.resources.items():
        if room_on(state, place) < 0:
            raise PositionError(
                lineno,
                f"{place} holds {sum(on.values())} resources; a hex holds at most {HEX_LIMIT} [Production, l.232]",
            )


def _id_order(piece_id: str) -> tuple[str, int]:
    head = piece_id.rstrip("0123456789")
    return head, int(piece_id[len(head) :] or 0)


def _flow(reader: Reader, state: GameState, deal: GameState) -> None:
    """Whose turn, which decision, the battle, the AI deck and the generator."""
    given = reader.given
    if "pending" in given:
        state.pending = _read(given, "pending", None, _is_pending)
    current = _read(given, "current", state.pending.seat if state.pending else 0, _is_number)
    if "pending" not in given:
        state.pending = pd.ChooseAction(current)
    kind = None if state.pending is None else state.pending.__struct_config__.tag
    phase: Phase = "over" if state.pending is None else "setup" if kind in ("start_quest", "start_resource") else "play"
    state.phase = _read(given, "phase", phase, _is_phase)
    state.current = current
    state.round = _read(given, "round", 0 if state.phase == "setup" else 1, _is_number)
    state.final_round = _read(given, "final-round", False, _is_flag)
    state.card_in_play = _read(given, "card-in-play", None, _is_card_in_play)
    state.battle = _read(given, "battle", None, _is_battle)
    state.battles = [r for _, r in reader.battle_records]
    state.ai = _read(given, "ai", deal.ai, _is_ai)
    state.rng = _read(given, "rng", deal.rng, _is_number)


def _player(reader: Reader, state: GameState, deal: GameState, seat: int) -> Player:
    said = reader.players.get(seat, {})
    dealt = deal.players[seat]

    layers = _read(said, "layers", 0, _is_number)
    discard = _read(said, "discard", [], _is_action_ids)
    in_play = [state.card_in_play] if state.card_in_play and state.current == seat else []
    started = state.round if seat <= state.current else state.round - 1
    p = Player(
        seat=seat,
        civ=state.config.civs[seat],
        hand=_read(said, "hand", [c for c in ACTION_IDS if c not in discard and c not in in_play], _is_action_ids),
        discard=discard,
        green=_read(said, "green", [], _is_green),
        layers=layers,
        set_aside=_read(said, "set-aside", dict(dealt.set_aside), _is_counts),
        bonuses=_read(said, "bonuses", [], _is_words),
        personal_deck=_read(said, "personal", dealt.personal_deck[layers:] + dealt.personal_deck[:layers], _is_words),
        ability=_read(said, "ability", dealt.ability, _is_word_or_none),
        score_card=_read(said, "score", dealt.score_card, _is_word),
        quests=_read(said, "quests", [], _is_words),
        battles_at_draw=_read(said, "battles-at-draw", {}, _is_counts),
        completed=_read(said, "completed", [], _is_words),
        turns=_read(said, "turns", max(started, 0) if state.phase != "setup" else 0, _is_number),
    )
    stray = sorted(set(p.battles_at_draw) - set(p.quests))
    if stray:
        raise PositionError(
            said["battles-at-draw"][0], f"battles-at-draw names {', '.join(stray)}, not a quest in progress"
        )
    on_board = _board_counts(state, seat)
    p.supply = _read(
        said, "supply", {k: n - on_board.get(k, 0) - p.set_aside.get(k, 0) for k, n in PIECE_LIMITS.items()}, _is_counts
    )
    tokens = dict(dealt.tokens)
    for kind in ABILITY_BUILDINGS:
        if kind in tokens:
            tokens[kind] -= on_board.get(kind, 0)
    p.tokens = _read(said, "tokens", tokens, _is_counts)
    return p


def _board_counts(state: GameState, seat: int) -> dict[str, int]:
    out: dict[str, int] = {}
    pieces: list[Unit | Building] = [*state.units.values(), *state.buildings.values()]
    for piece in pieces:
        if piece.owner == seat:
            out[piece.kind] = out.get(piece.kind, 0) + 1
    return out


def _cards(reader: Reader, state: GameState, deal: GameState) -> None:
    """Decks and piles: as written, else as dealt less the cards the position places elsewhere."""
    given = reader.given
    held = set(_read(given, "removed", [], _is_words))
    for p in state.players:
        held |= {*p.quests, *p.completed, *p.bonuses}
    for key in given:
        if key.startswith(("quest-discard", "start-quests")):
            held |= set(_read(given, key, [], _is_words))
    if state.pending is not None:
        held |= set(getattr(state.pending, "options", ()))
    state.quest_decks = {
        d: _read(given, f"quest-deck {d}", [q for q in deal.quest_decks[d] if q not in held], _is_words)
        for d in QUEST_DECKS
    }
    state.quest_discards = {d: _read(given, f"quest-discard {d}", [], _is_words) for d in QUEST_DECKS}
    state.common_piles = {
        level: _read(given, f"common {level}", [c for c in ids if c not in held], _is_words)
        for level, ids in deal.common_piles.items()
    }
    start = {
        int(k[len("start-quests ") :]): _read(given, k, [], _is_words)
        for k in given
        if k.startswith("start-quests ") and k != "start-quests -"
    }
    if not any(k.startswith("start-quests") for k in given) and state.phase == "setup":
        start = {k: list(v) for k, v in deal.start_quests.items()}
    state.start_quests = {s: start[s] for s in range(state.seats) if s in start}
    placed = {q for d in state.quest_decks.values() for q in d}
    state.removed_cards = _read(given, "removed", [c for c in deal.removed_cards if c not in held | placed], _is_words)


def _out(state: GameState, item: str) -> int:
    """How many of a bank item are out of the bank: on the board, or waiting to be placed."""
    if item in RESOURCES:
        return sum(on.get(item, 0) for on in state.resources.values())
    if item == "weapon":
        return sum(u.weapon for u in state.units.values()) + _weapons_waiting(state.pending)
    return len(state.bridges) + len(state.ferries)


def _weapons_waiting(pending: pd.PendingAny | None) -> int:
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
