"""The rule options in plain words: a name, one line of what it changes, and its decision code.

The new-game form shows the name and the line; the code (the gap of the rules review the
option settles, docs/rules-decisions.md) appears only in the help's detail and in `info`.
An option without words here (such as the 0.3.0 behaviours kept for old saves,
config.OPTIONS_0_3_0) is not offered and keeps its default.
"""

from __future__ import annotations

from typing import NamedTuple


class OptionWords(NamedTuple):
    label: str
    """What the option is, in a player's words."""
    explanation: str
    """One line: what changes with it."""
    code: str
    """The decision it settles (B1), for the help's detail."""


RULE_OPTIONS: dict[str, OptionWords] = {
    "layer4_workers": OptionWords(
        "Workers given up for monument layer 4",
        "The rulebook's cost table is cut off here: 1 to 3 workers (2 rises evenly to 3 at layer 5).",
        "B1",
    ),
    "bank_limited": OptionWords(
        "The bank runs out",
        "On: the bank holds 25 of each resource, weapon and bridge/ferry token. Off: it never runs out.",
        "B50",
    ),
    "upgrade_discount": OptionWords(
        "Cheaper upgrades as you upgrade",
        "Each card already green takes 1 off the next upgrade, or only 1 off once any card is green.",
        "B56",
    ),
    "one_building_type_per_hex": OptionWords(
        "One building of each kind per hex",
        "On: at most one town, one fort and one factory on a hex.",
        "B53",
    ),
    "abilities": OptionWords(
        "Civilisation abilities",
        "Each civilisation gets its ability card (horses, workshops, farms, naval assault); off in solo.",
        "B21",
    ),
    "dice_cap": OptionWords(
        "Most battle dice per side",
        "A side rolls one die per point of power; a number here caps that (0 = no cap, at most 10).",
        "B28",
    ),
    "failed_attack_damage": OptionWords(
        "Who is hurt when an attack fails",
        "Both sides take their damage whatever the outcome, or a failed attack hurts only the attacker.",
        "B30",
    ),
    "retreat": OptionWords(
        "Where beaten defenders retreat",
        "All retreating units go to one hex together, or each unit picks its own hex.",
        "B34",
    ),
    "air_fly_over": OptionWords(
        "Air forces fly over other players' pieces",
        "On: an air force may pass over hexes holding other players' pieces.",
        "B46",
    ),
    "battle_quests_since_draw": OptionWords(
        "Battle quests count only later battles",
        "On: a quest's battle task counts only battles fought after it was drawn; off: every battle.",
        "B26",
    ),
}
"""The rule options the form offers, in its order."""

OPTION_CHOICES = {
    "upgrade_discount": (("1 off per upgraded card", "cumulative"), ("1 off once any card is green", "flat")),
    "failed_attack_damage": (("both sides take damage", "both"), ("only the attacker", "attacker")),
    "retreat": (("all to one hex", "together"), ("each unit its own hex", "each")),
}
"""The words of each value of an option that is neither on/off nor a number."""


def option_label(name: str) -> str:
    """The plain name of rule option `name` (its field name in words if it has none)."""
    words = RULE_OPTIONS.get(name)
    return words.label if words else name.replace("_", " ")
