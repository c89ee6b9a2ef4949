"""Helpers for rules tests: positions (written as text where that is clearer), commands by notation.

A test gets its position from `position(text, ...)` (the notation of docs/positions.md: only
what matters to the test is written, the rest is filled in), from a set-up game (`game`,
`bare`, `board`), or, where text has not replaced them yet, by putting pieces on a private
copy (`add_unit`, `add_resources`, ..., which mutate the state they are given). Commands are then driven through `decide`/`fold`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from random import Random

import pytest
from msgspec.structs import replace

from monuments_tui.game.timeline import load_save
from monuments_tui.rules import (
    GameConfig,
    RuleOptions,
    RuleViolation,
    decide,
    fold,
    legal_commands,
    new_game,
    parse_command,
    parse_position,
    pending as pd,
    rng as random,
)
from monuments_tui.rules.content import load_content
from monuments_tui.rules.position.write import HEADER, counts, format_position
from monuments_tui.rules.state import MILITARY, Building, Ferry, GameState, Unit, copy_state

GREECE, EGYPT = 0, 1


START_WORKERS = """
    F19: greece w w w
    H19: egypt wh wh w
"""
"""[board] lines: Greece's and Egypt's three starting workers on their monument hexes [Player set-up, l.160]."""
START_BOARD = """
    E19: 1wood
    F18: 1sheep
    F19: greece w w w
    H18: 1sheep
    H19: egypt wh wh w
    I20: 1wood
"""
"""[board] lines: the starting workers and the first legal starting resources of Greece v Egypt, seed 1."""


def position(*texts: str) -> GameState:
    """The position written in `texts` (docs/positions.md), joined by lines and indented as
    you like; the first line, "monuments position 1", may be left out."""
    text = "\n".join(textwrap.dedent(t).strip("\n") for t in texts) + "\n"
    return parse_position(text if text.startswith(HEADER) else f"{HEADER}\n{text}")


def start(civs=("greece", "egypt"), mode="scarcity", seed=1, **config) -> GameState:
    """A new game, before any set-up choice."""
    return new_game(GameConfig(civs=tuple(civs), mode=mode, seed=seed, **config))


def finish_setup(state: GameState) -> GameState:
    """Each seat keeps its first starting quest and places its resources on the first legal hexes."""
    while state.phase == "setup":
        state = fold(state, decide(state, legal_commands(state)[0]))
    return state


def game(civs=("greece", "egypt"), mode="scarcity", seed=1, **config) -> GameState:
    """A new game, set up (first starting quest kept, resources on the first legal hexes), seat 0 to play."""
    return finish_setup(start(civs, mode, seed, **config))


def greece_egypt_ready(**kw) -> GameState:
    """Greece (seat 0) and Egypt (seat 1), set up, Greece to play its first turn."""
    s = start(**kw)
    s = run(s, f"startquest {s.pending.options[0]}", "start wood E19", "start sheep F18")
    s = run(s, f"startquest {s.pending.options[0]}", "start sheep H18", "start wood I20")
    return s


def bare(civs=("greece", "egypt"), mode="scarcity", seed=1, **config) -> GameState:
    """A set-up game with no resources on the board and no quests in progress (so no quest
    waits to be turned in after an action), every player past their first turn."""
    s = copy_state(game(civs, mode, seed, **config))
    for p in s.players:
        s.removed_cards += p.quests
        p.quests = []
        p.battles_at_draw = {}
    for hex_id in list(s.resources):
        for r, n in s.resources[hex_id].items():
            s.bank[r] += n
    s.resources = {}
    for p in s.players:
        p.turns = max(p.turns, 2)
    return s


def board(civs=("greece", "egypt"), mode="scarcity", seed=1, allowance=(GREECE, EGYPT), **options) -> GameState:
    """Play has begun, round 3, no pieces on the board; seat 0 to play a card.

    Every seat has all its military units in supply (nothing military set aside), and the
    seats in `allowance` hold a military allowance common bonus card.
    """
    deal = new_game(GameConfig(civs=tuple(civs), mode=mode, seed=seed, options=RuleOptions(**options)))
    lines = [line for line in format_position(deal).splitlines() if line.startswith(("game ", "options "))]
    lines += ["round 3"]
    cards = iter(c.id for c in load_content().common_bonus if c.effect == "military_allowance")
    for seat, p in enumerate(deal.players):
        buildings = {k: n for k, n in p.set_aside.items() if k not in MILITARY}
        lines += [f"[{p.civ}]", f"set-aside {counts(buildings)}", "turns 2"]
        lines += [f"bonuses {next(cards)}"] if seat in allowance else []
    return position("\n".join(lines))


def on_board(
    board: str,
    step: str = "",
    green: bool = False,
    allowance=(GREECE, EGYPT),
    options: str = "",
    set_aside: str = "town=2 fort=2 factory=1",
    greece: str = "",
    rng: int | None = None,
) -> GameState:
    """Greece v Egypt in round 3, Greece to play, every military unit in supply and a military
    allowance card held by each seat in `allowance` (as `board()` deals them); `board` lists the
    pieces, `set_aside` Greece's set-aside pieces, `greece` more of its lines, `options` an
    options line, `rng` the generator's position. With `step`, Greece has just played that card
    (on its `green` side) and its step waits."""
    playing = f"card-in-play {step}\npending {step} greece green={'yes' if green else 'no'}" if step else ""
    return position(f"""
        game greece,egypt scarcity seed=1
        {options}
        round 3
        {playing}
        {"" if rng is None else f"rng {rng}"}
        [board]
        {board}
        [greece]
        set-aside {set_aside}
        {"bonuses cb1-military" if GREECE in allowance else ""}
        {"green " + step if green else ""}
        {greece}
        turns 2
        [egypt]
        set-aside town=2 fort=1 factory=2
        {"bonuses cb1-military-3p" if EGYPT in allowance else ""}
        turns 2
    """)


def run(state: GameState, *texts: str) -> GameState:
    """Apply commands written in the notation; a rule violation fails the test."""
    for text in texts:
        state = fold(state, decide(state, parse_command(text)))
    return state


def rejected(state: GameState, text: str) -> RuleViolation:
    """The RuleViolation that `text` raises (fails the test if it is accepted)."""
    with pytest.raises(RuleViolation) as info:
        decide(state, parse_command(text))
    return info.value


def refusal(state: GameState, text: str) -> str:
    """The message of the RuleViolation that `text` raises (fails the test if it is accepted)."""
    return str(rejected(state, text))


# -- pieces put straight on the board (these mutate `s`) -------------------------------------------
def add_unit(s: GameState, seat: int, kind: str, hex_id: str, *, weapon=False, horse=False, ferry=None) -> str:
    """Put a unit of `seat` from its supply on `hex_id` (mutates `s`); returns its id."""
    uid = f"u{s.next_id}"
    s.next_id += 1
    s.units[uid] = Unit(uid, seat, kind, hex_id, ferry=ferry, weapon=weapon, horse=horse)
    supply = s.players[seat].supply
    supply[kind] = supply.get(kind, 0) - 1
    if weapon:
        s.bank["weapon"] -= 1
    return uid


def add_building(s: GameState, seat: int, kind: str, hex_id: str, damaged=False) -> str:
    """Put a building of `seat` from its supply on `hex_id` (mutates `s`); returns its id."""
    bid = f"b{s.next_id}"
    s.next_id += 1
    s.buildings[bid] = Building(bid, seat, kind, hex_id, damaged=damaged)
    supply = s.players[seat].supply
    supply[kind] = supply.get(kind, 0) - 1
    return bid


def add_resources(s: GameState, hex_id: str, **counts: int) -> None:
    """Put resources from the bank on `hex_id` (mutates `s`)."""
    on = s.resources.setdefault(hex_id, {})
    for r, n in counts.items():
        on[r] = on.get(r, 0) + n
        s.bank[r] -= n


def clear_units(s: GameState, seat: int) -> None:
    """Take all of `seat`'s units off the board, back to its supply (mutates `s`)."""
    for uid in [u for u, unit in s.units.items() if unit.owner == seat]:
        unit = s.units.pop(uid)
        s.players[seat].supply[unit.kind] = s.players[seat].supply.get(unit.kind, 0) + 1


unit = add_unit
building = add_building
resources = add_resources


def ferry(s: GameState, water: str, land: str | None = None) -> str:
    fid = f"ferry{s.next_id}"
    s.next_id += 1
    s.ferries[fid] = Ferry(fid, water, land, 0)
    s.bank["token"] -= 1
    return fid


def options(s: GameState, **opts) -> None:
    """Change rule options of `s` (mutates `s`)."""
    s.config = with_options(s, **opts).config


def put_units(state: GameState, seat: int, hex_id: str, n: int = 1, kind: str = "worker", **flags) -> GameState:
    """A copy of `state` with `n` more units of `seat` on `hex_id` (taken from the supply)."""
    s = copy_state(state)
    for _ in range(n):
        add_unit(s, seat, kind, hex_id, **flags)
    return s


def put_resources(state: GameState, hex_id: str, **counts: int) -> GameState:
    """A copy of `state` with resources from the bank on `hex_id`."""
    s = copy_state(state)
    add_resources(s, hex_id, **counts)
    return s


# -- copies with one thing changed ------------------------------------------------------------------
def with_options(state: GameState, **options) -> GameState:
    s = copy_state(state)
    s.config = replace(s.config, options=replace(s.config.options, **options))
    return s


def turn_of(s: GameState, seat: int) -> GameState:
    """`s` with `seat` to choose its action (mutates `s`)."""
    s.current = seat
    s.pending = pd.ChooseAction(seat)
    s.card_in_play = None
    return s


def workers_on(s: GameState, seat: int, hexes, per_hex: int = 1) -> None:
    """`per_hex` workers of `seat` on each of `hexes` (mutates `s`)."""
    for h in hexes:
        for _ in range(per_hex):
            add_unit(s, seat, "worker", h)


HOME = {
    "greece": ("E19", "E20", "F18", "D18", "E18", "D19", "D17", "C19", "C18"),
    "egypt": ("H18", "I19", "I20", "I17", "I18", "J17", "J19", "K18", "K19"),
    "maya": ("D7", "D8", "E7", "C7", "B7", "B8", "B9", "C10", "C9"),
    "inca": ("J10", "K11", "L10", "J11", "I11", "I12", "J12", "J13", "K12"),
}
"""Each civilisation's nine home land hexes: the three next to its monument, then one for each
missing resource, so that the first five produce all four resources."""


def give_deck(s: GameState, seat: int, deck: str) -> None:
    """Give `seat` personal bonus deck `deck` (layers 1-4, then the set-up card) (mutates `s`)."""
    from monuments_tui.rules.content import load_content

    cards = sorted((c for c in load_content().personal_bonus if c.deck == deck), key=lambda c: c.layer)
    s.players[seat].personal_deck = [c.id for c in cards[1:]] + [cards[0].id]


def free_land(s: GameState, seat: int, n: int, strict: bool = True) -> list[str]:
    """`n` land hexes in play holding no other player's pieces: home first, then the rest in order."""
    from monuments_tui.rules.queries import layout, occupied_by_other

    lay = layout(s)
    home = [h for h in HOME[s.players[seat].civ] if h in lay.land]
    rest = sorted(h for h in lay.land if h not in home)
    hexes = [h for h in home + rest if not occupied_by_other(s, h, seat)]
    if not strict:
        return hexes
    assert len(hexes) >= n, f"only {len(hexes)} free land hexes"
    return hexes[:n]


def ready_for_layer(s: GameState, seat: int, layer: int, extra_workers: int = 3, hexes: int | None = 0) -> GameState:
    """`s` (copied) with `seat` able to build `layer` at once: layers built so far, one worker on
    each land hex needed, `extra_workers` on its monument hex, the resources on its home hexes.

    `hexes` overrides how many land hexes get a worker (None: as many free ones as there
    are, up to the number the layer needs), for positions where not everyone can have them all.
    """
    from monuments_tui.rules.board import load_board
    from monuments_tui.rules.pieces import layer_cost
    from monuments_tui.rules.queries import monument_hex

    s = copy_state(s)
    need = layer_cost(layer)
    clear_units(s, seat)
    s.players[seat].layers = layer - 1
    if hexes is None:
        hexes = min(need.hexes, len(free_land(s, seat, 0, strict=False)))
    land = free_land(s, seat, hexes or need.hexes)
    workers_on(s, seat, land)
    workers_on(s, seat, [monument_hex(s, seat)], extra_workers)
    board = load_board()
    for resource, n in need.cost.items():
        if n:
            where = next(h for h in land if board.hex(h).resource == resource)
            add_resources(s, where, **{resource: n})
    return turn_of(s, seat)


def late_game(civs=("greece", "egypt"), mode="scarcity", seed=1) -> GameState:
    """A late-game position, seat 0 to play in round 10: every seat has 4 layers with a common
    bonus of each level, its personal deck used, the resources of layer 5 and as many land
    hexes (up to 12) as are still free when its turn to be placed comes, in seat order."""
    from monuments_tui.rules.actions.monument import common_bonus_options

    s = copy_state(game(civs, mode, seed))
    for seat in range(s.seats):
        p = s.players[seat]
        for level in range(1, 5):
            options = common_bonus_options(s, seat, level)
            if options:
                s.common_piles[level].remove(options[0])
                p.bonuses.append(options[0])
        p.personal_deck = p.personal_deck[4:] + p.personal_deck[:4]
        p.turns = 10 if seat == 0 else 9
        s = ready_for_layer(s, seat, 5, hexes=None)
    s.round = 10
    return turn_of(s, 0)


def rolls(attack: tuple[int, ...], defence: tuple[int, ...]) -> int:
    """A generator position (for a position's `rng` line) whose next special dice show
    `attack`, then `defence`. Nothing is patched: it is found by trying the generator's own positions."""
    for i in range(2_000_000):
        position = random.seed_state(i)
        a, nxt = random.roll_special(position, len(attack))
        if tuple(a) != tuple(attack):
            continue
        d, _ = random.roll_special(nxt, len(defence))
        if tuple(d) == tuple(defence):
            return position
    raise AssertionError(f"no generator position rolls {attack} then {defence}")


def rig(s: GameState, attack: tuple[int, ...], defence: tuple[int, ...]) -> None:
    """Set the generator of `s` to `rolls(attack, defence)` (mutates `s`)."""
    s.rng = rolls(attack, defence)


def at(s: GameState, hex_id: str, seat: int | None = None) -> list[str]:
    """Codes of the units on a hex, sorted (for short assertions)."""
    from monuments_tui.rules.queries import piece_code

    return sorted(piece_code(u) for u in s.units.values() if u.hex == hex_id and (seat is None or u.owner == seat))


def acting(s: GameState, card: str, green: bool = False, seat: int = GREECE) -> GameState:
    """`seat` has just played `card` (on its green side if `green`): its step is pending."""
    steps = {"train": pd.TrainStep, "attack": pd.AttackStep, "movement": pd.MovementStep}
    s.players[seat].hand.remove(card)
    if green:
        s.players[seat].green.append(card)
    s.card_in_play = card
    s.current = seat
    s.pending = steps[card](seat, green=green)
    return s


def random_steps(seed: int, configs, know: Callable[[GameState], object], steps: int = 260):
    """Each step of a seeded random game, as (state, the state after): the configuration is
    `configs[seed % len(configs)]`, and `know(state)` is asked before each step, so that the
    state after may carry what the state before worked out."""
    rnd = Random(seed)
    civs, mode = configs[seed % len(configs)]
    state = new_game(GameConfig(civs=civs, mode=mode, seed=seed))
    for _ in range(steps):
        know(state)
        legal = legal_commands(state)
        if not legal:
            return
        after = fold(state, decide(state, rnd.choice(legal)))
        yield state, after
        state = after


def saved_steps(path, know: Callable[[GameState], object]):
    """Each step of the saved game at `path`, as (state, the state after), `know(state)`
    asked before each step (as `random_steps`)."""
    _, rebuilt = load_save(path)
    state = rebuilt.timeline.initial
    for step in rebuilt.timeline.steps:
        know(state)
        after = fold(state, step.events)
        yield state, after
        state = after
