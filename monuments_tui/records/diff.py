"""What changed between two positions of a game, in plain words: one line per change.

Pure: two states in, lines out. The lines cover the resources on each hex; pieces placed,
moved, lost or trained; buildings, bridges and ferries; cards played, upgraded or taken
back; monument layers, bonuses and quests; and the VP of every score line [Game end,
l.395-407]. With a `viewer`, the comparison is of what that seat may see (`rules/views.py`):
another seat's quests in progress stay hidden [l.369], and so does what they would score.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Literal

from monuments_tui.rules.content import Resource, load_content
from monuments_tui.rules.scoring import ScoreBreakdown, score
from monuments_tui.rules.state import GameState, Player, Unit
from monuments_tui.rules.views import HIDDEN, sees_quests_of, visible_state

EVERYTHING: Literal["everything"] = "everything"
"""The viewer who sees every card: a replay of everything, teaching mode, a finished game."""

HIDDEN_SCORE_LINES = ("quests_open",)
"""Score lines that tell which quests a seat holds: hidden from the other seats [l.369]."""
AI_HIDDEN_SCORE_LINES = ("quests_open", "quests_done")
"""The solo AI scores its quests met but held when the game ends (B83): both lines tell them."""

UNIT_WORDS = {"worker": "worker", "army": "army", "navy": "navy", "air": "air force"}


def diff_states(before: GameState, after: GameState, viewer: int | None | str = EVERYTHING) -> list[str]:
    """Every change from `before` to `after`, as `viewer` may see them (a seat, None for the
    public view, or EVERYTHING). ["No change."] when the two positions are the same."""
    seen_before, seen_after = before, after
    if viewer != EVERYTHING:
        seat = viewer if isinstance(viewer, int) else None
        seen_before, seen_after = visible_state(before, seat), visible_state(after, seat)
    names = [p.civ.capitalize() for p in after.players]
    lines = (
        _resources(seen_before, seen_after)
        + _units(seen_before, seen_after, names)
        + _structures(seen_before, seen_after, names)
        + [
            line
            for b, a in zip(seen_before.players, seen_after.players, strict=True)
            for line in _player(b, a, names[a.seat])
        ]
    )
    return _counted(lines) + score_changes(before, after, viewer) or ["No change."]


def _counted(lines: list[str]) -> list[str]:
    """Each line once, in order, with "(×2)" when the same change happened more than once."""
    counts = Counter(lines)
    return [line + (f" (×{counts[line]})" if counts[line] > 1 else "") for line in dict.fromkeys(lines)]


# -- the map ----------------------------------------------------------------------------------------
def _amounts(counts: Mapping[Resource, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in sorted(counts.items()) if n) or "nothing"


def _resources(before: GameState, after: GameState) -> list[str]:
    out = []
    for place in sorted(set(before.resources) | set(after.resources)):
        was, now = before.resources.get(place, {}), after.resources.get(place, {})
        changes = []
        for resource in sorted(set(was) | set(now)):
            delta = now.get(resource, 0) - was.get(resource, 0)
            if delta:
                changes.append(f"{delta:+d} {resource}")
        if changes:
            out.append(f"Resources on {place}: {', '.join(changes)} (now {_amounts(now)})")
    return out


def _unit_words(unit: Unit) -> str:
    words = UNIT_WORDS.get(unit.kind, unit.kind)
    if unit.weapon:
        words = f"armed {words}"
    if unit.horse:
        words += " on horseback"
    return words


def _units(before: GameState, after: GameState, names: list[str]) -> list[str]:
    gone = [u for uid, u in before.units.items() if uid not in after.units]
    new = [u for uid, u in after.units.items() if uid not in before.units]
    out = []
    for unit in list(new):
        # Training replaces a worker with a military unit on the same hex [Train a military unit, l.309-311].
        worker = next((g for g in gone if g.kind == "worker" and (g.owner, g.hex) == (unit.owner, unit.hex)), None)
        if unit.kind != "worker" and worker is not None:
            gone.remove(worker)
            new.remove(unit)
            out.append(f"{names[unit.owner]} trained a worker on {unit.hex} into {_unit_words(unit)}")
    out += [f"{names[u.owner]} placed {_unit_words(u)} on {u.hex}" for u in new]
    for uid, now in after.units.items():
        was = before.units.get(uid)
        if was is None:
            continue
        who = names[now.owner]
        if (was.hex, was.ferry) != (now.hex, now.ferry):
            aboard = f" (aboard {now.ferry})" if now.ferry else ""
            out.append(f"{who}'s {_unit_words(was)} moved from {was.hex} to {now.hex}{aboard}")
        if now.weapon != was.weapon:
            out.append(
                f"{who}'s {UNIT_WORDS.get(now.kind, now.kind)} on {now.hex} {'took' if now.weapon else 'lost'} a weapon"
            )
        if now.horse != was.horse:
            out.append(
                f"{who}'s {UNIT_WORDS.get(now.kind, now.kind)} on {now.hex} {'took' if now.horse else 'lost'} a horse"
            )
    out += [f"{names[u.owner]} lost {_unit_words(u)} from {u.hex}" for u in gone]
    return out


def _structures(before: GameState, after: GameState, names: list[str]) -> list[str]:
    out = []
    for bid, b in after.buildings.items():
        was = before.buildings.get(bid)
        if was is None:
            out.append(f"{names[b.owner]} built a {b.kind} on {b.hex}")
        elif b.damaged != was.damaged:
            out.append(f"{names[b.owner]}'s {b.kind} on {b.hex} was {'damaged' if b.damaged else 'repaired'}")
    out += [
        f"{names[b.owner]} lost a {b.kind} from {b.hex}"
        for bid, b in before.buildings.items()
        if bid not in after.buildings
    ]
    out += [
        f"{names[b.builder]} built a bridge between {b.a} and {b.b}"
        for bid, b in after.bridges.items()
        if bid not in before.bridges
    ]
    for fid, f in after.ferries.items():
        old = before.ferries.get(fid)
        where = f"against {f.land} on {f.water}" if f.land else f"in the middle of {f.water}"
        if old is None:
            out.append(f"{names[f.builder]} built a ferry {where}")
        elif (old.water, old.land) != (f.water, f.land):
            out.append(f"The ferry {fid} moved {where}")
    return out


# -- each player's cards, monument, bonuses and quests --------------------------------------------
def _card_names(cards: Counter[str]) -> str:
    actions = load_content().action_by_id
    return ", ".join(
        (f"{actions[c].name}" if c in actions else c) + (f" ×{n}" if n > 1 else "") for c, n in sorted(cards.items())
    )


def _gone_and_new(before: Sequence[str], after: Sequence[str]) -> tuple[Counter[str], Counter[str]]:
    was, now = Counter(before), Counter(after)
    return was - now, now - was


def _player(before: Player, after: Player, who: str) -> list[str]:
    out = []
    left_hand, into_hand = _gone_and_new(before.hand, after.hand)
    _, upgraded = _gone_and_new(before.green, after.green)
    _, discarded = _gone_and_new(before.discard, after.discard)
    played = left_hand & discarded  # a card that went from the hand to the upgrades is "upgraded"
    if played:
        out.append(f"{who} played {_card_names(played)}")
    if upgraded:
        out.append(f"{who} upgraded {_card_names(upgraded)}")
    taken_back = into_hand & Counter(before.discard)
    if taken_back:
        out.append(f"{who} took back {_card_names(taken_back)} into the hand")
    if after.layers != before.layers:
        out.append(f"{who}'s monument: layer {before.layers} -> layer {after.layers}")
    _, bonuses = _gone_and_new(before.bonuses, after.bonuses)
    if bonuses:
        out.append(f"{who} took the common bonus {', '.join(sorted(bonuses.elements()))}")
    used, _ = _gone_and_new(before.personal_deck, after.personal_deck)
    if used:
        out.append(f"{who} used the personal bonus {', '.join(sorted(used.elements()))}")
    out += _quests(before, after, who)
    return out


def _quests(before: Player, after: Player, who: str) -> list[str]:
    out = []
    _, completed = _gone_and_new(before.completed, after.completed)
    if completed:
        out.append(f"{who} completed the quest {', '.join(sorted(completed.elements()))}")
    dropped, kept = _gone_and_new(before.quests, after.quests)
    dropped -= completed
    for words, cards in (("now holds", kept), ("no longer holds", dropped)):
        parts = [f"quest {c}" for c in sorted(cards.elements()) if c != HIDDEN]
        if cards[HIDDEN]:
            parts.append(f"{cards[HIDDEN]} hidden quest(s)")
        if parts:
            out.append(f"{who} {words} {', '.join(parts)}")
    return out


# -- victory points --------------------------------------------------------------------------------
def score_changes(before: GameState, after: GameState, viewer: int | None | str = EVERYTHING) -> list[str]:
    """Per seat whose VP changed: its total, then each score line that changed, indented."""
    names = [p.civ.capitalize() for p in after.players]
    out = []
    for was, now in zip(score(before), score(after), strict=True):
        secret = _secret_lines(after, viewer, now.seat)
        changes, total_was, total_now = _line_changes(was, now, secret)
        if changes:
            hidden = " (quests in progress not shown)" if secret else ""
            out.append(f"{names[now.seat]} VP: {total_was} -> {total_now} ({total_now - total_was:+d}){hidden}")
            out += [f"  {change}" for change in changes]
    return out


def _secret_lines(state: GameState, viewer: int | None | str, seat: int) -> tuple[str, ...]:
    """The score lines of `seat` that `viewer` may not see."""
    if viewer == EVERYTHING or sees_quests_of(state, viewer if isinstance(viewer, int) else None, seat):
        return ()
    return AI_HIDDEN_SCORE_LINES if seat == state.config.ai_seat else HIDDEN_SCORE_LINES


def _line_changes(was: ScoreBreakdown, now: ScoreBreakdown, secret: tuple[str, ...]) -> tuple[list[str], int, int]:
    """The score lines whose VP changed ("Monument layers 6 -> 9"), and the two totals,
    leaving out the `secret` lines (keys)."""
    before = {line.key: line for line in was.lines}
    changes = []
    total_was = total_now = 0
    for line in now.lines:
        if line.key in secret:
            continue
        old = before.get(line.key)
        old_vp = old.vp if old is not None else 0
        total_was += old_vp
        total_now += line.vp
        if line.vp != old_vp:
            changes.append(f"{line.name}: {old_vp} -> {line.vp} ({line.vp - old_vp:+d})")
    return changes, total_was, total_now
