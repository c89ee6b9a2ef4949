"""Set-up: `new_game(config)` deals everything the rulebook deals before the first turn.

[Set-up, l.118-166; Player set-up, l.150-166; Solo set-up, l.432-446]

The deal (score cards, personal bonus decks, starting quests, quest decks) is drawn from
the game's generator, so the dealt state is fixed by the seed; its position after the
deal is stored in the state. The choices players make during set-up (which starting
quest to keep, where to put the two starting resources) are commands.
"""

from __future__ import annotations

from monuments_tui.rules import rng as random
from monuments_tui.rules.board import layout_for, load_board
from monuments_tui.rules.config import GameConfig, validate_config
from monuments_tui.rules.content import (
    ACTION_IDS,
    common_bonus_for,
    load_content,
    quests_for,
)
from monuments_tui.rules.pending import ChooseStartQuest, ChooseStartResource
from monuments_tui.rules.solo.deck import first_deck
from monuments_tui.rules.solo.tables import quests_the_ai_can_complete
from monuments_tui.rules.state import BANK_START, PIECE_LIMITS, GameState, Player, Unit

QUEST_DECKS = ("0-1", "2-3", "4-5")
SET_ASIDE_PIECES = ("town", "fort", "factory", "navy", "army", "air")
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
    board = load_board()
    seats = len(config.civs)
    solo = config.solo is not None
    state_rng = random.seed_state(config.seed)

    player_cards = [c.id for c in content.score_cards if c.kind == "player"]
    dealt_scores, state_rng = random.shuffled(state_rng, player_cards)
    decks = sorted({c.deck for c in content.personal_bonus})
    dealt_decks, state_rng = random.shuffled(state_rng, decks)

    players = []
    units: dict[str, Unit] = {}
    next_id = 1
    for seat, civ in enumerate(config.civs):
        is_ai = config.ai_seat == seat
        supply = dict(PIECE_LIMITS)
        set_aside: dict[str, int] = {}
        personal: list[str] = []
        if solo:
            score = AI_SCORE_CARD[config.solo] if is_ai else "vanilla"
        else:
            score = dealt_scores[seat % len(dealt_scores)]
        if not is_ai:
            deck = [c for c in content.personal_bonus if c.deck == dealt_decks[seat % len(dealt_decks)]]
            deck.sort(key=lambda c: c.layer)
            setup_card = deck[0]
            for piece in SET_ASIDE_PIECES:
                keep = setup_card.supply.get(piece, 0)
                supply[piece] = keep
                if PIECE_LIMITS[piece] - keep:
                    set_aside[piece] = PIECE_LIMITS[piece] - keep
            # The set-up card goes to the bottom once resolved [l.158] (B15).
            personal = [c.id for c in deck[1:]] + [setup_card.id]
        ability = None
        tokens: dict[str, int] = {}
        if config.options.abilities and not solo:
            ability_card = next(a for a in content.abilities if a.civ == civ)
            ability = ability_card.id
            if ability_card.tokens and ability_card.effect in ("workshop", "farm", "horses"):
                tokens[ability_card.effect] = ability_card.tokens
        monument = board.monument_hex(civ)
        horses = tokens.pop("horses", 0)
        for i in range(3):
            uid = f"u{next_id}"
            next_id += 1
            # Horses ride with two of the starting workers (Egypt's ability).
            units[uid] = Unit(uid, seat, "worker", monument, horse=i < horses)
        supply["worker"] = PIECE_LIMITS["worker"] - 3
        players.append(
            Player(
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
        )

    quests = quests_for(seats, solo)
    if solo and config.options.solo_pool_ai_can_complete:
        quests = quests_the_ai_can_complete(quests)  # B83
    starting = [q.id for q in quests if q.deck == "start"]
    starting, state_rng = random.shuffled(state_rng, starting)
    quest_decks = {}
    for deck in QUEST_DECKS:
        ids = [q.id for q in quests if q.deck == deck]
        quest_decks[deck], state_rng = random.shuffled(state_rng, ids)

    dealt_start: dict[int, tuple[str, ...]] = {}
    for seat in range(seats):
        if config.ai_seat == seat:
            # The AI gets one starting quest, unseen [Solo set-up, l.446].
            players[seat].quests.append(starting.pop(0))
        else:
            dealt_start[seat] = (starting.pop(0), starting.pop(0))
    removed = list(starting)  # the other starting quests leave the game [l.154]

    levels: dict[int, list[str]] = {level: [] for level in range(1, 6)}
    for card in common_bonus_for(seats, solo):
        levels[card.level].append(card.id)

    state = GameState(
        config=config,
        players=players,
        units=units,
        resources={},
        bank=dict(BANK_START),
        quest_decks=quest_decks,
        quest_discards={d: [] for d in QUEST_DECKS},
        common_piles=levels,
        removed_cards=removed,
        rng=state_rng,
        next_id=next_id,
        start_quests={k: list(v) for k, v in dealt_start.items()},
    )
    if config.ai_seat is not None:
        _place_ai_start_resources(state, config.ai_seat)
        # The AI's deck: Movement on top of the other 7 cards shuffled [Solo set-up, l.438].

        state.ai, state.rng = first_deck(config.solo or "easy", state.rng)
    first_human = next(s for s in range(seats) if s != config.ai_seat)
    first_choice = ChooseStartQuest(first_human, dealt_start[first_human])
    state.pending = first_choice
    return state


def next_setup_pending(state: GameState, seat: int, left: int):
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
    candidates = sorted(
        h for h in board.neighbours(monument) if h in layout.land and not board.is_river(monument, h)
    )
    pick, state.rng = random.randbelow(state.rng, len(candidates))
    hex_id = candidates[pick]
    resource = board.hex(hex_id).resource
    state.resources[hex_id] = {resource: 2}
    state.bank[resource] -= 2
