"""evolve(state, event) -> state: apply one event, with no checks and no randomness.

Every rule is checked in `decide`; here an event is simply written into the state.
`apply_in_place` mutates and is used when folding many events onto a private copy;
`evolve` and `fold` never touch the state they are given.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from msgspec.structs import replace

from monuments_tui.rules import events as ev
from monuments_tui.rules.state import ABILITY_BUILDINGS, GameState, copy_state


def evolve(state: GameState, event: ev.Event) -> GameState:
    """A new state: `state` with `event` applied. `state` is not modified."""
    new = copy_state(state)
    apply_in_place(new, event)
    return new


def fold(state: GameState, events: Iterable[ev.Event]) -> GameState:
    """A new state: `state` with every event applied in order."""
    new = copy_state(state)
    for event in events:
        apply_in_place(new, event)
    return new


def apply_in_place(s: GameState, e: ev.Event) -> None:
    """Apply `e` to `s`, mutating `s` (callers own `s`)."""
    _APPLY[type(e)](s, e)


K = TypeVar("K", bound=str)


def _add(counts: dict[K, int], key: K, delta: int) -> None:
    value = counts.get(key, 0) + delta
    if value:
        counts[key] = value
    else:
        counts.pop(key, None)


def _pending(s: GameState, e: ev.PendingSet) -> None:
    s.pending = e.pending


def _phase(s: GameState, e: ev.PhaseChanged) -> None:
    s.phase = e.phase


def _turn_began(s: GameState, e: ev.TurnBegan) -> None:
    s.current = e.seat
    s.round = e.round
    s.players[e.seat].turns += 1
    s.card_in_play = None


def _final_round(s: GameState, e: ev.FinalRoundBegan) -> None:
    s.final_round = True


def _card_played(s: GameState, e: ev.CardPlayed) -> None:
    s.players[e.seat].hand.remove(e.card)
    s.card_in_play = e.card


def _card_discarded(s: GameState, e: ev.CardDiscarded) -> None:
    p = s.players[e.seat]
    if s.card_in_play == e.card:
        s.card_in_play = None
    elif e.card in p.hand:
        p.hand.remove(e.card)
    p.discard.append(e.card)


def _taken_back(s: GameState, e: ev.CardsTakenBack) -> None:
    p = s.players[e.seat]
    p.hand.extend(p.discard)
    p.discard = []


def _upgraded(s: GameState, e: ev.CardUpgraded) -> None:
    s.players[e.seat].green.append(e.card)


def _gained(s: GameState, e: ev.ResourcesGained) -> None:
    _add(s.resources.setdefault(e.hex, {}), e.resource, e.n)
    if not s.resources[e.hex]:
        del s.resources[e.hex]
    _add(s.bank, e.resource, -e.n)


def _spent(s: GameState, e: ev.ResourcesSpent) -> None:
    on_hex = s.resources.setdefault(e.hex, {})
    _add(on_hex, e.resource, -e.n)
    if not on_hex:
        del s.resources[e.hex]
    _add(s.bank, e.resource, e.n)


def _carried(s: GameState, e: ev.ResourcesCarried) -> None:
    for resource in e.resources:
        src = s.resources.setdefault(e.src, {})
        _add(src, resource, -1)
        if not src:
            del s.resources[e.src]
        _add(s.resources.setdefault(e.dst, {}), resource, 1)


def _bank(s: GameState, e: ev.BankChanged) -> None:
    _add(s.bank, e.item, e.delta)


def _unit_placed(s: GameState, e: ev.UnitPlaced) -> None:
    unit = replace(e.unit)
    s.units[unit.id] = unit
    _add(s.players[unit.owner].supply, unit.kind, -1)
    s.next_id += 1


def _unit_moved(s: GameState, e: ev.UnitMoved) -> None:
    unit = s.units[e.unit]
    unit.hex = e.hex
    unit.ferry = e.ferry


def _unit_removed(s: GameState, e: ev.UnitRemoved) -> None:
    unit = s.units.pop(e.unit)
    _add(s.players[unit.owner].supply, unit.kind, 1)


def _equipped(s: GameState, e: ev.UnitEquipped) -> None:
    setattr(s.units[e.unit], e.item, e.value)


def _supply(s: GameState, e: ev.SupplyChanged) -> None:
    p = s.players[e.seat]
    _add(p.supply, e.piece, e.delta)
    if e.from_set_aside:
        _add(p.set_aside, e.piece, -e.delta)


def _tokens(s: GameState, e: ev.TokensChanged) -> None:
    _add(s.players[e.seat].tokens, e.token, e.delta)


def _building_placed(s: GameState, e: ev.BuildingPlaced) -> None:
    b = replace(e.building)
    s.buildings[b.id] = b
    if b.kind in ABILITY_BUILDINGS:
        _add(s.players[b.owner].tokens, b.kind, -1)
    else:
        _add(s.players[b.owner].supply, b.kind, -1)
    s.next_id += 1


def _building_damaged(s: GameState, e: ev.BuildingDamaged) -> None:
    s.buildings[e.building].damaged = True


def _building_repaired(s: GameState, e: ev.BuildingRepaired) -> None:
    s.buildings[e.building].damaged = False


def _building_removed(s: GameState, e: ev.BuildingRemoved) -> None:
    b = s.buildings.pop(e.building)
    if b.kind in ABILITY_BUILDINGS:
        _add(s.players[b.owner].tokens, b.kind, 1)
    else:
        _add(s.players[b.owner].supply, b.kind, 1)


def _bridge_built(s: GameState, e: ev.BridgeBuilt) -> None:
    s.bridges[e.bridge.id] = replace(e.bridge)
    _add(s.bank, "token", -1)
    s.next_id += 1


def _ferry_built(s: GameState, e: ev.FerryBuilt) -> None:
    s.ferries[e.ferry.id] = replace(e.ferry)
    _add(s.bank, "token", -1)
    s.next_id += 1


def _ferry_moved(s: GameState, e: ev.FerryMoved) -> None:
    """The ferry moves, and its passengers with it: they stand in its water hex [l.254]."""
    ferry = s.ferries[e.ferry]
    ferry.water = e.water
    ferry.land = e.land
    if s.config.options.passengers_sail_with_ferry:
        for unit in s.units.values():
            if unit.ferry == e.ferry:
                unit.hex = e.water


def _layer_built(s: GameState, e: ev.LayerBuilt) -> None:
    s.players[e.seat].layers = e.layer


def _common_taken(s: GameState, e: ev.CommonBonusTaken) -> None:
    s.common_piles[e.level].remove(e.card)
    if e.seat is None:
        s.removed_cards.append(e.card)
    else:
        s.players[e.seat].bonuses.append(e.card)


def _personal_used(s: GameState, e: ev.PersonalBonusUsed) -> None:
    deck = s.players[e.seat].personal_deck
    deck.remove(e.card)
    deck.append(e.card)


def _quests_dealt(s: GameState, e: ev.QuestsDealt) -> None:
    deck = s.quest_decks.get(e.deck)
    if deck is not None:
        for card in e.cards:
            if card in deck:
                deck.remove(card)
    if e.rng:
        s.rng = e.rng


def _quest_deck_shuffled(s: GameState, e: ev.QuestDeckShuffled) -> None:
    s.quest_decks[e.deck] = list(e.order)
    s.quest_discards[e.deck] = []
    s.rng = e.rng


def _quests_kept(s: GameState, e: ev.QuestsKept) -> None:
    s.players[e.seat].quests.extend(e.kept)
    s.players[e.seat].battles_at_draw.update({q: len(s.battles) for q in e.kept})
    if e.deck == "start":
        s.start_quests.pop(e.seat, None)
        s.removed_cards.extend(e.discarded)
    else:
        s.quest_discards.setdefault(e.deck, []).extend(e.discarded)


def _quest_completed(s: GameState, e: ev.QuestCompleted) -> None:
    p = s.players[e.seat]
    p.quests.remove(e.quest)
    p.battles_at_draw.pop(e.quest, None)
    p.completed.append(e.quest)


def _battle_began(s: GameState, e: ev.BattleBegan) -> None:
    s.battle = replace(e.battle)
    s.rng = e.rng


def _battle_updated(s: GameState, e: ev.BattleUpdated) -> None:
    s.battle = replace(e.battle)


def _battle_ended(s: GameState, e: ev.BattleEnded) -> None:
    s.battles.append(e.record)
    s.battle = None


def _ai_state(s: GameState, e: ev.AiStateSet) -> None:
    a = e.ai
    s.ai = replace(a, draw=list(a.draw), discard=list(a.discard), set_aside=list(a.set_aside))
    if e.rng:
        s.rng = e.rng


def _ai_narrated(s: GameState, e: ev.AiNarrated | ev.AiReported) -> None:
    """Narration only: the log shows it, the state does not change."""


def _rng(s: GameState, e: ev.RngAdvanced | ev.RandomDrawn) -> None:
    s.rng = e.rng


def _game_ended(s: GameState, e: ev.GameEnded) -> None:
    s.phase = "over"
    s.pending = None


# Each applier takes the event type it is keyed by, which `apply_in_place` looks up by the event's own type.
_APPLY: dict[type[ev.Event], Callable[[GameState, Any], None]] = {
    ev.PendingSet: _pending,
    ev.PhaseChanged: _phase,
    ev.TurnBegan: _turn_began,
    ev.FinalRoundBegan: _final_round,
    ev.CardPlayed: _card_played,
    ev.CardDiscarded: _card_discarded,
    ev.CardsTakenBack: _taken_back,
    ev.CardUpgraded: _upgraded,
    ev.ResourcesGained: _gained,
    ev.ResourcesSpent: _spent,
    ev.ResourcesCarried: _carried,
    ev.BankChanged: _bank,
    ev.UnitPlaced: _unit_placed,
    ev.UnitMoved: _unit_moved,
    ev.UnitRemoved: _unit_removed,
    ev.UnitEquipped: _equipped,
    ev.SupplyChanged: _supply,
    ev.TokensChanged: _tokens,
    ev.BuildingPlaced: _building_placed,
    ev.BuildingDamaged: _building_damaged,
    ev.BuildingRepaired: _building_repaired,
    ev.BuildingRemoved: _building_removed,
    ev.BridgeBuilt: _bridge_built,
    ev.FerryBuilt: _ferry_built,
    ev.FerryMoved: _ferry_moved,
    ev.LayerBuilt: _layer_built,
    ev.CommonBonusTaken: _common_taken,
    ev.PersonalBonusUsed: _personal_used,
    ev.QuestsDealt: _quests_dealt,
    ev.QuestDeckShuffled: _quest_deck_shuffled,
    ev.QuestsKept: _quests_kept,
    ev.QuestCompleted: _quest_completed,
    ev.BattleBegan: _battle_began,
    ev.BattleUpdated: _battle_updated,
    ev.BattleEnded: _battle_ended,
    ev.AiStateSet: _ai_state,
    ev.AiNarrated: _ai_narrated,
    ev.AiReported: _ai_narrated,
    ev.RngAdvanced: _rng,
    ev.RandomDrawn: _rng,
    ev.GameEnded: _game_ended,
}
