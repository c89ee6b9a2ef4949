"""Positions as text: `format_position(state)` writes every field of a GameState in short lines.

A position is the whole state of a game at one moment, written so that a person can read
it and write one by hand: hex ids as on the map ("D7"), pieces by their command codes
("w", "ws", "wh", "army", "town") with their ids after "#" ("w#u5"), resources as "2wood",
seats by civilisation. `parse_position` (in `read`) reads it back; the round trip
is exact. The format, with a worked example and the lines that may be left out when
writing by hand, is described in docs/positions.md.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import msgspec

from monuments_tui.rules.board import load_board
from monuments_tui.rules.config import RuleOptions
from monuments_tui.rules.content import Resource
from monuments_tui.rules.position.fields import NONE, field_value, struct_fields, yes_no
from monuments_tui.rules.queries import piece_code
from monuments_tui.rules.state import Building, GameState, Player, Unit

HEADER = "monuments position 1"
"""The first line of every position (the number is the format's version)."""


def format_position(state: GameState) -> str:
    """The position `state` as text, in the canonical full form (see docs/positions.md)."""
    civs = state.config.civs
    lines = [HEADER, *_game_lines(state), "", "[board]", *_board_lines(state)]
    for p in state.players:
        lines += ["", f"[{p.civ}]", *_player_lines(p)]
    lines += ["", "[cards]", *_card_lines(state, civs)]
    return "\n".join(lines) + "\n"


# -- lists and tables ---------------------------------------------------------------------------------
def words(items: Collection[str]) -> str:
    """Ids as words separated by spaces, or "-" for none."""
    return " ".join(items) if items else NONE


def counts(mapping: dict[str, int]) -> str:
    """A count table as "worker=13 fort=1", in its own order, or "-" for an empty one."""
    return " ".join(f"{k}={n}" for k, n in mapping.items()) if mapping else NONE


# -- sections -------------------------------------------------------------------------------------
def _game_lines(state: GameState) -> list[str]:
    cfg = state.config
    civs = cfg.civs
    game = f"game {','.join(civs)} {cfg.mode} seed={cfg.seed}"
    if cfg.solo is not None:
        game += f" solo={cfg.solo}"
    if cfg.ai_seat is not None:
        game += f" ai-seat={civs[cfg.ai_seat]}"
    lines = [game]
    changed = options_changed(cfg.options)
    if changed:
        lines.append("options " + " ".join(f"{k}={field_value(v, k, civs)}" for k, v in changed.items()))
    lines += [
        f"round {state.round}",
        f"phase {state.phase}",
        f"current {civs[state.current]}",
        f"final-round {yes_no(state.final_round)}",
        f"pending {_pending_words(state)}",
        f"card-in-play {state.card_in_play or NONE}",
    ]
    if state.battle is not None:
        lines.append(f"battle {struct_fields(state.battle, civs)}")
    lines += [f"battle-record {struct_fields(r, civs)}" for r in state.battles]
    if state.ai is not None:
        lines.append(f"ai {struct_fields(state.ai, civs)}")
    lines += [f"next-id {state.next_id}", f"rng {state.rng}"]
    return lines


def options_changed(options: RuleOptions) -> dict[str, Any]:
    """The rule options that differ from the defaults, by name."""
    default = RuleOptions()
    return {
        f.name: getattr(options, f.name)
        for f in msgspec.structs.fields(options)
        if getattr(options, f.name) != getattr(default, f.name)
    }


def _pending_words(state: GameState) -> str:
    pending = state.pending
    if pending is None:
        return NONE
    head = f"{pending.__struct_config__.tag} {state.config.civs[pending.seat]}"
    rest = struct_fields(pending, state.config.civs)
    return f"{head} {rest}" if rest else head


def _board_lines(state: GameState) -> list[str]:
    civs = state.config.civs
    order = {h: i for i, h in enumerate(load_board().hexes)}
    places = {u.hex for u in state.units.values()} | {b.hex for b in state.buildings.values()}
    places |= {h for h in state.resources if h not in state.ferries}
    lines = []
    for hex_id in sorted(places, key=lambda h: order.get(h, len(order))):
        lines.append(f"{hex_id}: {hex_words(state, hex_id, civs)}".rstrip())
    for b in sorted(state.bridges.values(), key=lambda b: _number(b.id)):
        lines.append(f"bridge#{b.id} {b.a}-{b.b} by {civs[b.builder]}")
    for f in sorted(state.ferries.values(), key=lambda f: _number(f.id)):
        line = f"ferry#{f.id} {f.water}" + (f" docked {f.land}" if f.land else "") + f" by {civs[f.builder]}"
        cargo = state.resources.get(f.id)
        if cargo is not None:
            line += " carrying " + resource_words(cargo)
        lines.append(line)
    lines.append(f"bank {counts(state.bank)}")
    return lines


def hex_words(state: GameState, hex_id: str, civs: tuple[str, ...]) -> str:
    """The pieces on a hex, grouped by owner after the owner's civilisation, then its resources."""
    out = []
    for seat, civ in enumerate(civs):
        units = sorted(
            (u for u in state.units.values() if u.hex == hex_id and u.owner == seat), key=lambda u: _number(u.id)
        )
        builds = sorted(
            (b for b in state.buildings.values() if b.hex == hex_id and b.owner == seat), key=lambda b: _number(b.id)
        )
        if units or builds:
            out.append(civ)
            out += [unit_word(u) for u in units] + [building_word(b) for b in builds]
    on = state.resources.get(hex_id)
    if on is not None:
        out.append(resource_words(on))
    return " ".join(out)


def unit_word(unit: Unit) -> str:
    """ "ws#u5", or "w#u5@ferry7" for a passenger."""
    return f"{piece_code(unit)}#{unit.id}" + (f"@{unit.ferry}" if unit.ferry else "")


def building_word(building: Building) -> str:
    """ "town#b3", or "fort*#b4" for a damaged building."""
    return f"{building.kind}{'*' if building.damaged else ''}#{building.id}"


def resource_words(on: Mapping[Resource, int]) -> str:
    """ "2wood 1food", in the table's own order; "-" for a place with an empty table."""
    return " ".join(f"{n}{r}" for r, n in on.items()) or NONE


def _number(piece_id: str) -> int:
    digits = piece_id.lstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return int(digits) if digits.isdigit() else 0


def _player_lines(p: Player) -> list[str]:
    return [
        f"hand {words(p.hand)}",
        f"discard {words(p.discard)}",
        f"green {words(p.green)}",
        f"layers {p.layers}",
        f"supply {counts(p.supply)}",
        f"set-aside {counts(p.set_aside)}",
        f"bonuses {words(p.bonuses)}",
        f"personal {words(p.personal_deck)}",
        f"ability {p.ability or NONE}",
        f"tokens {counts(p.tokens)}",
        f"score {p.score_card}",
        f"quests {words(p.quests)}",
        f"battles-at-draw {counts(p.battles_at_draw)}",
        f"completed {words(p.completed)}",
        f"turns {p.turns}",
    ]


def _card_lines(state: GameState, civs: tuple[str, ...]) -> list[str]:
    lines = [f"quest-deck {deck} {words(ids)}" for deck, ids in state.quest_decks.items()]
    lines += [f"quest-discard {deck} {words(ids)}" for deck, ids in state.quest_discards.items()]
    lines += [f"common {level} {words(ids)}" for level, ids in state.common_piles.items()]
    lines += [f"start-quests {civs[seat]} {words(ids)}" for seat, ids in state.start_quests.items()]
    if not state.start_quests:
        lines.append(f"start-quests {NONE}")
    lines.append(f"removed {words(state.removed_cards)}")
    return lines
