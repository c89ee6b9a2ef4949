"""Properties over many random positions: legal commands, rejection, notation round trip, invariants.

[Architecture habits 4 and 5; issue: legal_commands lists every legal command]
"""

from __future__ import annotations

import random

import msgspec
import pytest

from monuments_tui.rules import (
    GameConfig,
    RuleViolation,
    commands as c,
    decide,
    fold,
    format_command,
    legal_commands,
    new_game,
    parse_command,
)
from monuments_tui.rules.board import load_board
from monuments_tui.rules.content import ACTION_IDS, RESOURCES
from monuments_tui.rules.evolve import apply_in_place
from monuments_tui.rules.invariants import invariant_violations
from monuments_tui.rules.registry import candidate_commands
from monuments_tui.rules.state import copy_state

from .test_setup import CONFIGS

PIECE_CODES = ("w", "ws", "wh", "army", "navy", "air", "town", "fort")


def random_positions(seed: int, count: int, walk: int = 160):
    """`count` positions reached by random walks from random configurations."""
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        civs, mode = CONFIGS[rnd.randrange(len(CONFIGS))]
        s = new_game(GameConfig(civs=civs, mode=mode, seed=rnd.randrange(10**6)))
        for _ in range(rnd.randrange(walk)):
            legal = legal_commands(s)
            if not legal:
                break
            s = fold(s, decide(s, rnd.choice(legal)))
        out.append((s, rnd))
    return out


def mutate(command: c.Command, rnd: random.Random, hexes: list[str]) -> c.Command:
    """The same command with one field changed to another plausible (or absurd) value."""
    fields = [f for f in command.__struct_fields__ if isinstance(getattr(command, f), str)]
    if not fields:
        return command
    name = rnd.choice(fields)
    value = getattr(command, name)
    if value in RESOURCES:
        new = rnd.choice(RESOURCES)
    elif value in ACTION_IDS:
        new = rnd.choice(ACTION_IDS)
    elif value in PIECE_CODES:
        new = rnd.choice(PIECE_CODES)
    else:
        new = rnd.choice(hexes + ["Z99", "F1", "nothing"])
    return msgspec.structs.replace(command, **{name: new})


@pytest.mark.parametrize("seed", range(6))
def test_listed_commands_execute_and_unlisted_ones_are_rejected(seed):
    """Every listed command executes; every mutated command not listed raises RuleViolation (never another error)."""
    hexes = sorted(load_board().hexes)
    for state, rnd in random_positions(seed, 4):
        legal = legal_commands(state)
        listed = set(legal)
        for command in legal:
            events = decide(state, command)
            fold(state, events)  # applies without error
        for command in list(legal) + candidate_commands(state):
            for _ in range(3):
                other = mutate(command, rnd, hexes)
                if other in listed:
                    continue
                with pytest.raises(RuleViolation):
                    decide(state, other)


@pytest.mark.parametrize("seed", range(4))
def test_notation_round_trip_for_every_legal_command(seed):
    """parse_command(format_command(c)) == c [architecture habit 5]."""
    for state, _ in random_positions(100 + seed, 4):
        for command in legal_commands(state):
            assert parse_command(format_command(command)) == command


def test_notation_round_trip_with_payments_and_pieces():
    samples = [
        c.Build("town", "D7", None, (c.Take("D6", "wood"), c.Take("D7", "sheep", 2))),
        c.BuildLayer((c.Take("E19", "wood"),), (c.PieceAt("w", "E19"), c.PieceAt("ws", "F19"))),
        c.Attack("D7", (c.PieceAt("army", "D6"), c.PieceAt("air", "C6"))),
        c.Damage(()),
        c.GiveWeapon(None),
        c.BoardFerry("ferry12", ("w", "army"), ("wood",)),
        c.KeepQuests(("q1", "q2")),
        c.TurnInQuest("q3", "wood", "E19"),
        c.Train("navy", "E20", "F20"),
    ]
    for command in samples:
        assert parse_command(format_command(command)) == command


@pytest.mark.parametrize(
    "text,expected",
    [
        ("", "type a command"),
        ("fly E19", "unknown command"),
        ("plya movement", "Did you mean 'play'"),
        ("mvoe w E19 E20", "Did you mean 'move'"),
        ("move w E19", "a hex id"),
        ("move q E19 E20", "piece code"),
        ("produce 77", "a hex id"),
        ("trade wood gold E20", "a resource"),
        ("attack D7 army@D6", "'with'"),
        ("build town D7 pay D6-wood", "payment"),
        ("done now", "unexpected 'now'"),
    ],
)
def test_malformed_text_names_what_was_expected(text, expected):
    from monuments_tui.rules import NotationError

    with pytest.raises(NotationError, match=expected):
        parse_command(text)


def test_notation_is_case_insensitive():
    assert parse_command("MOVE W e19 E20 CARRY Wood") == c.Move("w", "E19", "E20", ("wood",))


def check_invariants(s) -> None:
    """Every invariant of `rules.invariants` holds."""
    assert invariant_violations(s) == []


@pytest.mark.parametrize("civs,mode", CONFIGS)
def test_seeded_playthrough_keeps_invariants(civs, mode):
    """Random play in every configuration keeps the invariants after every step; fold(log) == live state."""
    initial = new_game(GameConfig(civs=civs, mode=mode, seed=17))
    s = copy_state(initial)
    rnd = random.Random(17)
    log = []
    for _ in range(500):
        if s.phase == "over":
            break
        legal = legal_commands(s)
        assert legal, "a player has no legal command"
        events = decide(s, rnd.choice(legal))
        log.extend(events)
        s = copy_state(s)
        for e in events:
            apply_in_place(s, e)
        check_invariants(s)
    assert msgspec.msgpack.encode(fold(initial, log)) == msgspec.msgpack.encode(s)
