"""Structs as `name=value` words in a position, both ways: pending decisions, battles, the AI deck, options.

Every field of the struct is written under its own name, its value by its type: `yes`/`no`,
numbers, seats as civilisations, lists joined by commas ("-" for none and for None),
placements as `what:source`, text that is not one plain word in JSON quotes.
"""

from __future__ import annotations

import json
import re
import typing
from typing import Any, TypeVar

import msgspec

from monuments_tui.rules import pending as pd
from monuments_tui.rules.config import SEED_MAX, domain_words, number_problem
from monuments_tui.rules.errors import PositionError
from monuments_tui.rules.pending import Placement, PlacementSource

S = TypeVar("S", bound=msgspec.Struct)

SEAT_FIELDS = frozenset({"seat", "attacker", "defender"})
"""Fields of pending decisions and battles that hold a seat: written as the seat's civilisation."""

NONE = "-"
"""Written for None and for an empty list."""

_BARE = re.compile(r"^[A-Za-z0-9_.:@+/'-]+$")
_FIELD = re.compile(r'\s*([a-z0-9_\-]+)=("(?:[^"\\]|\\.)*"|[^\s"]*)')


# -- writing --------------------------------------------------------------------------------------
def word(value: str) -> str:
    """A string as one word: bare when it is safe, else JSON-quoted."""
    return value if value and value != NONE and _BARE.match(value) else json.dumps(value, ensure_ascii=False)


def yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def struct_fields(obj: msgspec.Struct, civs: tuple[str, ...]) -> str:
    """Every field of a pending decision, battle or AI deck as `name=value` words."""
    out = []
    for f in msgspec.structs.fields(obj):
        if f.name == "seat":
            continue  # written before the fields
        out.append(f"{f.name}={field_value(getattr(obj, f.name), f.name, civs)}")
    return " ".join(out)


def field_value(value: Any, name: str, civs: tuple[str, ...]) -> str:
    """One field's value in a `name=value` word."""
    if value is None:
        return NONE
    if isinstance(value, bool):
        return yes_no(value)
    if isinstance(value, int):
        return civs[value] if name in SEAT_FIELDS else str(value)
    if isinstance(value, str):
        return word(value)
    if isinstance(value, (tuple, list)):
        if not value:
            return NONE
        if isinstance(value[0], Placement):
            return ",".join(f"{p.what}:{p.source}" for p in value)
        return ",".join(str(v) for v in value)
    raise TypeError(f"no notation for {value!r}")  # pragma: no cover - every field type is above


# -- reading --------------------------------------------------------------------------------------
def read_fields(cls: type[msgspec.Struct], rest: str, lineno: int, civs: tuple[str, ...]) -> dict[str, object]:
    """`name=value` words read by the types of `cls`'s fields (the seat is read apart).

    Raises:
        PositionError: an unknown field or a value of the wrong kind.
    """
    types = {f.name: f.type for f in msgspec.structs.fields(cls)}
    out: dict[str, object] = {}
    pos = 0
    rest = rest.strip()
    while pos < len(rest):
        m = _FIELD.match(rest, pos)
        if not m:
            raise PositionError(lineno, f"expected name=value at {rest[pos:].split()[0]!r}")
        name, raw = m.group(1).replace("-", "_"), m.group(2)
        if name not in types or name == "seat":
            allowed = ", ".join(n for n in types if n != "seat")
            raise PositionError(lineno, f"{cls.__name__} has no field {name!r}; its fields are: {allowed or 'none'}")
        out[name] = read_value(types[name], raw, name, lineno, civs)
        pos = m.end()
    return out


def read_value(tp: object, raw: str, name: str, lineno: int, civs: tuple[str, ...]) -> Any:
    """One field's value, by its type (`tp`, a field's annotation, is known only when read, so is the value's: Any)."""
    if typing.get_origin(tp) in (typing.Annotated, typing.Literal):
        literal = typing.get_origin(tp) is typing.Literal
        value = (
            read_value(str, raw, name, lineno, civs)
            if literal
            else read_value(typing.get_args(tp)[0], raw, name, lineno, civs)
        )
        try:
            return msgspec.convert(value, tp)
        except msgspec.ValidationError:
            raise PositionError(lineno, f"{name} takes {domain_words(tp)}, not {raw!r}") from None
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    if type(None) in typing.get_args(tp):
        return None if raw == NONE else read_value(args[0], raw, name, lineno, civs)
    if tp is bool:
        return read_flag(raw, lineno, name)
    if tp is int:
        if name in SEAT_FIELDS:
            return read_seat(raw, lineno, civs)
        return read_whole(raw, lineno, name, signed=True)
    if tp is str:
        try:
            return json.loads(raw) if raw.startswith('"') else raw
        except json.JSONDecodeError:
            raise PositionError(lineno, f"{name}: {raw!r} is not a quoted string") from None
    origin = typing.get_origin(tp)
    if origin in (tuple, list):
        items = [] if raw in ("", NONE) else raw.split(",")
        if args[0] is Placement:
            values = [
                Placement(what, read_value(PlacementSource, source or "bonus", name, lineno, civs))
                for what, _, source in (i.partition(":") for i in items)
            ]
        else:
            values = [read_value(args[0], item, name, lineno, civs) for item in items]
        return origin(values)
    raise PositionError(lineno, f"{name}: no notation for this field")  # pragma: no cover - every type is above


def read_whole(raw: str, lineno: int, what: str, *, signed: bool = False) -> int:
    """A whole number written in a position, within the 64 bits a save holds.

    Raises:
        PositionError: not digits (with a leading - if `signed`), or out of range.
    """
    digits = raw[1:] if signed and raw.startswith("-") else raw
    if not (digits.isascii() and digits.isdigit()):
        raise PositionError(lineno, f"{what} takes a whole number, not {raw[:40]!r}")
    low = -(2**63) if signed else 0
    value = int(raw) if len(digits) <= 40 else SEED_MAX + 1  # longer is out of range: never convert it
    problem = number_problem(what, value, low, SEED_MAX)
    if problem is not None:
        raise PositionError(lineno, problem)
    return value


def read_flag(text: str, lineno: int, what: str) -> bool:
    if text.lower() not in ("yes", "no", "true", "false"):
        raise PositionError(lineno, f"{what} takes yes or no, not {text!r}")
    return text.lower() in ("yes", "true")


def read_seat(civ: str, lineno: int, civs: tuple[str, ...]) -> int:
    if civ.lower() not in civs:
        raise PositionError(lineno, f"{civ!r} is not a civilisation of this game ({', '.join(civs)})")
    return civs.index(civ.lower())


def make(cls: type[S], values: dict[str, object], lineno: int) -> S:
    """`cls(**values)`, checked against the field types as a decoded save is: a missing field
    or a value out of its domain is refused with the line."""
    try:
        made = cls(**values)
        msgspec.convert(msgspec.to_builtins(made), cls)
    except (TypeError, msgspec.ValidationError) as exc:
        raise PositionError(lineno, f"{cls.__name__}: {exc}") from None
    return made


# -- the words of a position's lines (read by position_parse) ----------------------------------
PENDING_KINDS: dict[str, type[pd.Pending]] = {cls.__struct_config__.tag: cls for cls in typing.get_args(pd.PendingAny)}
PIECE_WORD = re.compile(r"^([a-z]+)(\*)?(?:#([A-Za-z]+[0-9]+))?(?:@(ferry[0-9]+))?$")
RESOURCE_WORD = re.compile(r"^([0-9]+)([a-z]+)$")
FERRY_ID = re.compile(r"^ferry[0-9]+$")
UNIT_CODES = {"w": {}, "ws": {"weapon": True}, "wh": {"horse": True}, "wsh": {"weapon": True, "horse": True}}
HEADER_KEYS = tuple(
    [
        "game",
        "options",
        "round",
        "phase",
        "current",
        "final-round",
        "pending",
        "card-in-play",
        "battle",
        "battle-record",
        "ai",
        "next-id",
        "rng",
    ]
)
PLAYER_KEYS = tuple(
    [
        "hand",
        "discard",
        "green",
        "layers",
        "supply",
        "set-aside",
        "bonuses",
        "personal",
        "ability",
        "tokens",
        "score",
        "quests",
        "battles-at-draw",
        "completed",
        "turns",
    ]
)
CARD_KEYS = ("quest-deck", "quest-discard", "common", "start-quests", "removed")


def split_comment(line: str) -> str:
    """`line` without a comment: "#" at the start, or after a space, outside quotes."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"' and (i == 0 or line[i - 1] != "\\"):
            quoted = not quoted
        elif ch == "#" and not quoted and (i == 0 or line[i - 1].isspace()):
            return line[:i]
    return line
