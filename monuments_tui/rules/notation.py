"""The command notation: short, typed, case-insensitive text for every command.

`parse_command(format_command(c)) == c` for every command. Hex ids are written as on the
map ("D7"), ferries by id ("ferry12"), cards and quests by id, pieces by code:
w (worker), ws (worker with weapon), wh (with horse), wsh (both), army, navy, air.
Payments are optional: "pay D6:wood,D7:2sheep"; without one, the game pays
automatically. `SYNTAX` is the one source of the command reference shown in the app
and the README.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from monuments_tui.rules import commands as c
from monuments_tui.rules.content import RESOURCES
from monuments_tui.rules.errors import NotationError
from monuments_tui.rules.spelling import either, nearest_words


class Syntax(NamedTuple):
    verb: str
    usage: str
    meaning: str
    example: str


SYNTAX: tuple[Syntax, ...] = (
    Syntax("startquest", "startquest QUEST", "Set-up: keep this starting quest", "startquest qs-wood"),
    Syntax("start", "start RESOURCE HEX", "Set-up: place a starting resource", "start wood D7"),
    Syntax("play", "play CARD", "Play an action card from your hand", "play movement"),
    Syntax("takeback", "takeback", "Take your discard pile back into your hand", "takeback"),
    Syntax("discard", "discard CARD", "Discard a card for no effect (only with no playable card)", "discard trade"),
    Syntax(
        "turnin",
        "turnin QUEST [RESOURCE HEX]",
        "Turn in a completed quest (and place its bonus resource)",
        "turnin q01-land wood E19",
    ),
    Syntax("end", "end", "End your turn", "end"),
    Syntax("done", "done", "Finish an action early (after at least one step)", "done"),
    Syntax(
        "move",
        "move PIECE FROM TO [carry R[,R]]",
        "Move a unit; a worker may carry resources",
        "move w D6 D7 carry wood",
    ),
    Syntax(
        "board",
        "board FERRY PIECE [PIECE] [carry R[,R]]",
        "Board one or two units onto a docked ferry",
        "board ferry12 w army",
    ),
    Syntax("sail", "sail FERRY HEX", "Sail a ferry to a water hex, or to a land hex to land", "sail ferry12 C5"),
    Syntax("produce", "produce HEX", "Produce on a land hex", "produce D7"),
    Syntax(
        "build",
        "build PIECE HEX [TO] [pay ...]",
        "Build town/fort/factory on HEX, bridge/ferry on the edge HEX-TO",
        "build bridge D6 D7",
    ),
    Syntax("repair", "repair PIECE HEX [pay ...]", "Repair your damaged building", "repair fort D7"),
    Syntax("populate", "populate HEX", "Put a new worker in your town on HEX", "populate D7"),
    Syntax("trade", "trade GIVE GET HEX [pay ...]", "Trade with the bank, placing GET on HEX", "trade wood food D7"),
    Syntax("upgrade", "upgrade CARD [pay ...]", "Upgrade an action card to its green side", "upgrade production"),
    Syntax(
        "layer", "layer [pay ...] [sacrifice PIECE@HEX,...]", "Build your monument's next layer", "layer sacrifice w@D7"
    ),
    Syntax("bonus", "bonus CARD", "Take a common bonus card", "bonus cb1-military"),
    Syntax("option", "option N", "Choose option N of your personal bonus card", "option 2"),
    Syntax("place", "place WHAT HEX [TO]", "Place a granted resource, worker, building or unit", "place wood D7"),
    Syntax("skip", "skip", "Give up a granted piece that cannot be placed", "skip"),
    Syntax("train", "train UNIT HEX [WATER] [pay ...]", "Train army/navy/air from a worker on HEX", "train navy D7 C7"),
    Syntax("forge", "forge HEX [pay ...]", "Forge a weapon for a worker on HEX", "forge D7"),
    Syntax("weapon", "weapon HEX|none", "Give the pending weapon to a worker on HEX", "weapon D7"),
    Syntax(
        "attack",
        "attack TARGET with PIECE@HEX,...",
        "Attack TARGET with the listed units",
        "attack D7 with army@D6,air@C6",
    ),
    Syntax("damage", "damage PIECE@HEX,...|none", "Choose the pieces that take your battle damage", "damage fort@D7"),
    Syntax("movein", "movein PIECE@HEX,...", "Move surviving attackers into the taken hex", "movein army@D6"),
    Syntax(
        "retreat",
        "retreat HEX [PIECE@HEX,...]",
        "Retreat the defending units to HEX (or only those named)",
        "retreat D8",
    ),
    Syntax("keep", "keep QUEST [QUEST ...]|none", "Keep these of the quest cards you drew", "keep q01-land q01-food"),
    Syntax("ai", "ai", "Solo: let the AI resolve its turn (or its battle choice)", "ai"),
)

_HEX = re.compile(r"^[A-Za-z]{1,2}[0-9]{1,2}$")
_FERRY = re.compile(r"^(?:ferry|f)([0-9]+)$", re.IGNORECASE)
_ID = re.compile(r"^[a-z0-9][a-z0-9_\-]*$")
_TAKE = re.compile(r"^([A-Za-z]{1,2}[0-9]{1,2}):([0-9]{0,9})([a-z]+)$")
_NUMBER = re.compile(r"^[0-9]{1,9}$")
"""A count or an option number: ASCII digits, short enough that no game number is ever longer."""
PIECES = ("w", "ws", "wh", "wsh", "army", "navy", "air", "town", "fort", "factory", "workshop", "farm")


def _expected(verb: str) -> str:
    """What the notation expects of `verb`'s command (a NotationError's hint)."""
    for s in SYNTAX:
        if s.verb == verb:
            return f"Expected: {s.usage} (e.g. {s.example})."
    return ""


class _Reader:
    """Reads the words of one command, with errors that name what was expected."""

    def __init__(self, verb: str, words: list[str]):
        self.verb = verb
        self.words = words
        self.i = 0

    def fail(self, what: str) -> NotationError:
        got = f"'{self.words[self.i]}'" if self.i < len(self.words) else "nothing"
        return NotationError(f"'{self.verb}' needs {what}, got {got}", _expected(self.verb))

    def more(self) -> bool:
        return self.i < len(self.words)

    def peek(self) -> str | None:
        return self.words[self.i].lower() if self.more() else None

    def take(self) -> str:
        word = self.words[self.i]
        self.i += 1
        return word

    def hex(self) -> str:
        if not self.more() or not _HEX.match(self.words[self.i]):
            raise self.fail("a hex id like D7")
        return self.take().upper()

    def optional_hex(self) -> str | None:
        """A second hex when the next word is one (a bridge's far end, a navy's sea hex), else None."""
        return self.hex() if self.more() and _HEX.match(self.words[self.i]) else None

    def ferry(self) -> str:
        found = _FERRY.match(self.words[self.i]) if self.more() else None
        if found is None:
            raise self.fail("a ferry id like ferry12 (or f12)")
        self.take()
        return "ferry" + found.group(1)

    def ident(self, what: str) -> str:
        if not self.more() or not _ID.match(self.words[self.i].lower()):
            raise self.fail(what)
        return self.take().lower()

    def resource(self) -> str:
        if not self.more() or self.words[self.i].lower() not in RESOURCES:
            raise self.fail("a resource (wood, food, metal, sheep)")
        return self.take().lower()

    def number(self) -> int:
        if not self.more() or not _NUMBER.match(self.words[self.i]):
            raise self.fail("a number")
        return int(self.take())

    def piece(self) -> str:
        if not self.more() or self.words[self.i].lower() not in PIECES:
            raise self.fail("a piece code (w, ws, wh, wsh, army, navy, air)")
        return self.take().lower()

    def keyword(self, word: str) -> bool:
        if self.peek() == word:
            self.i += 1
            return True
        return False

    def resources_list(self) -> tuple[str, ...]:
        if not self.more():
            raise self.fail("resources like wood,food")
        items = tuple(x.lower() for x in self.take().split(",") if x)
        bad = [x for x in items if x not in RESOURCES]
        if bad or not items:
            self.i -= 1
            raise self.fail("resources like wood,food")
        return items

    def pieces_at(self) -> tuple[c.PieceAt, ...]:
        if not self.more():
            raise self.fail("pieces like army@D6,w@D7")
        out = []
        for item in self.take().split(","):
            piece, _, where = item.partition("@")
            if piece.lower() not in PIECES or not _HEX.match(where):
                self.i -= 1
                raise self.fail("pieces like army@D6,w@D7")
            out.append(c.PieceAt(piece.lower(), where.upper()))
        return tuple(out)

    def payment(self) -> tuple[c.Take, ...]:
        if not self.keyword("pay"):
            return ()
        if not self.more():
            raise self.fail("a payment like D6:wood,D7:2sheep")
        out = []
        for item in self.take().split(","):
            m = _TAKE.match(item)
            if not m or m.group(3).lower() not in RESOURCES:
                self.i -= 1
                raise self.fail("a payment like D6:wood,D7:2sheep")
            out.append(c.Take(m.group(1).upper(), m.group(3).lower(), int(m.group(2) or 1)))
        return tuple(out)

    def end(self) -> None:
        if self.more():
            raise NotationError(f"unexpected '{self.words[self.i]}' at the end", _expected(self.verb))


def parse_command(text: str) -> c.Command:
    """Parse one command.

    Raises:
        NotationError: naming what was expected where the text goes wrong.
    """
    words = text.replace(" @", "@").replace("@ ", "@").split()
    if not words:
        raise NotationError("type a command, e.g. 'play movement'; 'help' lists them all")
    verb = words[0].lower()
    r = _Reader(verb, words[1:])
    parser = _PARSERS.get(verb)
    if parser is None:
        verbs = [s.verb for s in SYNTAX]
        near = nearest_words(verb, verbs)
        mean = f"Did you mean {either(near)}? " if near else ""
        raise NotationError(f"unknown command '{words[0]}'", f"{mean}Commands: {', '.join(verbs)}.")
    command = parser(r)
    r.end()
    return command


def _parse_move(r: _Reader) -> c.Command:
    piece, src, dst = r.piece(), r.hex(), r.hex()
    carry = r.resources_list() if r.keyword("carry") else ()
    return c.Move(piece, src, dst, carry)


def _parse_board(r: _Reader) -> c.Command:
    ferry = r.ferry()
    pieces = [r.piece()]
    if r.more() and r.peek() in PIECES:
        pieces.append(r.piece())
    carry = r.resources_list() if r.keyword("carry") else ()
    return c.BoardFerry(ferry, tuple(pieces), carry)


def _parse_sail(r: _Reader) -> c.Command:
    ferry = r.ferry()
    return c.Sail(ferry, r.hex())


def _parse_build(r: _Reader) -> c.Command:
    piece = r.ident("a building (town, fort, factory, bridge, ferry)")
    hex_id = r.hex()
    to = r.optional_hex()
    return c.Build(piece, hex_id, to, r.payment())


def _parse_turnin(r: _Reader) -> c.Command:
    quest = r.ident("a quest id")
    if r.more():
        return c.TurnInQuest(quest, r.resource(), r.hex())
    return c.TurnInQuest(quest)


def _parse_layer(r: _Reader) -> c.Command:
    pay = r.payment()
    sacrifice = r.pieces_at() if r.keyword("sacrifice") else ()
    return c.BuildLayer(pay, sacrifice)


def _parse_place(r: _Reader) -> c.Command:
    what = r.ident("what to place (a resource, worker, building or unit)")
    hex_id = r.hex()
    to = r.hex() if r.more() else None
    return c.Place(what, hex_id, to)


def _parse_train(r: _Reader) -> c.Command:
    unit = r.ident("a unit (army, navy, air)")
    hex_id = r.hex()
    to = r.optional_hex()
    return c.Train(unit, hex_id, to, r.payment())


def _parse_weapon(r: _Reader) -> c.Command:
    if r.keyword("none"):
        return c.GiveWeapon(None)
    return c.GiveWeapon(r.hex())


def _parse_attack(r: _Reader) -> c.Command:
    target = r.hex()
    if not r.keyword("with"):
        raise r.fail("'with' and the attacking pieces")
    return c.Attack(target, r.pieces_at())


def _parse_damage(r: _Reader) -> c.Command:
    if r.keyword("none"):
        return c.Damage(())
    return c.Damage(r.pieces_at())


def _parse_keep(r: _Reader) -> c.Command:
    if r.keyword("none"):
        return c.KeepQuests(())
    quests = [r.ident("a quest id")]
    while r.more():
        quests.append(r.ident("a quest id"))
    return c.KeepQuests(tuple(quests))


_PARSERS: dict[str, Callable[[_Reader], c.Command]] = {
    "startquest": lambda r: c.KeepStartQuest(r.ident("a quest id")),
    "start": lambda r: c.PlaceStartResource(r.resource(), r.hex()),
    "play": lambda r: c.PlayCard(r.ident("an action card")),
    "takeback": lambda r: c.TakeBack(),
    "discard": lambda r: c.DiscardCard(r.ident("an action card")),
    "turnin": _parse_turnin,
    "end": lambda r: c.EndTurn(),
    "done": lambda r: c.Done(),
    "move": _parse_move,
    "board": _parse_board,
    "sail": _parse_sail,
    "produce": lambda r: c.Produce(r.hex()),
    "build": _parse_build,
    "repair": lambda r: c.Repair(r.ident("a building"), r.hex(), r.payment()),
    "populate": lambda r: c.Populate(r.hex()),
    "trade": lambda r: c.Trade(r.resource(), r.resource(), r.hex(), r.payment()),
    "upgrade": lambda r: c.Upgrade(r.ident("an action card"), r.payment()),
    "layer": _parse_layer,
    "bonus": lambda r: c.ChooseBonus(r.ident("a common bonus card id")),
    "option": lambda r: c.ChooseOption(r.number()),
    "place": _parse_place,
    "skip": lambda r: c.SkipPlacement(),
    "train": _parse_train,
    "forge": lambda r: c.Forge(r.hex(), r.payment()),
    "weapon": _parse_weapon,
    "attack": _parse_attack,
    "damage": _parse_damage,
    "movein": lambda r: c.MoveIn(r.pieces_at()),
    "retreat": lambda r: c.RetreatTo(r.hex(), r.pieces_at() if r.more() else ()),
    "keep": _parse_keep,
    "ai": lambda r: c.AiAct(),
}


def _pay(pay: tuple[c.Take, ...]) -> str:
    if not pay:
        return ""
    return " pay " + ",".join(f"{t.hex}:{t.n if t.n != 1 else ''}{t.resource}" for t in pay)


def _pieces(pieces: tuple[c.PieceAt, ...]) -> str:
    return ",".join(f"{p.piece}@{p.hex}" for p in pieces)


def format_command(cmd: c.Command) -> str:
    """The notation of a command (the inverse of `parse_command`)."""
    match cmd:
        case c.KeepStartQuest(quest):
            return f"startquest {quest}"
        case c.PlaceStartResource(resource, hex_id):
            return f"start {resource} {hex_id}"
        case c.PlayCard(card):
            return f"play {card}"
        case c.TakeBack():
            return "takeback"
        case c.DiscardCard(card):
            return f"discard {card}"
        case c.TurnInQuest(quest, resource, hex_id):
            return f"turnin {quest}" + (f" {resource} {hex_id}" if resource else "")
        case c.EndTurn():
            return "end"
        case c.Done():
            return "done"
        case c.Move(piece, src, dst, carry):
            return f"move {piece} {src} {dst}" + (f" carry {','.join(carry)}" if carry else "")
        case c.BoardFerry(ferry, pieces, carry):
            return f"board {ferry} {' '.join(pieces)}" + (f" carry {','.join(carry)}" if carry else "")
        case c.Sail(ferry, dst):
            return f"sail {ferry} {dst}"
        case c.Produce(hex_id):
            return f"produce {hex_id}"
        case c.Build(piece, hex_id, to, pay):
            return f"build {piece} {hex_id}" + (f" {to}" if to else "") + _pay(pay)
        case c.Repair(piece, hex_id, pay):
            return f"repair {piece} {hex_id}" + _pay(pay)
        case c.Populate(hex_id):
            return f"populate {hex_id}"
        case c.Trade(give, get, hex_id, pay):
            return f"trade {give} {get} {hex_id}" + _pay(pay)
        case c.Upgrade(card, pay):
            return f"upgrade {card}" + _pay(pay)
        case c.BuildLayer(pay, sacrifice):
            return "layer" + _pay(pay) + (f" sacrifice {_pieces(sacrifice)}" if sacrifice else "")
        case c.ChooseBonus(card):
            return f"bonus {card}"
        case c.ChooseOption(option):
            return f"option {option}"
        case c.Place(what, hex_id, to):
            return f"place {what} {hex_id}" + (f" {to}" if to else "")
        case c.SkipPlacement():
            return "skip"
        case c.Train(unit, hex_id, to, pay):
            return f"train {unit} {hex_id}" + (f" {to}" if to else "") + _pay(pay)
        case c.Forge(hex_id, pay):
            return f"forge {hex_id}" + _pay(pay)
        case c.GiveWeapon(hex_id):
            return f"weapon {hex_id or 'none'}"
        case c.Attack(target, attackers):
            return f"attack {target} with {_pieces(attackers)}"
        case c.Damage(pieces):
            return f"damage {_pieces(pieces) or 'none'}"
        case c.MoveIn(pieces):
            return f"movein {_pieces(pieces)}"
        case c.RetreatTo(hex_id, pieces):
            return f"retreat {hex_id}" + (f" {_pieces(pieces)}" if pieces else "")
        case c.KeepQuests(quests):
            return "keep " + (" ".join(quests) or "none")
        case c.AiAct():
            return "ai"
    raise TypeError(f"no notation for {type(cmd).__name__}")
