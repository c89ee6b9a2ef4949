"""Helpers for solo tests: a solo game set up, the AI deck stacked, a blank AI position."""

from __future__ import annotations

from msgspec.structs import replace

from monuments_tui.game.narration import narration_text
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


def ai_position(
    draw: str, board: str, level: str = "easy", *, civs: tuple[str, str] = ("greece", "egypt"), sections: str = ""
) -> GameState:
    """Round 1 of a solo game of `civs` (the AI first), the AI to draw `draw` (its `ai` line
    may go on: `"monument discard=quest"`), with `board` (lines of the [board] section,
    docs/positions.md) and nothing else on the board; `sections` follow (`[greece]` ...)."""
    return position(
        f"""
        game {",".join(civs)} abundance seed=1 solo={level} ai-seat={civs[0]}
        round 1
        pending ai_turn {civs[0]}
        ai difficulty={level} draw={whole_deck(draw, level, civs)}
        [board]
        """,
        board,
        sections,
    )


def whole_deck(line: str, level: str, civs: tuple[str, str]) -> str:
    """The AI's `ai` line with the cards of its deck it leaves out added to its discard pile:
    a position's AI deck is always whole (the position reader refuses a partial one)."""
    words = line.split()
    fields = dict(w.split("=", 1) for w in words[1:] if "=" in w)
    written = [c for key in ("discard", "set_aside") for c in fields.get(key, "-").split(",") if c != "-"]
    written += [c for c in words[0].split(",") if c != "-"]
    deck = new_game(GameConfig(civs=civs, solo=level, seed=1)).ai.draw
    left = [c for c in deck if c not in written]
    if left:
        fields["discard"] = ",".join([*written_of(fields.get("discard", "-")), *left])
    rest = [w for w in words[1:] if "=" not in w]
    return " ".join([words[0], *rest, *(f"{k}={v}" for k, v in fields.items())])


def written_of(cards: str) -> list[str]:
    return [c for c in cards.split(",") if c != "-"]


PLAYER = """
    H19: egypt w w w
    A12: 2metal
"""
"""What Egypt, the player, holds once the solo set-up is done (seed 1): 3 workers on its
monument hex, its 2 starting metal on A12."""

BRIDGES_AND_FERRIES = """
    bridge#B80 D19-E20 by greece
    bridge#B81 D18-E19 by greece
    ferry#ferry80 D20 docked E20 by greece
    ferry#ferry81 D20 docked E20 by greece
"""
"""The AI's 2 bridges (over Europe's rivers) and 2 ferries, the ones Special builds first."""


def blank(board: str = "", draw: str = "movement", level: str = "easy", greece: str = "") -> GameState:
    """The AI (Greece) with only `board` on the board beside the player's set-up pieces (PLAYER),
    each side holding its starting quest; `greece` more lines of the AI's section."""
    return ai_position(
        draw, board + PLAYER, level, sections=f"[greece]\nquests qs-wood\n{greece}\n[egypt]\nquests qs-land"
    )


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
