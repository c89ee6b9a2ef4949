"""Set-up: `new_game(config)` deals everything the rulebook deals before the first turn.

[Set-up, l.118-166; Player set-up, l.150-166; Solo set-up, l.432-446]

The deal (score cards, personal bonus decks, starting quests, quest decks) is drawn from
the game's generator, so the dealt state is fixed by the seed; its position after the
deal is stored in the state. The choices players make during set-up (which starting
quest to keep, where to put the two starting resources) are commands.
"""

from __future__ import annotations

from monuments_tui.rules import rng as random
from monuments_tui.rules.board import load_board
from monuments_tui.rules.card_types import SUPPLY_PIECES, Civ, QuestDeck, SupplyPiece, is_resource
from monuments_tui.rules.config import GameConfig, validate_config
from monuments_tui.rules.content import (
    ACTION_IDS,
    common_bonus_for,
    load_content,
    quests_for,
)
from monuments_tui.rules.layout import layout_for
from monuments_tui.rules.pending import ChooseStartQuest, ChooseStartResource
from monuments_tui.rules.solo.deck import first_deck
from monuments_tui.rules.solo.tables import quests_the_ai_can_complete
from monuments_tui.rules.state import BANK_START, PIECE_LIMITS, GameState, Player, Unit

QUEST_DECKS: tuple[QuestDeck, ...] = ("0-1", "2-3", "4-5")
SET_ASIDE_PIECES: tuple[SupplyPiece, ...] = SUPPLY_PIECES
"""What a personal bonus deck's set-up card may set aside: every piece in the supply but workers."""
AI_SCORE_CARD = {"easy": "ai1", "hard": "ai1", "normal": "ai2", "insane": "ai2"}
"""Two AI score cards for four levels (B23): Easy and Hard score with AI-1, Normal and
Insane with AI-2; crossed with the two monument tables this makes four distinct levels."""


def new_game(config: GameConfig) -> GameState:
    """The state of a new game after the deal, waiting for the first set-up choice [Set-up, l.118-166].

    Raises:
        ValueError: if the configuration breaks the set-up rules.
    """
    validate_config(config)
    content = load_content()
    state_rng = random.seed_state(config.seed)
    player_cards = [c.id for c in content.score_cards if c.kind == "player"]
    dealt_scores, state_rng = random.shuffled(state_rng, player_cards)
    decks = sorted({c.deck for c in content.personal_bonus})
    dealt_decks, state_rng = random.shuffled(state_rng, decks)

    units: dict[str, Unit] = {}
    players = []
    for seat, civ in enumerate(config.civs):
        is_ai = config.ai_seat == seat
        deck = None if is_ai else dealt_decks[seat % len(dealt_decks)]
        players.append(_new_player(config, seat, civ, _score_card(config, seat, dealt_scores), deck, units))

    starting, quest_decks, state_rng = _shuffled_quests(config, state_rng)
    dealt_start = _deal_starting_quests(config, players, starting)
    state = GameState(
        config=config,
        players=players,
        units=units,
        resources={},
        bank=dict(BANK_START),
        quest_decks=quest_decks,
        quest_discards={d: [] for d in QUEST_DECKS},
        common_piles=_common_piles(len(config.civs), config.solo is not None),
        removed_cards=list(starting),  # the other starting quests leave the game [l.154]
        rng=state_rng,
        next_id=len(units) + 1,
        start_quests={k: list(v) for k, v in dealt_start.items()},
    )
    if config.ai_seat is not None:
        _place_ai_start_resources(state, config.ai_seat)
        # The AI's deck: Movement on top of the other 7 cards shuffled [Solo set-up, l.438].
        state.ai, state.rng = first_deck(config.solo or "easy", state.rng)
    first_human = next(s for s in range(len(config.civs)) if s != config.ai_seat)
    state.pending = ChooseStartQuest(first_human, dealt_start[first_human])
    return state


def _score_card(config: GameConfig, seat: int, dealt_scores: list[str]) -> str:
    """The seat's score card: dealt in a multiplayer game; in solo the AI's level picks
    its card and the player scores with the vanilla one."""
    if config.solo is not None:
        return AI_SCORE_CARD[config.solo] if config.ai_seat == seat else "vanilla"
    return dealt_scores[seat % len(dealt_scores)]


def _new_player(
    config: GameConfig, seat: int, civ: Civ, score: str, deck: str | None, units: dict[str, Unit]
) -> Player:
    """A seat's player after the deal; its 3 starting workers join `units` on its monument."""
    supply = dict(PIECE_LIMITS)
    set_aside: dict[str, int] = {}
    personal: list[str] = []
    if deck is not None:
        personal = _take_personal_deck(deck, supply, set_aside)
    ability, tokens = _ability(config, civ)
    monument = load_board().monument_hex(civ)
    horses = tokens.pop("horses", 0)
    for i in range(3):
        uid = f"u{len(units) + 1}"
        # Horses ride with two of the starting workers (Egypt's ability).
        units[uid] = Unit(uid, seat, "worker", monument, horse=i < horses)
    supply["worker"] = PIECE_LIMITS["worker"] - 3
    return Player(
        seat=seat,
        civ=civ,
        hand=list(ACTION_IDS),
        supply=supply,
        set_aside=set_aside,
        personal_deck=personal,
        ability=ability,
        score_card=score,
        tokens=tokens,
    )


def _take_personal_deck(deck: str, supply: dict[str, int], set_aside: dict[str, int]) -> list[str]:
    """The personal bonus deck in layer order: its set-up card says which pieces stay in
    the supply (the rest are set aside), then goes to the bottom [l.158] (B15)."""
    cards = sorted((c for c in load_content().personal_bonus if c.deck == deck), key=lambda c: c.layer)
    setup_card = cards[0]
    for piece in SET_ASIDE_PIECES:
        keep = setup_card.supply.get(piece, 0)
        supply[piece] = keep
        if PIECE_LIMITS[piece] - keep:
            set_aside[piece] = PIECE_LIMITS[piece] - keep
    return [c.id for c in cards[1:]] + [setup_card.id]


def _ability(config: GameConfig, civ: Civ) -> tuple[str | None, dict[str, int]]:
    """The civilization's ability card and the tokens it starts with (none in solo)."""
    if not config.options.abilities or config.solo is not None:
        return None, {}
    card = next(a for a in load_content().abilities if a.civ == civ)
    tokens: dict[str, int] = (
        {card.effect: card.tokens} if card.tokens and card.effect in ("workshop", "farm", "horses") else {}
    )
    return card.id, tokens


def _shuffled_quests(config: GameConfig, state_rng: int) -> tuple[list[str], dict[QuestDeck, list[str]], int]:
    """The starting quests and the three quest decks, each shuffled."""
    solo = config.solo is not None
    quests = quests_for(len(config.civs), solo)
    if solo and config.options.solo_pool_ai_can_complete:
        quests = quests_the_ai_can_complete(quests)  # B83
    starting, state_rng = random.shuffled(state_rng, [q.id for q in quests if q.deck == "start"])
    quest_decks: dict[QuestDeck, list[str]] = {}
    for deck in QUEST_DECKS:
        ids = [q.id for q in quests if q.deck == deck]
        quest_decks[deck], state_rng = random.shuffled(state_rng, ids)
    return starting, quest_decks, state_rng


def _deal_starting_quests(config: GameConfig, players: list[Player], starting: list[str]) -> dict[int, tuple[str, str]]:
    """Two starting quests to each player, to keep one; the AI gets one, unseen
    [Solo set-up, l.446]. Takes them off `starting`."""
    dealt: dict[int, tuple[str, str]] = {}
    for seat in range(len(players)):
        if config.ai_seat == seat:
            players[seat].quests.append(starting.pop(0))
        else:
            dealt[seat] = (starting.pop(0), starting.pop(0))
    return dealt


def _common_piles(seats: int, solo: bool) -> dict[int, list[str]]:
    """The common bonus cards in play, by level."""
    levels: dict[int, list[str]] = {level: [] for level in range(1, 6)}
    for card in common_bonus_for(seats, solo):
        levels[card.level].append(card.id)
    return levels


def next_setup_pending(state: GameState, seat: int, left: int) -> ChooseStartResource | ChooseStartQuest | None:
    """The set-up decision after `seat` has `left` starting resources still to place [Player set-up, l.154, l.162].

    Players choose in seat order: keep a starting quest, then place two resources.
    Returns None when set-up is complete.
    """
    if left > 0:
        return ChooseStartResource(seat, left)
    for nxt in range(seat + 1, state.seats):
        if nxt != state.config.ai_seat:
            return ChooseStartQuest(nxt, tuple(state.start_quests[nxt]))
    return None


def _place_ai_start_resources(state: GameState, seat: int) -> None:
    """Both AI starting resources go on one hex next to its monument reachable without a bridge (B84)."""
    board = load_board()
    layout = layout_for(tuple(state.config.civs), state.config.mode)
    monument = board.monument_hex(state.players[seat].civ)
    candidates = sorted(h for h in board.neighbours(monument) if h in layout.land and not board.is_river(monument, h))
    pick, state.rng = random.randbelow(state.rng, len(candidates))
    hex_id = candidates[pick]
    resource = board.hex(hex_id).resource
    assert is_resource(resource)  # a hex without a resource is sea, never land [Set-up, l.116]
    state.resources[hex_id] = {resource: 2}
    state.bank[resource] -= 2
