"""What the side panes say: hex inspector, hand, players, quests. Pure (rich, no Textual).

Each function takes a state (read-only) and returns a `rich.text.Text`. Nothing here is
told by colour alone: every civilisation also has its letter and its name. Colours are
tones (`ui.theme`), which the panes resolve through the stylesheet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from monuments_tui.rules import pending as pd, queries as q
from monuments_tui.rules.actions.upgrade import upgrade_discount
from monuments_tui.rules.board import Hex, load_board
from monuments_tui.rules.card_types import Resource
from monuments_tui.rules.content import ACTION_IDS, CIVS, RESOURCES, load_content, monument_name
from monuments_tui.rules.layer_needs import layer_needs
from monuments_tui.rules.quests import (
    completable_quests,
    describe_task,
    first_counted_battle,
    task_target,
    task_value,
)
from monuments_tui.rules.scoring import ScoreBreakdown, score
from monuments_tui.rules.state import GameState
from monuments_tui.rules.views import HIDDEN
from monuments_tui.ui import card_text
from monuments_tui.ui.map_style import CIV_LETTERS
from monuments_tui.ui.monument_art import monument_text
from monuments_tui.ui.theme import tone

CIV_STYLE: dict[str, str] = {civ: tone(f"civ-{civ}") for civ in CIVS}
"""Keyed by any civilisation's name (a score line's `civ` is a plain string), read with a default."""
CIV_LETTER = CIV_LETTERS
RES_SHORT = {"wood": "wd", "food": "fd", "metal": "mt", "sheep": "sh"}
GREEN = tone("good")
RED = tone("bad")
DIM = tone("muted")


def civ_name(state: GameState, seat: int) -> str:
    """ "Greece"."""
    return state.players[seat].civ.capitalize()


def civ_label(state: GameState, seat: int, *, ai: bool = False) -> Text:
    """ "[G] Greece" in the civilisation's colour (the letter carries it without colour)."""
    civ = state.players[seat].civ
    label = f"[{CIV_LETTER.get(civ, '?')}] {civ.capitalize()}" + (" (AI)" if ai else "")
    return Text(label, style=CIV_STYLE.get(civ, "bold"))


def _res_list(res: Mapping[Resource, int]) -> str:
    return " ".join(f"{n} {r}" for r in RESOURCES if (n := res.get(r, 0))) or "none"


# -- hex inspector -------------------------------------------------------------------------
def inspector_text(state: GameState | None, hex_id: str | None) -> Text:
    """Everything on one hex, in words."""
    if not hex_id:
        return Text("Move the map cursor to a hex.", style=DIM)
    try:
        h = load_board().hex(hex_id)
    except (KeyError, ValueError):
        return Text(f"{hex_id}: not a hex of the map", style=DIM)
    out = Text()
    out.append(f"{h.id}", style="bold")
    place = h.name or h.region.replace("_", " ")
    out.append(f"  {h.terrain} · {place}")
    if h.island:
        out.append(f" (island {h.island})")
    out.append("\n")
    if state is None:
        out.append(f"produces {h.resource}\n" if h.resource else "")
        return out
    _append_hex_role(out, state, h)
    _append_holdings(out, state, h.id)
    _append_crossings(out, state, h.id)
    out.rstrip()
    return out


def _append_hex_role(out: Text, state: GameState, h: Hex) -> None:
    """What the hex is in this game's layout: a monument, land, water or out of play."""
    layout = q.layout(state)
    if h.id in layout.monuments:
        civ = h.monument_of or "?"
        seat = next((p.seat for p in state.players if p.civ == civ), None)
        out.append(f"{civ.capitalize()}'s monument hex")
        if seat is not None:
            out.append(f": {monument_name(civ)}, {state.players[seat].layers} layer(s) built")
        out.append("\n")
    elif h.id in layout.land:
        out.append(f"land, produces {h.resource}\n")
    elif h.id in layout.water:
        out.append("lake\n" if h.lake else "water\n")
    elif h.light_blue:
        out.append("light-blue: no piece may enter or pass\n", style=DIM)
    else:
        out.append("out of play in this game\n", style=DIM)


def _append_holdings(out: Text, state: GameState, hex_id: str) -> None:
    """The hex's resources, its controller, and each seat's units and buildings on it."""
    res = state.resources.get(hex_id, {})
    if res:
        out.append(f"resources: {_res_list(res)} ({sum(res.values())}/5)\n")
    ctrl = q.hex_controller(state, hex_id)
    if ctrl is not None:
        out.append("controlled by ")
        out.append_text(civ_label(state, ctrl))
        out.append("\n")
    for seat in range(state.seats):
        units = [u for u in q.units_at(state, hex_id, seat) if u.ferry is None]
        buildings = q.buildings_at(state, hex_id, seat)
        if not units and not buildings:
            continue
        out.append_text(civ_label(state, seat))
        out.append(": ")
        parts = [_count(n, k) for k, n in Counter(_unit_word(u) for u in units).items()]
        parts += [f"{b.kind}{' (damaged)' if b.damaged else ''}" for b in buildings]
        out.append(", ".join(parts) + "\n")


def _append_crossings(out: Text, state: GameState, hex_id: str) -> None:
    """The bridges, ferries (with who and what is aboard) and rivers at the hex."""
    board = load_board()
    for b in state.bridges.values():
        if hex_id in (b.a, b.b):
            other = b.b if b.a == hex_id else b.a
            out.append(f"bridge to {other}\n")
    for f in state.ferries.values():
        if f.water == hex_id or f.land == hex_id:
            where = f"docked at {f.land} on {f.water}" if f.land else f"at sea on {f.water}"
            aboard = [u for u in state.units.values() if u.ferry == f.id]
            cargo = state.resources.get(f.id, {})
            out.append(f"ferry {f.id} {where}")
            if aboard:
                out.append(": " + ", ".join(f"{civ_name(state, u.owner)} {_unit_word(u)}" for u in aboard))
            if cargo:
                out.append(f"; cargo {_res_list(cargo)}")
            out.append("\n")
    rivers = [n for n in board.neighbours(hex_id) if board.is_river(hex_id, n)]
    if rivers:
        out.append(f"river towards {', '.join(rivers)}\n", style=DIM)


def _unit_word(u) -> str:
    if u.kind != "worker":
        return {"air": "air force"}.get(u.kind, u.kind)
    extras = [w for w, on in (("armed", u.weapon), ("horse", u.horse)) if on]
    return "worker" + (f" ({', '.join(extras)})" if extras else "")


# -- hand ------------------------------------------------------------------------------------
def _grid(*ratios: int | None) -> Table:
    table = Table.grid(padding=(0, 1), expand=True)
    for r in ratios:
        if r is None:
            table.add_column(no_wrap=True)
        else:
            table.add_column(ratio=r)
    return table


def ai_deck_text(state: GameState, seat: int) -> RenderableType:
    """The solo AI's deck: the visible top card, the piles, the last card and what it did [l.438]."""
    content = load_content()
    ai = state.ai
    p = state.players[seat]

    def name(card: str | None) -> str:
        c = content.ai_by_id.get(card or "")
        return (c.name if c else card) or "-"

    out = Text()
    if ai is None:
        return Text("the AI's deck is not dealt", style=DIM)
    out.append("AI deck", style="bold")
    out.append(f" ({getattr(ai, 'difficulty', '')})\n", style=DIM)
    draw = list(getattr(ai, "draw", []))
    out.append("next card: ", style="bold")
    out.append(f"{name(draw[0]) if draw else 'none (reshuffle)'}\n")
    out.append(f"draw pile: {len(draw)} card(s)\n", style=DIM)
    discard = list(getattr(ai, "discard", []))
    out.append("discard: ", style="bold")
    out.append((", ".join(name(c) for c in discard) or "empty") + "\n")
    aside = list(getattr(ai, "set_aside", []))
    if aside:
        out.append(f"set aside: {', '.join(name(c) for c in aside)}\n", style=DIM)
    if getattr(ai, "card", None):
        out.append("last card: ", style="bold")
        out.append(f"{name(ai.card)}")
        outcome = getattr(ai, "outcome", "")
        out.append(f" ({outcome})\n" if outcome else "\n", style=DIM)
    if p.green:
        out.append("upgraded: " + ", ".join(name(c) for c in p.green) + "\n")
    out.rstrip()
    return out


def hand_text(state: GameState, seat: int, *, wide: bool = True) -> RenderableType:
    """The seat's action cards (side, name, upgrade cost), the discard pile, then each card's text."""
    if state.config.ai_seat == seat:
        return ai_deck_text(state, seat)
    content = load_content()
    p = state.players[seat]
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True, ratio=1)
    table.add_column(no_wrap=True, justify="right")
    for card in ACTION_IDS:
        if card not in p.hand:
            continue
        action = content.action_by_id[card]
        green = card in p.green
        cost = "" if green else "up " + " ".join(f"{n}{RES_SHORT[r]}" for r, n in action.upgrade_cost.items())
        name = Text(card, style=Style(bold=True) + Style.on(click=f"offer('play {card}')"))  # a click offers it
        table.add_row(Text("G" if green else "R", style=GREEN if green else RED), name, Text(cost, style=DIM))
    if not p.hand:
        table.add_row("", Text("no card in hand: take back the discard pile", style=DIM), "")
    out = Text()
    playing = state.card_in_play if state.current == seat else None
    if playing:
        in_play = content.action_by_id.get(playing)
        out.append("in play: ", style="bold")
        out.append(f"{in_play.name if in_play else playing}\n")
    out.append("discard: ", style="bold")
    if p.discard:
        for i, card in enumerate(p.discard):
            discarded = content.action_by_id.get(card)
            green = card in p.green
            if i:
                out.append(", ")
            out.append(f"{discarded.name if discarded else card} ")
            out.append("(G)" if green else "(R)", style=GREEN if green else RED)
    else:
        out.append("empty", style=DIM)
    discount = upgrade_discount(state, seat, False)
    if discount:
        out.append(f"\nupgrade discount now: {discount} resource(s)", style=DIM)
    parts: list[RenderableType] = [*_choice_now(state, seat), table, out]
    if wide:
        parts.append(Text("\nWhat the cards do (scroll):", style="bold"))
        for card in ACTION_IDS:  # a part each: the pane draws again only the cards that changed
            where = "hand" if card in p.hand else "discard" if card in p.discard else "in play"
            entry = Text(style="bold")
            entry.append(f"[{where}] ", style=DIM)
            entry.append(card_text.action_text(card, state, seat))
            parts.append(entry)
    return Group(*parts)


def _choice_now(state: GameState, seat: int) -> list[RenderableType]:
    """The bonus, option or upgrade the seat is choosing now, each with its text (quests: the Quests pane)."""
    pending = state.pending
    if pending is None or pending.seat != seat or isinstance(pending, (pd.ChooseStartQuest, pd.ChooseQuestsToKeep)):
        return []
    found = card_text.choices(state)
    if not found:
        return []
    out = Text("Choose one now:", style="bold")
    for text, words in found:
        out.append(f"\n{text}", style="bold")
        out.append(f" — {words}")
    out.append("\n")
    return [out]


# -- players -----------------------------------------------------------------------------------
def players_summary(
    state: GameState, controllers: tuple[str, ...] = (), scores: list[ScoreBreakdown] | None = None
) -> Table:
    """One row per player: victory points now, layers, resource totals, workers, quests (the at-a-glance table)."""
    scores = scores if scores is not None else score(state)
    table = Table(box=None, padding=0, pad_edge=False, expand=True, header_style="bold")
    table.add_column("", no_wrap=True, ratio=1)
    table.add_column("VP", justify="right", no_wrap=True, width=3, style="bold")
    for head in ("L", "wd", "fd", "mt", "sh", "wk", "Q"):  # layers and quests stay in one digit
        table.add_column(head, justify="right", no_wrap=True, width=2 if head in ("L", "Q") else 3)
    for seat, p in enumerate(state.players):
        totals = q.resource_totals(state, seat)
        civ = p.civ
        deciding = state.pending is not None and state.pending.seat == seat  # in the set-up too
        name = Text(">" if deciding else " ", style="bold")
        name.append(f"{CIV_LETTER.get(civ, '?')} {civ.capitalize()}", style=CIV_STYLE.get(civ, "bold"))
        table.add_row(
            name,
            str(scores[seat].total),
            str(p.layers),
            *(str(totals.get(r, 0)) for r in RESOURCES),
            str(len(q.units_of(state, seat, "worker"))),
            str(len(p.quests)),
        )
    return table


def players_text(state: GameState, viewer: int | None, controllers: tuple[str, ...] = ()) -> RenderableType:
    """The summary table, then per player: resources per hex, pieces, bonuses, ability, score card; the bank."""
    content = load_content()
    scores = score(state)
    parts: list[RenderableType] = [players_summary(state, controllers, scores)]
    glance = viewer if viewer is not None else (state.pending.seat if state.pending is not None else None)
    if glance is not None:  # what the seat in view needs, before the longer tables below
        parts.append(next_layer_line(state, glance))
    parts.append(score_now(state, scores))
    legend = Text("> to play · VP now · L layers · wd fd mt sh resources · wk workers · Q quests", style=DIM)
    parts.append(legend)
    for seat, p in enumerate(state.players):
        head = Text("\n")
        head.append_text(civ_label(state, seat))
        ctrl = controllers[seat] if seat < len(controllers) else "human"
        head.append("" if ctrl == "human" else f"  {ctrl}")
        head.append(f"\n{monument_name(p.civ)}: layer {p.layers}/5")
        parts.append(head)
        parts.append(monument_text(p.civ, p.layers, CIV_STYLE.get(p.civ, "")))
        parts.append(next_layer_text(state, seat))
        table = _grid(None, 1)
        per_hex = q.controlled_resources(state, seat)
        if per_hex:
            cells = [f"{h} {' '.join(f'{n}{RES_SHORT[r]}' for r, n in on.items() if n)}" for h, on in per_hex.items()]
            table.add_row(Text("res", style=DIM), " · ".join(cells))
        units = Counter(_unit_word(u) for u in q.units_of(state, seat))
        buildings = Counter(
            b.kind + (" (damaged)" if b.damaged else "") for b in state.buildings.values() if b.owner == seat
        )
        board_parts = [_count(n, k) for k, n in units.items()] + [_count(n, k) for k, n in buildings.items()]
        table.add_row(Text("board", style=DIM), ", ".join(board_parts) or "nothing")
        table.add_row(Text("supply", style=DIM), Text(_supply_text(p), style=DIM))
        if p.ability:
            ability = content.ability_by_id.get(p.ability)
            tokens = ", ".join(f"{n} {k}" for k, n in p.tokens.items() if n)
            table.add_row(
                Text("ability", style=DIM),
                f"{ability.name if ability else p.ability}" + (f" ({tokens})" if tokens else ""),
            )
        card = content.score_by_id.get(p.score_card)
        table.add_row(Text("score", style=DIM), card.name if card else p.score_card)
        if p.bonuses:
            table.add_row(Text("bonus", style=DIM), ", ".join(_bonus_short(b) for b in p.bonuses))
        if p.green:
            table.add_row(Text("green", style=DIM), ", ".join(p.green))
        parts.append(table)
    bank = state.bank
    out = Text("\n")
    out.append("Bank ", style="bold")
    out.append(", ".join(f"{bank.get(k, 0)} {k}" for k in ("wood", "food", "metal", "sheep", "weapon", "token")))
    parts.append(out)
    return Group(*parts)


def next_layer_text(state: GameState, seat: int) -> RenderableType:
    """What `seat`'s next monument layer needs against what it has (`rules.layer_needs`);
    each missing line says how many are short, so it reads without colour too."""
    needs = layer_needs(state, seat)
    if needs is None:
        return Text("monument complete", style=GREEN)
    off = f", {needs.discount} resource(s) off" if needs.discount else ""
    table = _grid(None, None, 1)
    table.add_row(Text(f"next layer {needs.layer}{off}", style="bold"), Text("have", style=DIM), "")
    for n in needs.lines:
        mark = Text(f"{n.short} short", style=RED) if n.short else Text("ok", style=GREEN)
        table.add_row(Text(f"  {n.what}", style=DIM), f"{n.have}/{n.needed}", mark)
    return table


def next_layer_line(state: GameState, seat: int) -> Text:
    """`next_layer_text` in one line for the top of the pane: "Greece, layer 1: land 2/3 (1 short), ..."."""
    needs = layer_needs(state, seat)
    out = Text(f"{civ_name(state, seat)}, ", style="bold")
    if needs is None:
        return out.append("monument complete", style=GREEN)
    out.append(f"layer {needs.layer}: ", style="bold")
    for i, n in enumerate(needs.lines):
        out.append(", " if i else "")
        out.append(f"{n.what} {n.have}/{n.needed}")
        out.append(f" ({n.short} short)" if n.short else " ok", style=RED if n.short else GREEN)
    return out


SCORE_SHORT = {
    "layers": "layers",
    "layer5": "bonus cards",
    "resources": "resources",
    "workers": "workers",
    "land": "land",
    "power": "military power",
    "upgrades": "upgraded cards",
    "quests_done": "quests done",
    "quests_open": "quests open",
}
"""A score line's name in the narrow players pane (the end screen gives the score card's names)."""


def score_now(state: GameState, scores: list[ScoreBreakdown] | None = None) -> RenderableType:
    """Each player's victory points as the score card would count them now, line by line
    (`rules.scoring`, the end screen's count); quests hidden from the viewer count nothing."""
    scores = scores if scores is not None else score(state)
    table = Table(box=None, padding=(0, 0, 0, 1), pad_edge=False, expand=True, header_style="bold")
    table.add_column(Text("Score now", style="bold"), no_wrap=True, ratio=1)
    for b in scores:
        table.add_column(
            Text(CIV_LETTER.get(b.civ, "?"), style=CIV_STYLE.get(b.civ, "bold")), justify="right", no_wrap=True
        )
    names: dict[str, str] = {}  # every line of every card, in score-card order
    for b in scores:
        names.update((line.key, line.name) for line in b.lines if line.key not in names)
    for key, name in names.items():
        vps = [{line.key: line.vp for line in b.lines}.get(key) for b in scores]
        table.add_row(Text(SCORE_SHORT.get(key, name), style=DIM), *("-" if vp is None else str(vp) for vp in vps))
    table.add_row(Text("total", style="bold"), *(Text(str(b.total), style="bold") for b in scores))
    hidden = [b.civ.capitalize() for b in scores if HIDDEN in state.players[b.seat].quests]
    if not hidden:
        return Group(Text(""), table)
    note = Text(f"{', '.join(hidden)}: hidden quests not counted", style=DIM)
    return Group(Text(""), table, note)


def _supply_text(p) -> str:
    supply = " ".join(f"{n} {k}" for k, n in p.supply.items() if n)
    aside = {k: n for k, n in p.set_aside.items() if n}
    if not aside:
        return supply or "none"
    if len(set(aside.values())) == 1:
        return f"{supply or 'none'}; set aside {next(iter(aside.values()))} of {', '.join(aside)}"
    return f"{supply or 'none'}; set aside " + " ".join(f"{n} {k}" for k, n in aside.items())


def _count(n: int, word: str) -> str:
    if n == 1:
        return f"1 {word}"
    head, sep, tail = word.partition(" (")
    plural = {"factory": "factories", "air force": "air forces", "navy": "navies"}.get(head, head + "s")
    return f"{n} {plural}{sep}{tail}"


def _bonus_short(card_id: str) -> str:
    card = load_content().common_by_id.get(card_id)
    if not card:
        return card_id
    return f"{card.effect.replace('_', ' ')}" + (f" +{card.amount}" if card.amount > 1 else "")


def _append_offered(out: Text, heading: str, quests: Iterable[str]) -> None:
    """Quests offered to choose from, each with its text (hidden ones stay hidden)."""
    out.append(f"  {heading}:\n", style="bold")
    for quest_id in quests:
        out.append(f"    {quest_id} ", style="bold")
        out.append(f"{card_text.card_text(quest_id) or ''}\n")


# -- quests ---------------------------------------------------------------------------------------
def quests_text(state: GameState, seat: int | None, *, show_all: bool = False) -> Text:
    """The quests of `seat` (or every seat with `show_all`), completable ones marked with '*'."""
    content = load_content()
    out = Text()
    seats = range(state.seats) if show_all or seat is None else [seat]
    for s in seats:
        p = state.players[s]
        if show_all or seat is None:
            out.append_text(civ_label(state, s))
            out.append("\n")
        pending_start = state.start_quests.get(s)
        if pending_start and state.phase == "setup":
            _append_offered(out, "starting quests, keep one", pending_start)
        drawn = state.pending
        if isinstance(drawn, pd.ChooseQuestsToKeep) and drawn.seat == s:
            least = "at least one" if drawn.least else "any"
            _append_offered(out, f"drawn, keep {least}", drawn.options)
        if not p.quests:
            out.append("  no quest in progress\n", style=DIM)
        # another seat's quests may be "hidden" here (a network client's view): none of them can be checked
        hidden = any(q not in content.quest_by_id for q in p.quests)
        ready = set() if hidden else set(completable_quests(state, s))
        for quest_id in p.quests:
            quest = content.quest_by_id.get(quest_id)
            mark = "* " if quest_id in ready else "  "
            out.append(mark, style=GREEN)
            out.append(f"{quest_id} ", style="bold")
            if quest is None:
                out.append("\n")
                continue
            out.append(f"{quest.text} ")
            out.append(f"+{quest.vp}" + (f"/{quest.penalty}" if quest.penalty else ""), style=DIM)
            progress = []
            since = first_counted_battle(state, s, quest_id)
            for task in quest.tasks:
                progress.append(f"{describe_task(task)} {task_value(state, s, task, since)}/{task_target(task)}")
            if progress:
                out.append("\n    " + "; ".join(progress), style=DIM)
            out.append("  can be turned in now" if quest_id in ready else "", style=GREEN)
            out.append("\n")
        if p.completed:
            out.append("  done: " + ", ".join(p.completed) + "\n", style=DIM)
    out.rstrip()
    return out
