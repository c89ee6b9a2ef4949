"""Helpers for solo tests: a solo game set up, the AI deck stacked, a blank AI position."""

from __future__ import annotations

from msgspec.structs import replace

from monuments_tui.narration import narration_text
from monuments_tui.rules import GameConfig, RuleOptions, decide, events as ev, fold, legal_commands, new_game
from monuments_tui.rules.commands import AiAct
from monuments_tui.rules.pending import AiTurn
from monuments_tui.rules.state import Bridge, Ferry, GameState, copy_state
from tests.helpers import position

AI = 0
HUMAN = 1


def solo(level: str = "easy", seed: int = 1, civs=("greece", "egypt"), **options) -> GameState:
    """A solo game set up, the AI (seat 0) to play its first turn; `options` are rule options."""
    config = GameConfig(civs=civs, solo=level, seed=seed, options=RuleOptions(**options))
    s = new_game(config)
    while s.phase == "setup":
        s = fold(s, decide(s, legal_commands(s)[0]))
    return s


def ai_position(draw: str, board: str, level: str = "easy") -> GameState:
    """Round 1 of a solo game of Greece (the AI) v Egypt, the AI to draw `draw`, with
    `board` (lines of the [board] section, docs/positions.md) and nothing else on the board."""
    return position(f"""
        game greece,egypt abundance seed=1 solo={level} ai-seat=greece
        round 1
        pending ai_turn greece
        ai difficulty={level} draw={draw}
        [board]
        {board}
    """)


def ai_turn(state: GameState) -> tuple[GameState, list[ev.Event]]:
    """The AI plays its turn; the state after it and the events."""
    events = decide(state, AiAct())
    return fold(state, events), events


def ai_to_play(state: GameState) -> GameState:
    """The same position with the AI to play its turn."""
    s = copy_state(state)
    s.current, s.pending = AI, AiTurn(AI)
    return s


def narration(events: list[ev.Event]) -> str:
    return "\n".join(t for e in events if (t := narration_text(e, ("greece", "egypt", "maya", "inca"))) is not None)


def of_type(events: list[ev.Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def with_deck(state: GameState, draw: list[str], **kw) -> GameState:
    """The AI's draw pile replaced by `draw` (top first)."""
    s = copy_state(state)
    s.ai = replace(s.ai, draw=list(draw), **kw)
    return s


def clear_ai(state: GameState, start: tuple[str, ...] = ("E19", "E20", "F18")) -> GameState:
    """No AI units or resources (on its `start` hexes): a blank position to build a test on."""
    s = copy_state(state)
    for uid, u in list(s.units.items()):
        if u.owner == AI:
            del s.units[uid]
            s.players[AI].supply[u.kind] += 1
    for h in start:
        for r, n in s.resources.pop(h, {}).items():
            s.bank[r] += n
    return s


def built_bridges_and_ferries(s: GameState) -> None:
    """Give the AI the 2 bridges (over Europe's rivers) and 2 ferries Special builds first."""
    for i in range(2):
        s.bridges[f"B8{i}"] = Bridge(f"B8{i}", "D18" if i else "D19", "E19" if i else "E20", AI)
        s.ferries[f"F8{i}"] = Ferry(f"F8{i}", "D20", "E20", AI)
