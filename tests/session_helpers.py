"""Helpers for the session, saves, replay and records tests: seeded games played by a bot."""

from __future__ import annotations

import random
import signal
from contextlib import contextmanager
from pathlib import Path

import msgspec

from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig, events as ev, legal_commands
from monuments_tui.rules.state import GameState

CONFIG = GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=7)


def enc(state: GameState) -> bytes:
    """A state as bytes, for exact comparisons."""
    return msgspec.msgpack.encode(state)


def new_session(tmp_path: Path, *, teaching: bool = False, config: GameConfig = CONFIG, **kw) -> GameSession:
    return GameSession.new(config, seats=("random", "random"), teaching=teaching, saves_dir=tmp_path, **kw)


def play(session: GameSession, steps: int, rnd: random.Random | None = None) -> None:
    """Play up to `steps` random legal commands."""
    rnd = rnd or random.Random(1)
    for _ in range(steps):
        if session.state.pending is None:
            return
        session.execute(rnd.choice(legal_commands(session.state)))


def play_until(session: GameSession, predicate, rnd: random.Random | None = None, limit: int = 2000) -> None:
    """Play random legal commands until a step's events satisfy `predicate` (that step included)."""
    rnd = rnd or random.Random(1)
    for _ in range(limit):
        events = session.execute(rnd.choice(legal_commands(session.state)))
        if predicate(events):
            return
    raise AssertionError("the predicate never held")


def draws_quests(events) -> bool:
    return any(isinstance(e, ev.QuestsDealt) for e in events)


def lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines()


def battle_ready() -> tuple[GameState, str, str]:
    """A prepared position for CONFIG: play has begun, Greece (seat 0) to play, a Greek army
    next to an Egyptian worker. Returns (position, army hex, target hex).

    Start a session from it with `new_session(tmp_path, position=...)`: the save records the
    position, so loading and replay begin there too and a battle is a few commands away.
    """
    from monuments_tui.rules.board import load_board
    from monuments_tui.rules.layout import layout_for
    from tests.helpers import board, unit

    layout = layout_for(CONFIG.civs, CONFIG.mode)
    world = load_board()
    army = sorted(layout.land)[10]
    target = next(h for h in sorted(world.neighbours(army)) if h in layout.land and not world.is_river(army, h))
    s = board(civs=CONFIG.civs, mode=CONFIG.mode, seed=CONFIG.seed)
    unit(s, 0, "army", army)
    unit(s, 1, "worker", target)
    return s, army, target


@contextmanager
def no_loop(seconds: int = 120):
    """Fail, instead of hanging the run, if the block loops for ever (the bound is far above
    what the block takes on a busy machine)."""

    def stop(*_):
        raise AssertionError(f"still running after {seconds} s: a loop")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def rebind(path: Path) -> None:
    """After a test edits a save's header rules on purpose: make the first move commit to the
    edited header again, so that the check under test is reached (not the commitment's)."""
    from monuments_tui.saves.format import rules_digest

    raw = path.read_bytes().split(b"\n")
    digest = rules_digest(msgspec.json.decode(raw[0]))
    for i, line in enumerate(raw[1:], start=1):
        if b'"binds":"' in line:
            start = line.index(b'"binds":"') + len(b'"binds":"')
            raw[i] = line[:start] + digest.encode() + line[start + 32 :]
            break
    path.write_bytes(b"\n".join(raw))
