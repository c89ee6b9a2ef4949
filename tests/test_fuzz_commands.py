"""The rules only refuse: whatever command text or structure they are given, `parse_command`
raises only `NotationError` and `decide` only `RuleViolation` [issue: saves you can trust, item 4].

Commands are fuzzed from the legal ones of positions reached by random play: each field
is replaced by a value of its declared type, drawn from real ids, near misses (off-map
hexes, unknown cards) and absurd values (huge and negative numbers, odd text). Structures
are well typed, as a save's decoder guarantees. The CI profile tries a few thousand; the
full count (`MONUMENTS_STRESS=full .venv/bin/python -m pytest tests/test_fuzz_commands.py`)
tries over 100,000 structures and 100,000 strings.
"""

from __future__ import annotations

import os
import random
import typing

import msgspec
import pytest

from monuments_tui.rules import (
    GameConfig,
    NotationError,
    RuleViolation,
    commands as c,
    decide,
    fold,
    legal_commands,
    new_game,
)
from monuments_tui.rules.notation import SYNTAX, format_command, parse_command

FULL = os.environ.get("MONUMENTS_STRESS") == "full"
POSITIONS = 200 if FULL else 12
PER_POSITION = 600 if FULL else 150

STRINGS = [
    "D7",
    "E19",
    "E20",
    "I20",
    "D35",
    "Z1",
    "A0",
    "A99",
    "J6",
    "K21",
    "",
    " ",
    "e19",
    "ferry7",
    "ferry999",
    "f7",
    "u1",
    "u999",
    "b1",
    "wood",
    "food",
    "metal",
    "sheep",
    "gold",
    "w",
    "ws",
    "wh",
    "wsh",
    "army",
    "navy",
    "air",
    "town",
    "fort",
    "factory",
    "workshop",
    "farm",
    "bridge",
    "ferry",
    "movement",
    "build",
    "monument",
    "trade",
    "nonsense",
    "qs-wood",
    "q01-land",
    "cb1-military",
    "none",
    "-1",
    "9" * 40,
    "\x00",
    "[/]",
    "é",
    "D7:wood",
    "💥",
]
INTS = [0, 1, 2, 3, 5, 6, -1, -(10**9), 10**9, 2**63 - 1, -(2**63)]
CONFIGS = [
    (("greece", "egypt"), "scarcity", None),
    (("maya", "inca"), "abundance", None),
    (("greece", "egypt", "inca"), "abundance", None),
    (("greece", "egypt", "maya", "inca"), "scarcity", None),
    (("greece", "egypt"), "abundance", "hard"),
]


def value_of(tp, rnd: random.Random, known: list[str]):
    """A random value of type `tp`: a real id from `known` half of the time."""
    origin = typing.get_origin(tp)
    if tp is str:
        return rnd.choice(known) if known and rnd.random() < 0.5 else rnd.choice(STRINGS)
    if tp is int:
        return rnd.choice(INTS)
    if tp is bool:
        return rnd.random() < 0.5
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return value_of(rnd.choice(typing.get_args(tp)), rnd, known)
    if tp is type(None):
        return None
    if origin is tuple:
        args = typing.get_args(tp)
        item = args[0]
        return tuple(value_of(item, rnd, known) for _ in range(rnd.choice([0, 1, 2, 3, 7])))
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        hints = typing.get_type_hints(tp)
        return tp(**{f: value_of(hints[f], rnd, known) for f in tp.__struct_fields__})
    raise AssertionError(f"no fuzz values for {tp!r}")


def mutated(command: c.Command, rnd: random.Random, known: list[str]) -> c.Command:
    hints = typing.get_type_hints(type(command))
    fields = list(type(command).__struct_fields__)
    if not fields:
        return command
    changes = {f: value_of(hints[f], rnd, known) for f in rnd.sample(fields, rnd.randint(1, len(fields)))}
    return msgspec.structs.replace(command, **changes)


def ids_in(state) -> list[str]:
    return [*state.units, *state.buildings, *state.ferries, *state.resources, *state.players[0].hand]


def positions(seed: int):
    rnd = random.Random(seed)
    for i in range(POSITIONS):
        civs, mode, solo = CONFIGS[i % len(CONFIGS)]
        config = GameConfig(civs=civs, mode=mode, seed=rnd.randrange(10**6), solo=solo)
        s = new_game(config)
        for _ in range(rnd.randrange(20, 400)):
            legal = legal_commands(s)
            if not legal:
                break
            s = fold(s, decide(s, rnd.choice(legal)))
        if s.pending is not None:
            yield s, rnd


def test_decide_only_refuses_any_well_typed_command():
    tried = accepted = 0
    all_kinds = [
        cls for cls in vars(c).values() if isinstance(cls, type) and issubclass(cls, c.Command) and cls is not c.Command
    ]
    for state, rnd in positions(11):
        legal = legal_commands(state) or [c.EndTurn()]
        known = ids_in(state) + [format_command(x).split()[-1] for x in legal[:20]]
        before = msgspec.msgpack.encode(state)
        for _ in range(PER_POSITION):
            base = rnd.choice(legal) if rnd.random() < 0.8 else value_of(rnd.choice(all_kinds), rnd, known)
            command = mutated(base, rnd, known)
            try:
                decide(state, command)
            except RuleViolation:
                pass
            else:  # accepted only in the form the notation writes: a save stores exactly that
                assert parse_command(format_command(command)) == command, command
                accepted += 1
            tried += 1
        assert msgspec.msgpack.encode(state) == before, "decide changed the state it was given"
    assert tried >= (100_000 if FULL else 1_000)
    assert accepted  # some mutations are legal commands: the canonical check above is exercised


def test_parse_command_only_refuses_any_text():
    rnd = random.Random(5)
    words = [s.verb for s in SYNTAX] + STRINGS + ["with", "carry", "pay", "sacrifice", "to", "@", ",", ":"]
    count = 100_000 if FULL else 5_000
    for _ in range(count):
        text = " ".join(rnd.choice(words) for _ in range(rnd.randint(0, 7)))
        if rnd.random() < 0.2:
            text = "".join(rnd.choice("abcDE019:,@ \t-_²٣\u200b") for _ in range(rnd.randint(0, 30)))
        try:
            parse_command(text)
        except NotationError:
            pass


@pytest.mark.parametrize(
    "text",
    ["build ferry I20 D35", "build bridge E19 Z99", "move w E19 D35", "sail ferry1 D35", "attack D35 with army@E19"],
)
def test_off_map_hexes_are_refused_as_rules(text):
    from tests.helpers import game

    s = game()
    with pytest.raises(RuleViolation):
        decide(s, parse_command(text))


def test_every_legal_command_is_canonical_and_decide_refuses_unused_fields():
    """`turnin` with no resource accepted any hex (`D0`, `ferry41`, 5,000 characters) and the save kept it."""
    for state, _ in positions(3):
        for command in legal_commands(state):
            assert parse_command(format_command(command)) == command, command
            for unused in ("D0", "ferry41", "x" * 5000):
                if isinstance(command, c.TurnInQuest) and command.resource is None:
                    with pytest.raises(RuleViolation, match="fields it does not use: write 'turnin"):
                        decide(state, msgspec.structs.replace(command, hex=unused))
                if isinstance(command, c.Train) and command.unit != "navy":
                    with pytest.raises(RuleViolation, match="fields it does not use"):
                        decide(state, msgspec.structs.replace(command, to=unused))


@pytest.mark.parametrize(
    "command, says",
    [
        (c.TurnInQuest("q01-land", None, "D0"), "write 'turnin q01-land'"),
        (c.TurnInQuest("q01-land", None, "x" * 5000), "write 'turnin q01-land'"),
        (c.Move("w", "E19", "E20", ("wood", "bogus word with spaces")), "fields it does not use"),
        (c.PlayCard("move ment"), "fields it does not use"),
        (c.KeepQuests(()), None),
    ],
)
def test_commands_outside_the_notation_are_refused_as_rules(command, says):
    from tests.helpers import game

    with pytest.raises(RuleViolation, match=says):
        decide(game(), command)
