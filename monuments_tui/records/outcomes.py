"""The text of a step's random outcomes and visible consequences, for a record's comments."""

from __future__ import annotations

from collections.abc import Sequence

from monuments_tui.game.narration import draw_text, narration_text
from monuments_tui.game.timeline import Step
from monuments_tui.rules import events as ev


def outcomes(step: Step, civs: tuple[str, ...]) -> list[str]:
    """The visible consequences of a step worth a reader's eye: rolls, draws, gains, layers."""
    out: list[str] = []
    gained: dict[tuple[str, str], int] = {}
    for e in step.events:
        if isinstance(e, ev.ResourcesGained):
            gained[(e.resource, e.hex)] = gained.get((e.resource, e.hex), 0) + e.n
        elif isinstance(e, ev.BattleBegan):
            b = e.battle
            out.append(
                f"{civs[b.attacker]} rolls {_pips(b.attack_pips)} (power {b.attack_power}) vs "
                f"{civs[b.defender]} {_pips(b.defence_pips)} (power {b.defence_power}): "
                + ("attack succeeds" if b.attacker_won else "attack fails")
            )
        elif isinstance(e, ev.BattleEnded):
            r = e.record
            losses = []
            if r.attacker_losses:
                losses.append(f"{civs[r.attacker]} lost {', '.join(r.attacker_losses)}")
            if r.defender_losses:
                losses.append(f"{civs[r.defender]} lost {', '.join(r.defender_losses)}")
            if losses:
                out.append("; ".join(losses))
        elif isinstance(e, ev.QuestsDealt):
            out.append(f"{civs[e.seat]} draws {' '.join(e.cards)} from quest deck {e.deck}")
        elif isinstance(e, ev.QuestDeckShuffled):
            out.append(f"quest deck {e.deck} reshuffled")
        elif isinstance(e, ev.QuestCompleted):
            out.append(f"{civs[e.seat]} completes {e.quest}")
        elif isinstance(e, ev.LayerBuilt):
            out.append(f"{civs[e.seat]} builds monument layer {e.layer}")
        elif isinstance(e, ev.CommonBonusTaken) and e.seat is not None:
            out.append(f"{civs[e.seat]} takes {e.card}")
        elif isinstance(e, ev.FinalRoundBegan):
            out.append("final round")
        elif isinstance(e, ev.GameEnded):
            out.append("game over")
        elif isinstance(e, (ev.RandomDrawn, ev.RngAdvanced)) and draw_text(e):
            out.append(draw_text(e))
        elif (said := narration_text(e, civs)) is not None:
            out.append(f"AI: {said}")
    if gained:
        out.insert(0, ", ".join(f"+{n} {res} on {hx}" for (res, hx), n in gained.items()))
    return out


def _pips(pips: Sequence[int]) -> str:
    return "[" + ",".join(str(p) for p in pips) + "]" if pips else "[]"
