"""What `info ID` says: any card, quest, piece, hex, civilisation, command or rule option in plain words.

`about(state, word)` gives the sections that describe `word` (an id may be several things:
`production` is an action card and a solo AI card, `retreat` a command and a rule
option); it never changes the state. An unknown word raises ValueError naming the kinds
of ids that exist, with examples. Pure: rich text, no Textual.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.console import RenderableType
from rich.text import Text

from monuments_tui.rules.board import load_board
from monuments_tui.rules.content import load_civilisations, load_content
from monuments_tui.rules.payment import describe
from monuments_tui.rules.pieces import load_pieces
from monuments_tui.rules.state import GameState
from monuments_tui.ui.card_text import action_text, card_text
from monuments_tui.ui.pane_text import inspector_text
from monuments_tui.ui.rule_words import RULE_OPTIONS
from monuments_tui.ui.typed_words import WORDS
from monuments_tui.ui.wording import PIECE_WORDS

KINDS = (
    "Try an action card (movement), a quest (qs-wood, q01-land), a common bonus card (cb1-military), "
    "a personal bonus card (pb-a-l1), an ability (horses), a score card (score-a), a piece (w, army, town), "
    "a hex (D7), a civilisation (greece), a command (move), a rule option (retreat, B50) "
    "or layer (what a monument layer needs)."
)


class Section(NamedTuple):
    title: str
    body: RenderableType


def about(state: GameState | None, word: str) -> list[Section]:
    """Every section describing `word`. Raises ValueError if nothing is called so."""
    word = word.strip()
    if not word:
        raise ValueError(f"Info about what? Type info and an id, as in: info qs-wood. {KINDS}")
    low = word.lower()
    found = _cards(state, low) + _pieces(low) + _hexes(state, word) + _civs(low) + _rules(low) + _layer(state, low)
    if not found:
        raise ValueError(f"Nothing is called '{word}'. {KINDS}")
    return found


def _cards(state: GameState | None, low: str) -> list[Section]:
    content = load_content()
    out = []
    if low in content.action_by_id:
        seat = state.pending.seat if state is not None and state.pending is not None else None
        text = action_text(low) if state is None or seat is None else action_text(low, state, seat)
        out.append(Section(f"Action card {content.action_by_id[low].name}", Text(text)))
    kinds = (
        (content.quest_by_id, "Quest"),
        (content.common_by_id, "Common bonus card"),
        (content.personal_by_id, "Personal bonus card"),
        (content.ability_by_id, "Ability"),
        (content.score_by_id, "Score card"),
    )
    for table, kind in kinds:
        if low in table:
            out.append(Section(f"{kind} {low}", Text(card_text(low) or "")))
    if low in content.ai_by_id:
        ai = content.ai_by_id[low]
        lines = [f"{i}. {command}" for i, command in enumerate(ai.commands, 1)]
        lines += [f"green: {ai.green_text}"] if ai.green_text else []
        out.append(Section(f"Solo AI card {ai.name}", Text("\n".join(lines))))
    return out


def _pieces(low: str) -> list[Section]:
    if low not in PIECE_WORDS:
        return []
    pieces = load_pieces()
    kind = {"w": "worker", "ws": "worker", "wh": "worker", "wsh": "worker"}.get(low, low)
    lines = [f"{low}: {PIECE_WORDS[low]}"]
    if cost := pieces.building_costs.get(kind):
        lines.append(f"building; costs {describe(cost)}")
    if cost := pieces.unit_costs.get(kind):
        moves = pieces.unit_moves.get(kind)
        lines.append(f"costs {describe(cost)}" + (f"; moves {moves} hex(es)" if moves else ""))
    return [Section(f"Piece {low}", Text("\n".join(lines)))]


def _hexes(state: GameState | None, word: str) -> list[Section]:
    hex_id = word.upper()
    try:
        load_board().hex(hex_id)
    except (KeyError, ValueError):
        return []
    return [Section(f"Hex {hex_id}", inspector_text(state, hex_id))]


def _civs(low: str) -> list[Section]:
    civ = load_civilisations().get(low)
    if civ is None:
        return []
    abilities = [a for a in load_content().abilities if a.civ == low]
    lines = [f"builds {civ.monument}"] + [f"ability {a.name}: {a.text}" for a in abilities]
    return [Section(f"Civilisation {low.capitalize()}", Text("\n".join(lines)))]


def _rules(low: str) -> list[Section]:
    out = [
        Section(f"Command {w.word}", Text(f"{w.usage}\n{w.meaning}\nfor example: {w.example}"))
        for w in WORDS
        if w.word == low
    ]
    for name, words in RULE_OPTIONS.items():
        if low in (name, name.replace("_", " "), words.code.lower()):
            text = f"{words.explanation}\nChosen on the new-game form; it settles decision {words.code}."
            out.append(Section(f"Rule option: {words.label}", Text(text)))
    return out


LAYER_WORDS = ("layer", "layers", "next layer", "monument layer")


def _layer(state: GameState | None, low: str) -> list[Section]:
    """`info layer`: what each monument layer needs, and how the players pane's table reads
    [Build a layer of your monument, l.272-278; Monument costs, l.170-174]."""
    if low not in LAYER_WORDS:
        return []
    out = Text()
    out.append("Each layer of your monument needs, when you play the Monument card:\n")
    out.append("- land hexes under your control (a worker, army or air force on them; never the monument hex)\n")
    out.append("- resources you control where one of your workers stands, so that it can spend them\n")
    out.append("- workers on the board to sacrifice (they go back to your supply)\n")
    out.append("The green Monument card and monument-discount bonuses take resources off (never workers; ")
    out.append("at least 1 resource is always paid).\n\n")
    for row in load_pieces().monument:
        out.append(f"layer {row.layer}: {row.hexes} land hexes, {describe(row.cost)}, {row.workers} worker(s)\n")
    out.append("\nThe Players pane shows each player's next layer as 'have/needed': a line that is not met ")
    out.append("says how many are short. Play Monument when every line reads ok.")
    return [Section("Monument layers", out)]
