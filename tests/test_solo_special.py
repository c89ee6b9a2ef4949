"""The solo AI's Special card as the text says [Special, l.480-496], and the 0.3.0 behaviours
kept behind rule options (config.OPTIONS_0_3_0) for saves of that version.

Line numbers are those of the rulebook text (monuments-rulebook.txt); Bnn are items of the
rules review.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace

from monuments_tui.rules import events as ev
from monuments_tui.rules.config import OPTIONS_0_3_0
from monuments_tui.rules.queries import units_of
from tests.helpers import put_units as place, with_options
from tests.solo_helpers import (
    AI,
    BRIDGES_AND_FERRIES,
    ai_position,
    ai_to_play,
    ai_turn,
    blank,
    narration,
    of_type,
    with_deck,
)

EUROPE_RIVERS = (("D18", "E19"), ("D19", "E19"), ("D19", "E20"), ("E18", "E19"), ("E18", "F18"))
"""Every river edge of Greece's home continent."""


def d6_rolls(events) -> list[int]:
    return [e.value for e in events if isinstance(e, ev.RandomDrawn) and e.of == 6]


def test_special_bridges_then_ferries_then_units():
    """l.482-488: Special builds bridges until the AI has 2, then ferries until 2, then trains a
    military unit by a D6 roll (1-2 air, 3-4 navy, 5-6 army), replacing a worker, for nothing
    (the text names no cost). South America has land behind two rivers in a row (docs/map.md)."""
    s = ai_position(
        "special",
        "K11: inca w w 3wood 2metal\nE8: maya w w w\nA12: 2metal",  # Maya as set up; 5 resources at most [l.232]
        civs=("inca", "maya"),
        sections="[inca]\nquests qs-wood\n[maya]\nquests qs-land",
    )
    s, events = ai_turn(s)
    [bridge] = [e.bridge for e in events if isinstance(e, ev.BridgeBuilt)]
    assert "K11" in (bridge.a, bridge.b) and bridge.builder == AI
    # A second bridge over the second river, from a worker beyond the first (the game goes on
    # from the first turn, so the new workers are added to the position it reached).
    beyond = bridge.b if bridge.a == "K11" else bridge.a
    s = place(s, AI, beyond)
    s, events = ai_turn(with_deck(ai_to_play(s), ["special"]))
    [bridge] = [e.bridge for e in events if isinstance(e, ev.BridgeBuilt)]
    assert beyond in (bridge.a, bridge.b)
    # 2 bridges: now ferries, on the home continent next to an AI worker on a shore.
    s = place(s, AI, "L10")
    for _ in range(2):
        s, events = ai_turn(with_deck(ai_to_play(s), ["special"]))
        [ferry] = [e.ferry for e in events if isinstance(e, ev.FerryBuilt)]
        assert ferry.builder == AI and ferry.land in {u.hex for u in units_of(s, AI, "worker")}
    # 2 bridges and 2 ferries: a military unit by the die, free.
    table = {1: "air", 2: "air", 3: "navy", 4: "navy", 5: "army", 6: "army"}
    s = ai_to_play(s)
    workers = len(units_of(s, AI, "worker"))
    s2, events = ai_turn(with_deck(s, ["special"]))
    rolls = d6_rolls(events)
    [unit] = [e.unit for e in events if isinstance(e, ev.UnitPlaced)]
    assert unit.kind == table[rolls[-1]] and all(table[r] == "air" for r in rolls[:-1])  # air needs layer 3
    assert len(units_of(s2, AI, "worker")) == workers - 1
    assert not of_type(events, ev.ResourcesSpent)


def every_land_hex_held() -> object:
    """Greece's AI with a worker on every hex of its continent and 2 resources: no bridge can
    open land it cannot already reach."""
    held = [f"{h}: greece w" for h in ("C18", "C19", "D17", "D18", "D19", "E18", "E19", "F18")]
    return blank("\n".join([*held, "E20: greece w 2metal"]), "special")


def test_special_builds_a_bridge_even_where_it_opens_no_land():
    """l.482: with 0 or 1 bridges built, the AI builds a bridge whenever it controls a resource;
    the text does not ask the bridge to open new land (it only says where it goes)."""
    s, events = ai_turn(every_land_hex_held())
    assert len(of_type(events, ev.BridgeBuilt)) == 1 and sum(e.n for e in of_type(events, ev.ResourcesSpent)) == 1


def test_0_3_0_built_only_bridges_that_open_land():
    """0.3.0 (`solo_bridges_open_land`): no bridge that opens nothing is built; Special does nothing."""
    s = with_options(every_land_hex_held(), solo_bridges_open_land=True)
    s, events = ai_turn(s)
    assert not of_type(events, ev.BridgeBuilt) and "cannot build a useful one" in narration(events)


def player_bridges_everywhere() -> object:
    """Every river of Greece's continent bridged by the player; the AI has built none."""
    bridges = [f"bridge#B9{i} {a}-{b} by egypt" for i, (a, b) in enumerate(EUROPE_RIVERS)]
    return blank("\n".join(["E20: greece w 2metal", *bridges]), "special")


def test_ferries_wait_for_two_ai_bridges():
    """l.486: only once the AI has built 2 bridges does it turn to ferries. With every river
    bridged by the player it can build neither bridge, so the card does nothing (l.455)."""
    s, events = ai_turn(player_bridges_everywhere())
    assert not of_type(events, ev.BridgeBuilt) and not of_type(events, ev.FerryBuilt)
    assert "cannot build another" in narration(events) and s.ai.discard[-1] == "special"


def test_0_3_0_went_on_to_ferries_once_the_continent_was_joined():
    """0.3.0 (`solo_bridges_open_land`): bridges of anyone joining the continent ended the bridge step."""
    s = with_options(player_bridges_everywhere(), solo_bridges_open_land=True)
    s, events = ai_turn(s)
    assert len(of_type(events, ev.FerryBuilt)) == 1


def ready_to_train(workers: int, board: str = "", greece: str = "", **options):
    """Greece's AI with its 2 bridges and 2 ferries, `workers` workers on E20 and no resource
    (`board` more lines, `greece` more of the AI's section); `options` are rule options."""
    on_e20 = f"E20: greece {' '.join(['w'] * workers)}\n" if workers else ""
    s = blank(on_e20 + board + BRIDGES_AND_FERRIES, "special", greece=greece)
    return with_options(s, **options) if options else s


def test_training_is_free_and_may_take_the_last_worker():
    """l.488: "Replace a worker with this military unit": no cost is named, and no worker is kept back."""
    s, events = ai_turn(ready_to_train(1))
    assert len(of_type(events, ev.UnitPlaced)) == 1 and not units_of(s, AI, "worker")
    assert not of_type(events, ev.ResourcesSpent)


def test_training_needs_a_worker_to_replace():
    """l.488, l.455: with no worker on land there is nothing to replace: no die is rolled, the card does nothing."""
    s, events = ai_turn(ready_to_train(0, "E19: greece army\n"))
    assert not of_type(events, ev.UnitPlaced) and not d6_rolls(events)
    assert "no worker on land" in narration(events) and s.ai.discard[-1] == "special"


def test_0_3_0_charged_2_and_kept_3_workers():
    """0.3.0 (`solo_unit_cost` 2, `solo_workers_kept` 3): a unit cost any 2 resources, and the
    AI never trained away its last 3 workers."""
    old = {k: OPTIONS_0_3_0[k] for k in ("solo_unit_cost", "solo_workers_kept")}
    s, events = ai_turn(ready_to_train(3, "E20: 4metal\n", **old))
    assert not of_type(events, ev.UnitPlaced) and "last 3 workers" in narration(events)
    s, events = ai_turn(ready_to_train(4, "E20: 1metal\n", **old))
    assert not of_type(events, ev.UnitPlaced) and "fewer than 2 resources" in narration(events)
    s, events = ai_turn(ready_to_train(4, "E20: 4metal\n", **old))
    assert len(of_type(events, ev.UnitPlaced)) == 1 and sum(e.n for e in of_type(events, ev.ResourcesSpent)) == 2


def test_special_green_hands_a_weapon_and_sets_itself_aside():
    """l.492: green Special also arms a worker; l.494: with every unit out it is set aside."""
    s = ready_to_train(4, greece="green special")
    s.players[AI].supply.update(navy=0, air=0)  # no text for fewer pieces
    s, events = ai_turn(s)
    assert [e.unit.kind for e in events if isinstance(e, ev.UnitPlaced)] == ["army"]
    assert any(isinstance(e, ev.UnitEquipped) and e.item == "weapon" for e in events)
    s = ai_to_play(s)
    s.players[AI].supply.update(army=0)  # the game goes on from the turn played
    s, events = ai_turn(with_deck(s, ["special", "quest"]))
    assert s.ai.set_aside == ["special"]


def test_a_0_3_0_solo_game_replays_with_the_0_3_0_options():
    """The solo example 0.3.0 shipped (kept as tests/golden/v1_0.3.0_solo-hard.jsonl) still
    replays, event for event, once its options are those of OPTIONS_0_3_0; under today's
    defaults it does not."""
    from monuments_tui.game.timeline import rebuild
    from monuments_tui.saves.format import SaveError, read_save

    save = read_save(Path(__file__).resolve().parent / "golden" / "v1_0.3.0_solo-hard.jsonl")
    header = save.header
    assert header.rules_version == "0.3.0"
    options = replace(header.config.options, **OPTIONS_0_3_0)
    old = replace(header, config=replace(header.config, options=options))
    state = rebuild(old, save.records, save.path).timeline.state
    assert state.phase == "over" and max(p.layers for p in state.players) == 5
    with pytest.raises(SaveError, match="does not give the recorded events"):
        rebuild(header, save.records, save.path)
