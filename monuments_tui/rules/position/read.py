"""Reading a position: `parse_position(text)` turns the text of `format_position` back into a GameState.

The reader checks each line as it goes (known hexes, cards, civilisations and keywords;
no duplicate ids) and keeps what the text says; `checks` then fills in what a
hand-written position left out and checks that the whole adds up. Every refusal is a
`PositionError` (a ValueError) naming the line and the problem.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from typing import cast

from monuments_tui.rules import pending as pd
from monuments_tui.rules.board import Mode, load_board
from monuments_tui.rules.card_types import Civ
from monuments_tui.rules.config import MODES, Difficulty, GameConfig, RuleOptions, check_ai_seat, validate_config
from monuments_tui.rules.content import ACTION_IDS, CIVS, RESOURCES, load_content
from monuments_tui.rules.errors import PositionError
from monuments_tui.rules.notation import PIECES
from monuments_tui.rules.position.fields import (
    CARD_KEYS,
    FERRY_ID,
    HEADER_KEYS,
    NONE,
    PENDING_KINDS,
    PIECE_WORD,
    PLAYER_KEYS,
    RESOURCE_WORD,
    UNIT_CODES,
    make,
    read_fields,
    read_flag,
    read_seat,
    read_whole,
    split_comment,
)
from monuments_tui.rules.position.write import HEADER
from monuments_tui.rules.setup import QUEST_DECKS
from monuments_tui.rules.state import (
    MILITARY,
    AiState,
    Battle,
    BattleRecord,
    Bridge,
    Building,
    Ferry,
    Unit,
    UnitKind,
    is_building,
    is_military,
)


class Reader:
    """What the lines of a position say, each value with the line it came from."""

    def __init__(self) -> None:
        self.config: GameConfig | None = None
        self.game_line = 0
        self.given: dict[str, tuple[int, object]] = {}
        """Header and card lines by key (card lines keyed "quest-deck 0-1" etc.)."""
        self.players: dict[int, dict[str, tuple[int, object]]] = {}
        self.sections: dict[int, int] = {}
        """The line of each player's section, by seat."""
        self.units: list[tuple[int, Unit]] = []
        self.buildings: list[tuple[int, Building]] = []
        self.bridges: list[tuple[int, Bridge]] = []
        self.ferries: list[tuple[int, Ferry, dict[str, int] | None]] = []
        """Each ferry with its cargo (None: no cargo table)."""
        self.resources: dict[str, tuple[int, dict[str, int]]] = {}
        self.battle_records: list[tuple[int, BattleRecord]] = []
        self.ids: dict[str, int] = {}
        """Every id written, with its line."""
        self.pieces: list[Unit | Building | Bridge | Ferry] = []
        """Every unit, building, bridge and ferry, in the order written (ids are given in that order)."""
        self.board = load_board()
        self.content = load_content()

    @property
    def civs(self) -> tuple[Civ, ...]:
        """The game's civilisations (none before its game line, which `read` requires first)."""
        return self.config.civs if self.config else ()

    # -- lines ------------------------------------------------------------------------------------
    def read(self, text: str) -> None:
        section = None
        seen_header = False
        for lineno, raw in enumerate(text.splitlines(), start=1):
            line = split_comment(raw).strip()
            if not line:
                continue
            if not seen_header:
                if line.lower() != HEADER:
                    raise PositionError(lineno, f"a position starts with the line {HEADER!r}")
                seen_header = True
                continue
            if line.startswith("[") and line.endswith("]"):
                section = self._section(lineno, line[1:-1].strip().lower())
                continue
            key, _, rest = line.partition(" ")
            key, rest = key.lower(), rest.strip()
            if self.config is None and key != "game":
                raise PositionError(
                    lineno, "the line after the first names the game, e.g. 'game greece,egypt abundance seed=1'"
                )
            if section is None:
                self._header_line(lineno, key, rest)
            elif section == "board":
                self._board_line(lineno, line)
            elif isinstance(section, int):  # a civilisation's section, by its seat
                self._player_line(lineno, section, key, rest)
            elif section == "cards":
                self._card_line(lineno, key, rest)
        if not seen_header:
            raise PositionError(0, f"the text is empty: a position starts with the line {HEADER!r}")
        if self.config is None:
            raise PositionError(0, "the position names no game: add 'game greece,egypt abundance seed=1'")

    def _section(self, lineno: int, name: str) -> str | int:
        if name in ("board", "cards"):
            return name
        civs = self.civs
        if name in civs:
            seat = civs.index(name)
            if seat in self.sections:
                raise PositionError(lineno, f"[{name}] is written twice (first on line {self.sections[seat]})")
            self.sections[seat] = lineno
            self.players[seat] = {}
            return seat
        raise PositionError(
            lineno,
            f"unknown section [{name}]; sections are [board], [cards] and one per civilisation "
            f"of the game ({', '.join(f'[{c}]' for c in civs)})",
        )

    def _remember(self, store: dict[str, tuple[int, object]], key: str, lineno: int, value: object) -> None:
        if key in store:
            raise PositionError(lineno, f"'{key}' is given twice (first on line {store[key][0]})")
        store[key] = (lineno, value)

    def _header_line(self, lineno: int, key: str, rest: str) -> None:
        if key == "game":
            if self.config is not None:
                raise PositionError(lineno, f"'game' is given twice (first on line {self.game_line})")
            self.config, self.game_line = self._game(lineno, rest), lineno
        elif key == "options":
            self._remember(self.given, key, lineno, read_fields(RuleOptions, rest, lineno, self.civs))
        elif key in ("round", "next-id", "rng"):
            self._remember(self.given, key, lineno, self.number(rest, lineno, key))
        elif key == "phase":
            if rest not in ("setup", "play", "over"):
                raise PositionError(lineno, f"unknown phase {rest!r}; write setup, play or over")
            self._remember(self.given, key, lineno, rest)
        elif key == "current":
            self._remember(self.given, key, lineno, self.seat(rest, lineno))
        elif key == "final-round":
            self._remember(self.given, key, lineno, read_flag(rest, lineno, key))
        elif key == "pending":
            self._remember(self.given, key, lineno, self._pending(lineno, rest))
        elif key == "card-in-play":
            card = None if rest == NONE else self.card(rest, ACTION_IDS, "action card", lineno)
            self._remember(self.given, key, lineno, card)
        elif key == "battle":
            self._remember(self.given, key, lineno, make(Battle, read_fields(Battle, rest, lineno, self.civs), lineno))
        elif key == "battle-record":
            self.battle_records.append(
                (lineno, make(BattleRecord, read_fields(BattleRecord, rest, lineno, self.civs), lineno))
            )
        elif key == "ai":
            ai = make(AiState, read_fields(AiState, rest, lineno, self.civs), lineno)
            for card in [*ai.draw, *ai.discard, *ai.set_aside, *([ai.card] if ai.card else [])]:
                self.card(card, self.content.ai_by_id, "AI card", lineno)
            self._remember(self.given, key, lineno, ai)
        else:
            raise PositionError(lineno, self._unknown(key, HEADER_KEYS, "before the first section"))

    def _game(self, lineno: int, rest: str) -> GameConfig:
        words = rest.split()
        if len(words) < 2:
            raise PositionError(lineno, "write the game as 'game CIVS MODE [seed=N] [solo=LEVEL ai-seat=CIV]'")
        civs = tuple(c.strip().lower() for c in words[0].split(",") if c.strip())
        for civ in civs:
            if civ not in CIVS:
                raise PositionError(lineno, f"unknown civilisation {civ!r}; choose from {', '.join(CIVS)}")
        if words[1].lower() not in MODES:
            raise PositionError(lineno, f"unknown mode {words[1]!r}; write abundance or scarcity")
        extra = dict(pair.split("=", 1) for pair in words[2:] if "=" in pair)
        bad = [w for w in words[2:] if "=" not in w or w.split("=")[0] not in ("seed", "solo", "ai-seat")]
        if bad:
            raise PositionError(
                lineno, f"{bad[0]!r} is not understood here; the game line takes seed=N, solo=LEVEL and ai-seat=CIV"
            )
        seed = read_whole(extra.get("seed", "0"), lineno, "seed")
        ai_seat = extra.get("ai-seat")
        if ai_seat is not None and ai_seat not in civs:
            raise PositionError(lineno, f"ai-seat={ai_seat} is not a civilisation of the game ({', '.join(civs)})")
        try:
            check_ai_seat(extra.get("solo"), civs.index(ai_seat) if ai_seat else None)
        except ValueError as exc:
            raise PositionError(lineno, str(exc)) from None
        config = GameConfig(  # the words are checked just below by validate_config, as a decoded save's are
            civs=cast(tuple[Civ, ...], civs),
            mode=cast(Mode, words[1].lower()),
            seed=seed,
            solo=cast(Difficulty | None, extra.get("solo")),
        )
        try:
            validate_config(config)
        except ValueError as exc:
            raise PositionError(lineno, str(exc)) from None
        return config

    def _pending(self, lineno: int, rest: str) -> pd.Pending | None:
        if rest == NONE:
            return None
        kind, _, rest = rest.partition(" ")
        cls = PENDING_KINDS.get(kind)
        if cls is None:
            raise PositionError(lineno, f"unknown pending decision {kind!r}; choose from {', '.join(PENDING_KINDS)}")
        seat_word, _, rest = rest.strip().partition(" ")
        values = read_fields(cls, rest, lineno, self.civs)
        values["seat"] = self.seat(seat_word, lineno)
        options, card = values.get("options", ()), values.get("card")
        named = [*(options if isinstance(options, tuple) else ()), *([card] if isinstance(card, str) and card else [])]
        for word in named:
            self.card(word, self.all_cards(), "card", lineno)
        return make(cls, values, lineno)

    # -- the board ------------------------------------------------------------------------------
    def _board_line(self, lineno: int, line: str) -> None:
        head, _, rest = line.partition(" ")
        name = head.lower().split("#")[0]
        if name in ("bridge", "ferry"):
            (self._bridge if name == "bridge" else self._ferry)(lineno, head, rest.split())
        elif name == "bank":
            self._remember(self.given, "bank", lineno, self.counts(rest, lineno, "bank"))
        elif head.endswith(":"):
            self._hex_line(lineno, self.hex(head[:-1], lineno), rest.split())
        else:
            raise PositionError(
                lineno,
                "a board line is 'HEX: pieces and resources', 'bridge ...', 'ferry ...' or 'bank ...'"
                ", e.g. 'D7: greece w#u5 2wood'",
            )

    def _hex_line(self, lineno: int, hex_id: str, words: list[str]) -> None:
        if hex_id in self.resources:
            raise PositionError(lineno, f"{hex_id} is written twice (first on line {self.resources[hex_id][0]})")
        owner = None
        on: dict[str, int] | None = None
        for w in words:
            low = w.lower()
            if low in self.civs:
                owner = self.civs.index(low)
            elif low == NONE or RESOURCE_WORD.match(low):
                on = self.resource_word(low, on if on is not None else {}, lineno, hex_id)
            elif owner is None:
                raise PositionError(
                    lineno, f"{w!r}: name the owner before the pieces, e.g. '{hex_id}: {self.civs[0]} {w}'"
                )
            else:
                self._piece(lineno, hex_id, owner, w)
        if on is not None:
            self.resources[hex_id] = (lineno, on)

    def resource_word(self, word: str, on: dict[str, int], lineno: int, place: str) -> dict[str, int]:
        if word == NONE:
            return on
        m = RESOURCE_WORD.match(word)
        if not m or m.group(2) not in RESOURCES:
            raise PositionError(lineno, f"{word!r} is not a resource count; write e.g. 2wood ({', '.join(RESOURCES)})")
        if m.group(2) in on:
            raise PositionError(lineno, f"{m.group(2)} is written twice on {place}")
        count = read_whole(m.group(1), lineno, f"the count of {m.group(2)} on {place}")
        if count < 1:
            raise PositionError(lineno, f"{word!r}: a count is at least 1 (leave out resources that are not there)")
        on[m.group(2)] = count
        return on

    def _piece(self, lineno: int, hex_id: str, owner: int, w: str) -> None:
        m = PIECE_WORD.match(w)
        code = m.group(1) if m else None
        if not m or code not in PIECES:
            raise PositionError(
                lineno,
                f"{w!r} is not a piece; write a code ({', '.join(PIECES)}) with an optional "
                "#id, e.g. 'w#u5', 'fort*#b3' (damaged), 'army#u9@ferry12' (aboard a ferry)",
            )
        damaged, pid, ferry = bool(m.group(2)), m.group(3), m.group(4)
        is_unit = code in UNIT_CODES or code in MILITARY
        if damaged and is_unit:
            raise PositionError(lineno, f"{w!r}: only buildings are damaged (the star)")
        if ferry and not is_unit:
            raise PositionError(lineno, f"{w!r}: only units travel aboard ferries")
        self.claim(pid, lineno)
        if is_unit:
            kind: UnitKind = code if is_military(code) else "worker"  # else one of UNIT_CODES
            self.units.append((lineno, Unit(pid or "", owner, kind, hex_id, ferry=ferry, **UNIT_CODES.get(code, {}))))
            self.pieces.append(self.units[-1][1])
        else:
            assert is_building(code)  # the codes of PIECES that are not units are buildings
            self.buildings.append((lineno, Building(pid or "", owner, code, hex_id, damaged)))
            self.pieces.append(self.buildings[-1][1])

    def _bridge(self, lineno: int, head: str, words: list[str]) -> None:
        pid = head.partition("#")[2] or None
        if len(words) != 3 or "-" not in words[0] or words[1].lower() != "by":
            raise PositionError(lineno, "write a bridge as 'bridge#B13 D18-E19 by greece' (the id is optional)")
        a, b = (self.hex(h, lineno) for h in words[0].split("-", 1))
        if not self.board.shared_edge(a, b):
            raise PositionError(lineno, f"{a} and {b} share no edge: a bridge spans two neighbouring hexes")
        self.claim(pid, lineno)
        self.bridges.append((lineno, Bridge(pid or "", a, b, self.seat(words[2], lineno))))
        self.pieces.append(self.bridges[-1][1])

    def _ferry(self, lineno: int, head: str, words: list[str]) -> None:
        pid = head.partition("#")[2] or None
        usage = "write a ferry as 'ferry#ferry7 C5 [docked D6] by greece [carrying 1wood]' (the id is optional)"
        if pid is not None and not FERRY_ID.match(pid):
            raise PositionError(lineno, f"ferry id {pid!r} must look like ferry7; {usage}")
        if len(words) < 3:
            raise PositionError(lineno, usage)
        water, i, land = self.hex(words[0], lineno), 1, None
        if words[i].lower() == "docked":
            land, i = self.hex(words[i + 1] if i + 1 < len(words) else "", lineno), i + 2
        if i + 1 >= len(words) or words[i].lower() != "by":
            raise PositionError(lineno, usage)
        builder = self.seat(words[i + 1], lineno)
        cargo = words[i + 2 :]
        if cargo and cargo[0].lower() != "carrying":
            raise PositionError(lineno, usage)
        self.claim(pid, lineno)
        on: dict[str, int] | None = None
        if cargo:
            on = {}
            for w in cargo[1:] or [""]:
                on = self.resource_word(w.lower(), on, lineno, "the ferry")
        self.ferries.append((lineno, Ferry(pid or "", water, land, builder), on))
        self.pieces.append(self.ferries[-1][1])

    # -- players and cards ------------------------------------------------------------------------
    def _player_line(self, lineno: int, seat: int, key: str, rest: str) -> None:
        content = self.content
        tables = {
            "hand": (ACTION_IDS, "action card"),
            "discard": (ACTION_IDS, "action card"),
            "green": ({*ACTION_IDS, *content.ai_by_id}, "action card"),
            "bonuses": (content.common_by_id, "common bonus card"),
            "personal": (content.personal_by_id, "personal bonus card"),
            "quests": (content.quest_by_id, "quest"),
            "completed": (content.quest_by_id, "quest"),
        }
        if key in tables:
            value: object = self.cards(rest, *tables[key], lineno)
        elif key in ("layers", "turns"):
            value = self.number(rest, lineno, key)
        elif key in ("supply", "set-aside", "tokens", "battles-at-draw"):
            value = self.counts(rest, lineno, key)
        elif key == "ability":
            value = None if rest == NONE else self.card(rest, content.ability_by_id, "ability", lineno)
        elif key == "score":
            value = self.card(rest, content.score_by_id, "score card", lineno)
        else:
            raise PositionError(lineno, self._unknown(key, PLAYER_KEYS, f"in [{self.civs[seat]}]"))
        self._remember(self.players[seat], key, lineno, value)

    def _card_line(self, lineno: int, key: str, rest: str) -> None:
        content = self.content
        if key == "removed":
            self._remember(self.given, key, lineno, self.cards(rest, self.all_cards(), "card", lineno))
            return
        if key not in CARD_KEYS:
            raise PositionError(lineno, self._unknown(key, CARD_KEYS, "in [cards]"))
        which, _, rest = rest.partition(" ")
        if key == "start-quests" and which == NONE:
            self._remember(self.given, "start-quests -", lineno, [])
            return
        if key == "start-quests":
            which = str(self.seat(which, lineno))
        elif key == "common" and which not in ("1", "2", "3", "4", "5"):
            raise PositionError(lineno, f"common bonus piles are levels 1 to 5, not {which!r}")
        elif key != "common" and which not in QUEST_DECKS:
            raise PositionError(lineno, f"quest decks are {', '.join(QUEST_DECKS)}, not {which!r}")
        table = content.common_by_id if key == "common" else content.quest_by_id
        ids = self.cards(rest, table, "common bonus card" if key == "common" else "quest", lineno)
        self._remember(self.given, f"{key} {which}", lineno, ids)

    # -- words ----------------------------------------------------------------------------------
    def _unknown(self, key: str, allowed: Iterable[str], where: str) -> str:
        return f"unknown line {key!r} {where}; the lines here are: {', '.join(allowed)}"

    def claim(self, pid: str | None, lineno: int) -> None:
        if pid is None:
            return
        if pid in self.ids:
            raise PositionError(
                lineno, f"id {pid} is used twice (first on line {self.ids[pid]}); every piece has its own id"
            )
        self.ids[pid] = lineno

    def hex(self, text: str, lineno: int) -> str:
        hex_id = self.board.normalise(text)
        if hex_id is None:
            raise PositionError(lineno, f"no hex {text!r} on the map; a hex id is a row letter and a column, e.g. D7")
        return hex_id

    def seat(self, civ: str, lineno: int) -> int:
        return read_seat(civ, lineno, self.civs)

    def number(self, text: str, lineno: int, what: str) -> int:
        return read_whole(text, lineno, what)

    def all_cards(self) -> set[str]:
        c = self.content
        return {
            *ACTION_IDS,
            *c.common_by_id,
            *c.personal_by_id,
            *c.ability_by_id,
            *c.score_by_id,
            *c.quest_by_id,
            *c.ai_by_id,
        }

    def card(self, card: str, table: Container[str], what: str, lineno: int) -> str:
        if card not in table:
            raise PositionError(lineno, f"unknown {what} {card!r} (`monuments cards` lists every card id)")
        return card

    def cards(self, rest: str, table: Container[str], what: str, lineno: int) -> list[str]:
        words = rest.split()
        if words == [NONE]:
            return []
        return [self.card(w, table, what, lineno) for w in words]

    def counts(self, rest: str, lineno: int, what: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for pair in [] if rest.strip() in ("", NONE) else rest.split():
            name, eq, n = pair.partition("=")
            if not eq or not (n.isascii() and n.isdigit()) or name in out:
                raise PositionError(
                    lineno, f"{what} is written as name=count pairs, e.g. 'worker=12 fort=1', not {pair!r}"
                )
            out[name] = read_whole(n, lineno, f"{what} {name}")
        return out
