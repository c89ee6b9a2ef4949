"""End-of-game scoring: each player's score card, line by line, and the ranking.

[Goal of the game, l.188-202; Game end, l.395-409; Solo game end, l.553;
B22, B64, B70-B73, B83]

`score(state)` gives one `ScoreBreakdown` per seat: the lines in score-card order
(layers, the Layer-5 card, resources, workers, land, military power, upgraded cards,
completed quests, uncompleted quests, then any extra lines), each rounded down [l.405].
`ranking(state)` orders the seats with the tie-breakers of l.409. Both are msgspec
Structs, so saves, the app and exports can store and show them.
"""

from __future__ import annotations

import msgspec

from monuments_tui.rules.board import load_board
from monuments_tui.rules.card_types import ExtraLine, ScoreCard
from monuments_tui.rules.content import load_content
from monuments_tui.rules.power import military_power
from monuments_tui.rules.queries import controlled_land, controlled_water, resource_totals, units_of
from monuments_tui.rules.quests import check_quest
from monuments_tui.rules.state import GameState
from monuments_tui.rules.views import HIDDEN


class ScoreLine(msgspec.Struct, frozen=True):
    """One line of a score card."""

    key: str
    """Stable id of the line: "layers", "layer5", "resources", "workers", "land", "power",
    "upgrades", "quests_done", "quests_open", or "extra_<kind>"."""
    name: str
    """The line as the score pad names it, e.g. "Resources"."""
    detail: str
    """How the VP were counted, e.g. "7 resources / 3"."""
    vp: int


class ScoreBreakdown(msgspec.Struct, frozen=True):
    """One seat's final score, line by line, with the figures the tie-breakers use."""

    seat: int
    civ: str
    score_card: str
    lines: tuple[ScoreLine, ...]
    total: int
    layers: int
    military_power: int
    resources: int


class Placing(msgspec.Struct, frozen=True):
    """A seat's place in the ranking (1 = winner); tied seats share a place."""

    seat: int
    place: int
    total: int
    shared: bool = False
    """True if another seat has the same place (a shared result after all tie-breakers)."""


def _per(count: int, div: int, unit: str) -> str:
    return f"{count} {unit} / {div}"


def _extra_count(state: GameState, seat: int, line: ExtraLine) -> int:
    """The count an extra score-card line measures; buildings count when undamaged."""
    board = load_board()
    kind = line.kind
    if kind in ("towns", "forts", "factories"):
        piece = kind[:-1] if kind != "factories" else "factory"
        return sum(1 for b in state.buildings.values() if b.owner == seat and b.kind == piece and not b.damaged)
    if kind == "island_hexes":
        return sum(1 for h in controlled_land(state, seat) if board.hex(h).island is not None)
    if kind == "completed_quests":
        return len(state.players[seat].completed)
    if kind == "armed_workers":
        return sum(1 for u in units_of(state, seat, "worker") if u.weapon)
    if kind == "water_hexes":
        return len(controlled_water(state, seat))
    if kind == "bridges_built":
        return sum(1 for b in state.bridges.values() if b.builder == seat)
    raise ValueError(f"unknown extra score line kind {kind!r}")


EXTRA_NAMES = {
    "towns": ("town", "towns"),
    "forts": ("fort", "forts"),
    "factories": ("factory", "factories"),
    "island_hexes": ("island hex", "island hexes"),
    "completed_quests": ("completed quest", "completed quests"),
    "armed_workers": ("armed worker", "armed workers"),
    "water_hexes": ("water hex", "water hexes"),
    "bridges_built": ("bridge built", "bridges built"),
}
"""Singular and plural words for each extra score-line kind."""


def _extra_line(state: GameState, seat: int, extra: ExtraLine) -> ScoreLine:
    one, many = EXTRA_NAMES[extra.kind]
    count = _extra_count(state, seat, extra)
    per = f"{extra.per} {many}" if extra.per != 1 else one
    detail = f"{count} {many}" + (f" / {extra.per}" if extra.per != 1 else "") + f" × {extra.vp} VP"
    return ScoreLine(f"extra_{extra.kind}", f"{extra.vp:+d} VP per {per}", detail, extra.vp * (count // extra.per))


def score_card_of(state: GameState, seat: int) -> ScoreCard:
    """The score card `seat` scores with (the vanilla card by default) [Goal of the game, l.200; Solo set-up, l.436]."""
    return load_content().score_by_id[state.players[seat].score_card]


def _quest_lines(state: GameState, seat: int) -> list[ScoreLine]:
    """Completed and uncompleted quests; the solo AI's met quests count as completed (l.553, B83).
    A quest hidden from the viewer of `state` counts nothing, and the line says so."""
    player = state.players[seat]
    done = list(player.completed)
    open_quests = [q for q in player.quests if q != HIDDEN]
    hidden = len(player.quests) - len(open_quests)
    if state.config.ai_seat == seat:
        done += [q for q in open_quests if not check_quest(state, seat, q)]
        open_quests = []
    quests = load_content().quest_by_id
    return [
        ScoreLine("quests_done", "Completed quests", f"{len(done)} quest(s)", sum(quests[q].vp for q in done)),
        ScoreLine(
            "quests_open",
            "Uncompleted quests",
            f"{len(open_quests)} quest(s)" + (f", {hidden} hidden not counted" if hidden else ""),
            sum(quests[q].penalty for q in open_quests),
        ),
    ]


def score_seat(state: GameState, seat: int) -> ScoreBreakdown:
    """`seat`'s score by its score card [Game end, l.397-405].

    The solo AI's quests are checked now: met ones score their VP, the others nothing
    (no penalties for the AI, l.553, B83). A human's quests still in progress score
    their penalty, even if met but not turned in (B72).

    `state` may be a seat's view (`rules.views.visible_state`): a quest hidden from that
    seat counts nothing, and the line says how many were left out, so the live score
    never tells what another seat's secret quests are worth.
    """
    content = load_content()
    card = score_card_of(state, seat)
    player = state.players[seat]
    lines: list[ScoreLine] = []

    layers = player.layers
    lines.append(ScoreLine("layers", "Monument layers", f"{layers} × {card.layer_vp} VP", layers * card.layer_vp))
    l5 = [content.common_by_id[c] for c in player.bonuses if content.common_by_id[c].effect == "vp"]
    lines.append(ScoreLine("layer5", "Layer-5 card", ", ".join(c.id for c in l5) or "none", sum(c.vp for c in l5)))

    resources = sum(resource_totals(state, seat).values())
    lines.append(
        ScoreLine(
            "resources", "Resources", _per(resources, card.resource_div, "resources"), resources // card.resource_div
        )
    )
    workers = len(units_of(state, seat, "worker"))  # every worker on the map, monument hex and ferries too (B71)
    lines.append(ScoreLine("workers", "Workers", _per(workers, card.worker_div, "workers"), workers // card.worker_div))
    land = len(controlled_land(state, seat))  # "land area" is a land hex (B88), never the monument hex (B64)
    lines.append(ScoreLine("land", "Land hexes", f"{land} × {card.land_vp} VP", land * card.land_vp))
    power = military_power(state, seat)
    lines.append(ScoreLine("power", "Military power", _per(power, card.power_div, "power"), power // card.power_div))
    upgraded = len(player.green)
    lines.append(
        ScoreLine("upgrades", "Upgraded cards", f"{upgraded} × {card.upgrade_vp} VP", upgraded * card.upgrade_vp)
    )

    lines += _quest_lines(state, seat)
    lines += [_extra_line(state, seat, extra) for extra in card.extra]
    return ScoreBreakdown(
        seat=seat,
        civ=player.civ,
        score_card=card.id,
        lines=tuple(lines),
        total=sum(line.vp for line in lines),
        layers=layers,
        military_power=power,
        resources=resources,
    )


def score(state: GameState) -> list[ScoreBreakdown]:
    """Every seat's score breakdown, in seat order [Game end, l.395-407]."""
    return [score_seat(state, seat) for seat in range(state.seats)]


def _rank_key(b: ScoreBreakdown) -> tuple[int, int, int, int]:
    # Most VP; ties: most layers, then most military power, then most resources [l.409 (B73)].
    return (b.total, b.layers, b.military_power, b.resources)


def ranking(state: GameState, scores: list[ScoreBreakdown] | None = None) -> list[Placing]:
    """The seats from first to last place; seats still tied after every tie-breaker share a place [l.407-409]."""
    scores = scores if scores is not None else score(state)
    ordered = sorted(scores, key=lambda b: (tuple(-x for x in _rank_key(b)), b.seat))
    out: list[Placing] = []
    for i, b in enumerate(ordered):
        place = out[-1].place if out and _rank_key(ordered[i - 1]) == _rank_key(b) else i + 1
        out.append(Placing(b.seat, place, b.total))
    counts = {p.place: sum(1 for q in out if q.place == p.place) for p in out}
    return [Placing(p.seat, p.place, p.total, shared=counts[p.place] > 1) for p in out]


def winners(state: GameState) -> list[int]:
    """The seats in first place (more than one if the victory is shared) [Game end, l.407-409]."""
    return [p.seat for p in ranking(state) if p.place == 1]
