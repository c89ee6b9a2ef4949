"""Map rendering benchmark: ratios measured side by side in one run (not part of the test run).

Run: .venv/bin/python tests/bench/bench_map_render.py

It plays a seeded 4-player game with the random bot, adds pieces of every kind, and
times `render_map` per call: the middle zoom and the overview against detail, colour against plain, and the
first call for a set-up (which builds the cached static layer) against later calls. As
a yardstick it also times one game step (`decide` + `fold`) on the same positions, and
turning the detail map's lines into segments (what the widget does once per state).
Machines here are shared and noisy, so only the ratios mean much.
"""

from __future__ import annotations

import random
import time

from rich.console import Console
from timing import best_of  # tests/bench/timing.py: the scripts run from this folder

from monuments_tui.rules import GameConfig, decide, fold, legal_commands, new_game
from monuments_tui.rules.state import Bridge, Building, Ferry, Unit, copy_state
from monuments_tui.ui import map_render, map_static
from monuments_tui.ui.map_render import render_map


def mid_game(steps: int = 400):
    rnd = random.Random(1)
    state = new_game(GameConfig(civs=("greece", "egypt", "maya", "inca"), mode="abundance", seed=1))
    positions = []
    for _ in range(steps):
        if state.phase == "over":
            break
        command = rnd.choice(legal_commands(state))
        positions.append((state, command))
        state = fold(state, decide(state, command))
    # Crowd the board: every kind of piece, on many hexes (on a copy: the positions share parts with it).
    state = copy_state(state)
    land = sorted(map_render._layout(state).land)
    for i, hex_id in enumerate(land):
        state.units[f"bw{i}"] = Unit(f"bw{i}", i % 4, "worker", hex_id, weapon=i % 3 == 0, horse=i % 5 == 0)
        if i % 2:
            state.units[f"ba{i}"] = Unit(f"ba{i}", i % 4, "army", hex_id)
        if i % 3 == 0:
            state.buildings[f"bb{i}"] = Building(
                f"bb{i}", i % 4, ("town", "fort", "factory")[i % 3], hex_id, damaged=i % 2 == 0
            )
        state.resources[hex_id] = {"wood": i % 3, "food": 1, "metal": i % 2, "sheep": 2}
    state.bridges["Bx"] = Bridge("Bx", "D19", "E19", 0)
    state.ferries["Fx"] = Ferry("Fx", "E21", "E20", 0)
    state.units["bp"] = Unit("bp", 0, "worker", "E21", ferry="Fx")
    return state, positions


def main() -> None:
    state, positions = mid_game()
    pieces = len(state.units) + len(state.buildings) + len(state.ferries) + len(state.bridges)

    map_static.static_layer.cache_clear()
    t = time.perf_counter()
    render_map(state, "E19", "detail")
    cold_detail = time.perf_counter() - t

    middle = best_of(lambda: render_map(state, "E19", "middle"), number=20)
    overview = best_of(lambda: render_map(state, "E19", "overview"), number=20)
    detail = best_of(lambda: render_map(state, "E19", "detail"), number=20)
    detail_plain = best_of(lambda: render_map(state, "E19", "detail", color=False), number=20)
    bare = best_of(lambda: render_map(None, None, "detail"), number=20)

    console = Console(width=400, color_system="truecolor")
    lines = render_map(state, None, "detail")
    segments = best_of(lambda: [list(line.render(console)) for line in lines], number=5)

    sample = positions[-50:]
    step = best_of(lambda: [fold(s, decide(s, c)) for s, c in sample], rounds=5) / len(sample)

    print(f"pieces on the board          {pieces}")
    print(f"middle                       {middle * 1e3:6.2f} ms/call")
    print(f"overview                     {overview * 1e3:6.2f} ms/call")
    print(f"detail                       {detail * 1e3:6.2f} ms/call")
    print(f"detail, no colour            {detail_plain * 1e3:6.2f} ms/call")
    print(f"detail, bare map             {bare * 1e3:6.2f} ms/call")
    print(f"detail, first call (cold)    {cold_detail * 1e3:6.2f} ms")
    print(f"detail lines -> segments     {segments * 1e3:6.2f} ms (widget, once per state)")
    print(f"one game step (decide+fold)  {step * 1e3:6.2f} ms")
    print(f"detail / overview            {detail / overview:6.1f}x")
    print(f"detail / middle              {detail / middle:6.1f}x")
    print(f"middle / one game step       {middle / step:6.1f}x")
    print(f"colour / no colour (detail)  {detail / detail_plain:6.2f}x")
    print(f"pieces cost (full / bare)    {detail / bare:6.2f}x")
    print(f"cold / warm (detail)         {cold_detail / detail:6.1f}x")
    print(f"detail / one game step       {detail / step:6.1f}x")


if __name__ == "__main__":
    main()
