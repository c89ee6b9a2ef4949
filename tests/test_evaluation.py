"""The evaluation (`ai/evaluate.py`) judges the opening by what the first layer needs.

The rulebook's first layer needs 3 land hexes, 1 wood, 1 sheep and 1 worker to sacrifice
[Monument costs, l.168-171; Build a layer of your monument, l.272, l.278]. The land is
checked before the sacrifice, so the three workers a player starts with [l.162] hold the
three hexes and one of them is sacrificed (docs/rules-decisions.md, B62). A second sheep
is surplus; the wood is what the layer lacks; a town [l.248] spends the sheep the layer
needs and is not needed for it.
"""

from __future__ import annotations

import random

from monuments_tui.ai.evaluate import (
    LAYER,
    TURN,
    UPGRADE_VALUE,
    _counted,
    evaluate,
    resource_counts,
    turns_to_layer,
)
from monuments_tui.ai.heuristic import heuristic_bot
from monuments_tui.rules import decide, fold, new_game, parse_command, pending as pd
from monuments_tui.rules.layer_needs import layer_needs
from monuments_tui.rules.queries import controlled_land
from monuments_tui.rules.state import GameState, copy_state
from monuments_tui.ui.tutorial import learning_config
from tests.helpers import add_resources, bare, clear_units, workers_on


def _play(state: GameState, *commands: str) -> GameState:
    for text in commands:
        state = fold(state, decide(state, parse_command(text)))
    return state


def _greece_at_start_resources() -> GameState:
    """The `monuments learn` game at Greece's first starting resource [l.162]."""
    state, rnd = new_game(learning_config(1)), random.Random(1)
    while not isinstance(state.pending, pd.ChooseStartResource) or state.pending.seat != 0:
        state = fold(state, decide(state, heuristic_bot(state, rnd)))
    return state


def test_the_wood_the_first_layer_needs_beats_a_second_sheep():
    """With a sheep placed next to the monument (F18, a pasture), the second starting
    resource is worth more as the wood on E19 (a forest) than as another sheep on F18: the
    first layer needs 1 wood and 1 sheep [l.171, l.278]."""
    state = _play(_greece_at_start_resources(), "start sheep F18")
    assert state.pending is not None and state.pending.seat == 0
    wood = _play(state, "start wood E19")
    sheep = _play(state, "start sheep F18")
    assert evaluate(wood, 0) > evaluate(sheep, 0)


def _three_hexes_held(mode: str = "abundance") -> GameState:
    """Greece with a worker on each of F18 (pasture), E19 (forest) and E20 (mountain), a wood
    on E19, and a sheep and 2 food on F18: the first layer can be built, and so can a town."""
    s = copy_state(bare(mode=mode))
    clear_units(s, 0)
    workers_on(s, 0, ["F18", "E19", "E20"])
    add_resources(s, "E19", wood=1)
    add_resources(s, "F18", sheep=1, food=2)
    s.pending = pd.ChooseAction(seat=0)
    return s


def test_three_workers_on_three_hexes_make_the_first_layer():
    """3 land hexes, a wood and a sheep, and 3 workers: nothing is missing but the Monument
    card's turn. No town, no fourth worker: one of the three is sacrificed after the land is
    counted [l.272, l.278; docs/rules-decisions.md]."""
    s = _three_hexes_held()
    needs = layer_needs(s, 0)
    assert needs is not None and needs.layer == 1 and not needs.missing
    assert turns_to_layer(s, 0, controlled_land(s, 0), resource_counts(s, 0)) == 1.0


def test_the_first_layer_beats_a_town():
    """Building the layer is worth more than building a town with the sheep the layer needs
    [l.171, l.248]."""
    s = _three_hexes_held()
    layer = _play(s, "play monument", "layer")
    assert layer.players[0].layers == 1
    town = _play(s, "play build", "build town F18")
    assert any(b.kind == "town" and b.owner == 0 for b in town.buildings.values())
    assert evaluate(layer, 0) > evaluate(town, 0) + 100
    assert evaluate(town, 0) < evaluate(s, 0)  # the town spent the layer's sheep


def test_a_built_layer_is_always_a_jump():
    """However far off the next layer is, building this one gains: the turns to the next
    layer are counted less and less beyond a knee, never past what a layer is worth."""
    s = _three_hexes_held()
    layer = _play(s, "play monument", "layer")
    far = copy_state(layer)
    clear_units(far, 0)
    workers_on(far, 0, ["F18"])
    assert evaluate(far, 0) > evaluate(s, 0)


def _after_first_layer(hex_id: str, **held: int) -> GameState:
    """Greece after its first layer: 2 workers left, both on `hex_id` (no town yet), holding
    `held` there. The second layer needs 5 land hexes, 1 of each resource and 1 worker
    [Monument costs, l.172]: 4 new workers, so a town first [l.248, l.264-266]."""
    s = copy_state(bare(mode="abundance"))
    clear_units(s, 0)
    s.players[0].layers = 1
    workers_on(s, 0, [hex_id], per_hex=2)
    add_resources(s, hex_id, **held)
    s.pending = pd.ChooseAction(seat=0)
    return s


def _turns(s: GameState) -> float:
    return turns_to_layer(s, 0, controlled_land(s, 0), resource_counts(s, 0))


def test_each_trade_of_surplus_for_what_is_lacking_is_progress():
    """Two workers on a mountain (E20) holding 5 metal, short of the town's sheep and food: a
    trade gives 1 resource for 2 of one kind [Trade, l.387], twice an action. Each trade of
    the surplus metal brings the layer nearer: the surplus is one pool for all the kinds lacking, so spending it never makes the rest look dearer."""
    s = _after_first_layer("E20", metal=5)
    s.players[0].hand = ["trade"]
    s = _play(s, "play trade")
    once = _play(s, "trade metal food E20")
    twice = _play(once, "trade metal food E20")
    assert _turns(s) > _turns(once) > _turns(twice)


def test_the_town_comes_before_the_layers_resources():
    """The stall of a full hex: two workers on a pasture (F18) holding a wood, a metal, 2 sheep
    and a food: 5 resources, so nothing more can be produced there [Production, l.232]. The
    town (1 sheep, 2 food [l.248]) comes before the new workers [l.264-266], and with them
    the layer; its wood and metal are gathered after the town. So trading the wood for food
    (1:1 with Trade upgraded [l.387]) is progress."""
    s = _after_first_layer("F18", wood=1, metal=1, sheep=2, food=1)
    s.players[0].green = ["trade"]
    assert _turns(_play(s, "play trade", "trade wood food F18")) < _turns(s)


def test_a_turn_saved_outweighs_an_upgrade_right_after_a_layer():
    """After a layer, the next one wants more land, resources and workers [l.272-278], so a
    town and its workers first [Buildings, l.248]: some 15-25 turns off. A turn saved there
    must still outweigh an upgrade, or the bot upgrades and draws quests for a dozen rounds
    before its town. And a layer built always gains, however far off the next one is."""
    for turns in range(1, 31):
        assert TURN * (_counted(turns) - _counted(turns - 1)) > max(UPGRADE_VALUE.values())
    assert LAYER - TURN * _counted(10_000) > 0
