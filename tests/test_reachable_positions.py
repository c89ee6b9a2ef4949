"""Positions are reachable: `parse_position` refuses, naming the line, a position the rules
cannot produce (Movement, l.221-225; Ferry, l.254; Set-up, l.120-144; Solo, l.436), and the
rules' own games never produce one (`invariant_violations`, checked to the end of seeded
games in every configuration) [issue: nothing from a file reaches your terminal raw, item 8]."""

from __future__ import annotations

import os
import random

import pytest

from monuments_tui.rules import GameConfig, decide, fold, legal_commands, new_game
from monuments_tui.rules.board import load_board
from monuments_tui.rules.invariants import invariant_violations, reachability_problems
from monuments_tui.rules.layout import layout_for
from monuments_tui.rules.position import PositionError, format_position, parse_position

FULL = os.environ.get("MONUMENTS_STRESS") == "full"
TWO = GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=3)
SOLO = GameConfig(civs=("greece", "egypt"), seed=3, solo="hard")


def text_of(config: GameConfig) -> list[str]:
    return format_position(new_game(config)).splitlines()


def refused(lines: list[str], says: str) -> int:
    """The line `parse_position` names for `lines`, checking it says `says`."""
    with pytest.raises(PositionError) as refusal:
        parse_position("\n".join(lines))
    assert says in str(refusal.value), refusal.value
    return refusal.value.line


def moved(lines: list[str], hex_line: str, seats: tuple[str, ...] = ("greece",)) -> list[str]:
    """The last piece on the monument hex of each of `seats` taken off it, and `hex_line` written."""
    out = list(lines)
    for civ in seats:
        home = at(out, f"{load_board().monument_hex(civ)}: {civ} ")
        out[home - 1] = out[home - 1].rsplit(" ", 1)[0]
    board = out.index("[board]")
    return [*out[: board + 1], hex_line, *out[board + 1 :]]


def at(lines: list[str], start: str) -> int:
    return next(i for i, line in enumerate(lines, 1) if line.startswith(start))


def _out_of_play_island() -> str:
    lay = layout_for(TWO.civs, TWO.mode)
    return next(h.id for h in load_board().hexes.values() if h.island is not None and h.id not in lay.in_play)


def _light_blue() -> str:
    return next(h.id for h in load_board().hexes.values() if h.light_blue)


def _water() -> str:
    return sorted(layout_for(TWO.civs, TWO.mode).water)[0]


def _land() -> str:
    return "E19"  # Greece's continent, in play in every set-up


@pytest.mark.parametrize(
    "hex_line, says",
    [
        ("E20: greece w egypt w", "E20 holds units of greece and egypt"),
        ("H19: greece w#u3", "another player's monument hex"),
        (f"{_water()}: greece w#u3", "a worker stands on land, or at sea aboard a ferry"),
        (f"{_light_blue()}: greece w#u3", "not in play"),
        (f"{_out_of_play_island()}: greece w#u3", "not in play"),
    ],
    ids=["two-players", "monument", "worker-at-sea", "light-blue", "island-out-of-play"],
)
def test_a_piece_where_no_game_can_put_it_is_refused_naming_its_line(hex_line, says):
    lines = moved(
        text_of(TWO), hex_line.replace("w#u3", "w"), ("greece", "egypt") if "egypt" in hex_line else ("greece",)
    )
    assert refused(lines, says) == at(lines, hex_line.split(":")[0] + ":")


def test_the_issue_example_two_players_on_one_hex_sharing_its_metal_is_refused():
    """`E20: greece w egypt w 2metal`: both seats could trade the same metal, against l.223."""
    lines = moved(text_of(TWO), "E20: greece w egypt w 2metal", ("greece", "egypt"))
    lines = [line.replace("metal=25", "metal=23") if line.startswith("bank") else line for line in lines]
    assert refused(lines, "E20 holds units of greece and egypt") == at(lines, "E20:")


def test_a_navy_on_land_is_refused_naming_its_line():
    lines = text_of(TWO)
    supply = next(i for i in range(lines.index("[greece]"), len(lines)) if lines[i].startswith("supply "))
    words = [w.split("=") for w in lines[supply].split()[1:]]
    lines[supply] = "supply " + " ".join(f"{k}={int(n) - (k == 'navy')}" for k, n in words)
    board = lines.index("[board]")
    lines.insert(board + 1, f"{_land()}: greece navy")
    assert refused(lines, "a navy stands on water") == board + 2


def test_a_solo_ai_deck_of_one_card_is_refused_naming_the_ai_line():
    lines = text_of(SOLO)
    ai = at(lines, "ai difficulty=hard")
    lines[ai - 1] = 'ai difficulty=hard draw=movement discard=- set_aside=- card=- outcome=""'
    assert refused(lines, "the solo AI's cards are 1 in draw") == ai


def test_a_card_in_two_places_is_refused():
    lines = text_of(SOLO)
    quests = at(lines, "quests qs-bridge")
    lines[quests - 1] = "quests qs-bridge q01-fort"  # q01-fort is in the 0-1 deck too
    refused(lines, "q01-fort is in two places at once")


def test_every_position_of_seeded_games_is_reachable_and_reads_back():
    """The checks refuse nothing the rules produce: every state of random games in every set-up."""
    rnd = random.Random(41)
    configs = [
        TWO,
        SOLO,
        GameConfig(civs=("greece", "egypt", "maya", "inca"), mode="scarcity", seed=5),
        GameConfig(civs=("greece", "egypt", "inca"), seed=6),
        GameConfig(civs=("maya", "inca"), seed=7, solo="insane"),
    ]
    games = 20 if FULL else 5
    for g in range(games):
        state = new_game(configs[g % len(configs)])
        for _ in range(600 if FULL else 250):
            assert invariant_violations(state) == [], state.round
            assert reachability_problems(parse_position(format_position(state))) == []
            if state.pending is None:
                break
            state = fold(state, decide(state, rnd.choice(legal_commands(state))))
