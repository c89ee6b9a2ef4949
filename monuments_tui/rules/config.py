"""The configuration of one game: who plays, which mode, the seed, and rule options.

Where the rulebook leaves a rule open and the rules review proposes a resolution with a
reasonable alternative, the alternative is a named option here. Defaults are the
resolutions adopted by this project (see docs/rules-decisions.md).
"""

from __future__ import annotations

import typing
from typing import Annotated, Literal, get_args

import msgspec

from monuments_tui.rules.board import MODES as MODES, Mode
from monuments_tui.rules.content import CIVS, Civ
from monuments_tui.rules.errors import MonumentsError, RuleViolation
from monuments_tui.rules.layout import setup_key

Difficulty = Literal["easy", "normal", "hard", "insane"]
"""The solo AI's four levels [Solo, l.432; l.457, l.522-529]."""

DIFFICULTIES: tuple[Difficulty, ...] = get_args(Difficulty)

# Option values, refused outside these domains when a save header is decoded and by `validate_config`.
Discount = Literal["cumulative", "flat"]
FailedAttackDamage = Literal["both", "attacker"]
RetreatRule = Literal["together", "each"]
Layer4Workers = Annotated[int, msgspec.Meta(ge=1, le=3)]
DiceCap = Annotated[int, msgspec.Meta(ge=0, le=10)]
SoloUnitCost = Annotated[int, msgspec.Meta(ge=0, le=2)]
WorkerCount = Annotated[int, msgspec.Meta(ge=0, le=15)]
SEED_MAX = 2**64 - 1
"""The largest seed: a save holds whole numbers of at most 64 bits (docs/save-format.md)."""


class RuleOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Named alternatives for rules the rulebook leaves open."""

    layer4_workers: Layer4Workers = 2
    """Workers sacrificed for layer 4: the cost table is cut off (B1); 2 rises evenly to 3 at layer 5.
    From 1 to 3: sacrifices rise from 1 worker (layers 1-3) to 3 at layer 5 [Monument, l.278]."""
    bank_limited: bool = True
    """The bank holds 25 of each resource, weapon and bridge/ferry token (B50)."""
    upgrade_discount: Discount = "cumulative"
    """"cumulative": 1 resource off per card already upgraded; "flat": 1 off once any card is green (B56)."""
    one_building_type_per_hex: bool = True
    """At most one town, one fort and one factory per hex (B53)."""
    abilities: bool = True
    """Deal the civilisation ability cards (B21); off in solo games."""
    dice_cap: DiceCap = 0
    """Most special dice one side rolls; 0 = no cap (one die per point of power, B28). At most
    10: the box holds 10 special dice [Components, l.88]."""
    failed_attack_damage: FailedAttackDamage = "both"
    """"both": damage is exchanged whatever the outcome; "attacker": a failed attack only hurts the attacker (B30)."""
    retreat: RetreatRule = "together"
    """"together": all retreating units go to one hex; "each": every unit picks its own (B34)."""
    air_fly_over: bool = False
    """Air forces may fly over hexes with other players' pieces (B46)."""
    battle_quests_since_draw: bool = False
    """Battle tasks on quests count only battles after the quest was drawn (B26)."""
    passengers_sail_with_ferry: bool = True
    """Ferry passengers stand in the ferry's hex wherever it sails [Ferry, l.254]. False is
    how 0.3.0 played: passengers stayed on the hex of the last move before the ferry sailed
    on (a bug, kept only so that games saved by 0.3.0 replay as they were played)."""
    trade_any_resource: bool = True
    """A trade may take the very resource it gives ("take any one resource", l.387); off
    refuses that, as 0.3.0 did. Kept to replay 0.3.0 saves, not offered as a variant."""
    solo_bridges_open_land: bool = False
    """Solo AI, Special: build only a bridge that opens land beyond a river, and go on to ferries
    once bridges join its continent; off, as the text: a bridge while it has built 0 or 1 [l.482-486]."""
    solo_unit_cost: SoloUnitCost = 0
    """Solo AI, Special: resources a trained military unit costs; the text names none [l.488].
    At most 2: what a player's navy or army costs [Unit and building costs, l.180-181], and what 0.3.0 charged (B76)."""
    solo_workers_kept: WorkerCount = 0
    """Solo AI, Special: workers it never trains away; the text keeps none, only a worker to replace [l.488].
    At most 15: a player's workers [Components, Per player, l.93]."""
    solo_pool_ai_can_complete: bool = True
    """Solo quest pool: leave out the quests the AI can never complete (B83, data/solo.json)."""


class GameConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Everything that fixes a game before its first command.

    Seats are listed in clockwise order; seat 0 holds the first-player marker for the
    whole game [Set-up, l.166].
    """

    civs: tuple[Civ, ...]
    """Civilisation of each seat, clockwise from the first player."""
    mode: Mode = "abundance"
    """"abundance" or "scarcity": which islands are in play [Set-up, l.120-144]."""
    seed: int = 0
    """Seed of the game's random generator: every shuffle, draw and roll follows from it."""
    solo: Difficulty | None = None
    """Solo difficulty, or None for a multiplayer game."""
    options: RuleOptions = RuleOptions()
    """Named alternatives for open rules."""

    @property
    def ai_seat(self) -> int | None:
        """In a solo game, the seat played by the AI deck: seat 0, it plays first [Solo gameplay, l.450]."""
        return 0 if self.solo is not None else None


# Why each changed: docs/rules-decisions.md (ferries, trade, "Solo mode: the text of the AI cards").
OPTIONS_0_3_0: dict[str, object] = {
    "passengers_sail_with_ferry": False,
    "trade_any_resource": False,
    "solo_bridges_open_land": True,
    "solo_unit_cost": 2,
    "solo_workers_kept": 3,
    "solo_pool_ai_can_complete": False,
}
"""Rule options whose default changed after 0.3.0, at the value 0.3.0 played with: a 0.3.0 save is replayed with these."""


def check_ai_seat(solo: object, ai_seat: object) -> None:
    """Refuse an AI seat (read from an older save or a text) that is not the one `solo` implies.

    Raises:
        ValueError: saying which seat the AI plays.
    """
    if solo is not None and ai_seat != 0:
        raise ValueError(
            f"ai_seat {ai_seat!r}: in a solo game the AI is seat 0: it plays first and the player last [Solo gameplay, l.450]"
        )
    if solo is None and ai_seat is not None:
        raise ValueError("only a solo game has an AI seat; set solo to a difficulty")


def validate_config(config: GameConfig) -> None:
    """Check a configuration against the set-up rules [Set-up, l.118-144; Solo set-up, l.434].

    Raises:
        ValueError: naming what is wrong and what would be accepted (a RuleViolation where the
            rulebook forbids it, with its section).
    """
    seed_problem = number_problem("seed", config.seed, 0, SEED_MAX)
    if seed_problem is not None:
        raise ValueError(seed_problem)
    for civ in config.civs:
        if civ not in CIVS:
            raise ValueError(f"unknown civilisation {civ!r}; choose from {', '.join(CIVS)}")
    if len(set(config.civs)) != len(config.civs):
        raise ValueError("each civilisation may be played by one seat only")
    if config.mode not in MODES:
        raise ValueError(f"unknown mode {config.mode!r}; choose abundance or scarcity")
    setup_key(config.civs)
    if config.solo is not None:
        if config.solo not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {config.solo!r}; choose from {', '.join(DIFFICULTIES)}")
        if len(config.civs) != 2:
            raise ValueError("a solo game has two seats: the player and the AI")
        if config.mode != "abundance":
            raise RuleViolation("solo games use the 2-player Abundance layout", "Solo set-up, l.434")
    check_options(config.options)


class OptionOutOfDomain(ValueError, MonumentsError):
    """A rule option set to a value it does not take.

    Attributes:
        option: the option's field of `RuleOptions`, e.g. "retreat".
        takes: what it takes, in words ("together or each").
        value: the value refused.
    """

    def __init__(self, option: str, takes: str, value: object):
        self.option = option
        self.takes = takes
        self.value = value
        super().__init__(f"rule option {option} takes {takes}, not {value!r}")


def number_problem(name: str, value: object, low: int, high: int) -> str | None:
    """What is wrong with `value` as the whole number `name`, from `low` to `high`, or None."""
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return None
    if isinstance(value, int) and value.bit_length() > 128:  # too long to show, perhaps even to print
        return f"{name} (a number of {value.bit_length()} bits) is out of range: it takes a whole number from {low} to {high}"
    shown = repr(value)
    return f"{name} {shown} is out of range: it takes a whole number from {low} to {high}"


def check_options(options: RuleOptions) -> None:
    """Check each rule option against its domain (msgspec checks them only when decoding).

    Raises:
        OptionOutOfDomain: naming the option, its value and what it takes.
    """
    for field in msgspec.structs.fields(RuleOptions):
        value = getattr(options, field.name)
        try:
            msgspec.convert(value, field.type)
        except msgspec.ValidationError:
            raise OptionOutOfDomain(field.name, domain_words(field.type), value) from None


def domain_words(tp: object) -> str:
    """What a rule option takes, in words: "together or each", "a whole number from 1 to 3"."""
    if typing.get_origin(tp) is Literal:
        return " or ".join(str(a) for a in get_args(tp))
    if typing.get_origin(tp) is Annotated:
        meta = get_args(tp)[1]
        return f"a whole number from {meta.ge} to {meta.le}"
    return "yes or no" if tp is bool else str(getattr(tp, "__name__", tp))
