"""The lists that leave out options early leave out only what the rules refuse.

Some candidate lists skip options the rules would refuse anyway, to save deciding them:
Build offers only pieces the player has left [Build a building, l.240; Player set-up,
l.156-158; Abilities (B21)], no bridge where one spans the river already and no ferry
where one is docked already [Bridge, l.252; Ferry, l.254], and a quest's bonus resource
is looked for only on hexes with the player's worker [Draw quest cards, l.377]. Each is
checked here against every option: Build on set positions (the last piece of a kind, none
left, an ability's token, crossings built already), the bonus resource on positions of
random games.
"""

from __future__ import annotations

import pytest

from monuments_tui.rules import RuleViolation, commands as c, decide, format_position, legal_commands
from monuments_tui.rules.actions.turn import QUEST_BONUS_RULE, bonus_placements
from monuments_tui.rules.board import load_board
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.queries import layout
from monuments_tui.rules.registry import candidate_commands
from monuments_tui.rules.resource_placement import check_resource_placement
from monuments_tui.rules.state import ABILITY_BUILDINGS, HEX_BUILDINGS, GameState

from .helpers import position
from .test_bonuses import MAYA_INCA
from .test_economy import SET_UP, ready
from .test_properties import random_positions


def accepted(state: GameState, command: c.Command) -> bool:
    try:
        decide(state, command)
    except RuleViolation:
        return False
    return True


RICH = (SET_UP.replace("E19: 1wood", "E19: greece w 1wood"), "E20: greece w 2sheep 2food 1metal")
"""Workers on two hexes holding enough for any one building."""


@pytest.mark.parametrize(
    ("game", "lines", "builds"),
    [
        (ready(*RICH), "", {"town", "fort", "factory"}),
        (
            ready(*RICH),
            "supply worker=10 town=1 fort=0 factory=1 air=3 navy=3 army=3\nset-aside town=2 fort=3 factory=2",
            {"town", "factory"},
        ),  # the last town
        (
            ready(*RICH),
            "supply worker=10 town=0 fort=0 factory=0 air=3 navy=3 army=3\nset-aside town=3 fort=3 factory=3",
            set(),
        ),
        (position(MAYA_INCA, "[board]", "E7: maya w 1wood 1metal", "K10: inca w"), "", {"fort", "workshop"}),  # B21
        (position(MAYA_INCA, "[board]", "E7: maya w 1wood 1metal", "K10: inca w", "[maya]", "tokens -"), "", {"fort"}),
    ],
)
def test_build_lists_every_building_the_rules_accept(game, lines, builds):
    """[Build a building, l.240; Player set-up, l.156-158: only pieces in supply; Abilities (B21)]"""
    if lines:
        text = format_position(game).replace(_supply_line(game) + "\nset-aside -", lines, 1)
        game = position(text)
    state = fold(game, decide(game, c.PlayCard("build")))
    seat = state.pending.seat
    land = layout(state).land
    hexes = {u.hex for u in state.units.values() if u.owner == seat and u.kind == "worker" and u.hex in land}
    every = {c.Build(piece, h) for h in hexes for piece in HEX_BUILDINGS + ABILITY_BUILDINGS}
    listed = {x for x in legal_commands(state) if isinstance(x, c.Build) and x.to is None}
    assert listed == {x for x in every if accepted(state, x)}
    assert {x.piece for x in listed} == builds


@pytest.mark.parametrize(
    ("more", "listed"),
    [
        ((), {("bridge", "E19"), ("bridge", "E20"), ("ferry", "C20"), ("ferry", "D20")}),
        (
            ("bridge#B1 D19-E19 by egypt", "ferry#ferry2 C20 docked D19 by greece"),
            {("bridge", "E20"), ("ferry", "D20")},
        ),
        (("bridge#B1 D19-E19 by egypt", "bridge#B2 D19-E20 by greece"), {("ferry", "C20"), ("ferry", "D20")}),
    ],
)
def test_build_offers_no_crossing_built_already(more, listed):
    """A bridge where one spans the river already, or a ferry where one is docked already, is
    not even offered: the rule refuses both [Bridge, l.252; Ferry, l.254]. The crossings
    offered are exactly those it accepts."""
    game = ready(SET_UP, "D19: greece w 2wood 2metal 1sheep", *more)
    state = fold(game, decide(game, c.PlayCard("build")))
    offered = {x for x in candidate_commands(state) if isinstance(x, c.Build) and x.hex == "D19" and x.to}
    every = {c.Build(piece, "D19", n) for n in load_board().neighbours("D19") for piece in ("bridge", "ferry")}
    assert offered == {x for x in every if accepted(state, x)}
    assert {(x.piece, x.to) for x in offered} == listed


def test_build_offers_no_crossing_without_a_token_in_the_bank():
    """With no bridge/ferry token left in the bank, no bridge or ferry can be built (B50)."""
    game = ready(SET_UP, "D19: greece w 2wood 2metal 1sheep")
    game.bank["token"] = 0  # every token out: as text, that many bridges and ferries on the board
    state = fold(game, decide(game, c.PlayCard("build")))
    assert not any(isinstance(x, c.Build) and x.to for x in candidate_commands(state))
    every = {c.Build(piece, "D19", n) for n in load_board().neighbours("D19") for piece in ("bridge", "ferry")}
    assert not any(accepted(state, x) for x in every)


def _supply_line(state: GameState) -> str:
    return next(line for line in format_position(state).splitlines() if line.startswith("supply "))


@pytest.mark.parametrize("seed", range(4))
def test_a_quest_bonus_is_offered_on_every_hex_that_may_take_it(seed):
    board = load_board()
    for state, _ in random_positions(seed, 6, walk=240):
        for seat in range(state.seats):
            every = []
            for h in sorted(layout(state).land):
                try:
                    resource = check_resource_placement(
                        state, seat, board.hex(h).resource, h, need_worker=True, must_match=True, rule=QUEST_BONUS_RULE
                    )
                except RuleViolation:
                    continue
                every.append((resource, h))
            assert bonus_placements(state, seat) == every
