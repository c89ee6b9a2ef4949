"""evolve(state, event) -> state: apply one event, with no checks and no randomness.

Every rule is checked in `decide`; here an event is simply written into the state.
`evolve` and `fold` never touch the state they are given: the new state shares every
part the events leave alone with it (`draft.Draft`), so a step costs what it touches.
`apply_in_place` writes into a state its caller owns whole (made by `copy_state`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import is_
from typing import Any, TypeVar

from msgspec.structs import replace

from monuments_tui.rules import events as ev
from monuments_tui.rules.draft import Draft
from monuments_tui.rules.state import ABILITY_BUILDINGS, GameState, share_board_facts


def evolve(state: GameState, event: ev.Event) -> GameState:
    """A new state: `state` with `event` applied. `state` is not modified."""
    return fold(state, (event,))


def fold(state: GameState, events: Iterable[ev.Event]) -> GameState:
    """A new state: `state` with every event applied in order. `state` is not modified."""
    state, rest = _known_part(state, tuple(events))
    return _drafted(state, rest).state if rest else state


def _drafted(base: GameState, events: Iterable[ev.Event]) -> Draft:
    """A draft of the state `events` lead `base` to, its facts shared or updated from `base`'s."""
    draft = Draft(base)
    for event in events:
        _APPLY[type(event)](draft, event)
    share_board_facts(base, draft.state, draft.changed)  # who stands where stays known, or is updated
    return draft


def fold_ahead(state: GameState, events: Sequence[ev.Event]) -> GameState:
    """`fold`, remembered on `state`: a rule folds the first events of a step to decide the
    rest, and the step's own fold (once `decide` returns it) then starts from this result."""
    after = fold(state, events)
    if after is not state:  # no events: nothing to remember
        state.__dict__["folded"] = (tuple(events), after)
    return after


TURN_EVENTS = frozenset(
    (ev.PendingSet, ev.PhaseChanged, ev.TurnBegan, ev.FinalRoundBegan, ev.CardDiscarded, ev.GameEnded)
)
"""Events that change only whose turn it is, what is pending and the cards in play: no fact
kept on a state (`board_fact`, `seat_fact`) reads what they change."""


def fold_then(
    state: GameState, events: Sequence[ev.Event], then: Callable[[GameState], list[ev.Event]]
) -> list[ev.Event]:
    """`events`, then the events `then(after)` gives from the state they lead to: all of them,
    folded once and remembered on `state` as `fold_ahead` remembers.

    `then` may read `after`, facts and all. Its events, of `TURN_EVENTS` only, are written
    into `after` itself, which nobody else holds, so that closing an action costs no second
    copy of the state; what `then` read of it stays true, as those events change none of it.
    """
    head = tuple(events)
    draft = _drafted(*_known_part(state, head))
    tail = then(draft.state)
    for event in tail:
        if type(event) not in TURN_EVENTS:
            raise TypeError(f"{type(event).__name__} may not follow in the same fold (only TURN_EVENTS)")
        _APPLY[type(event)](draft, event)
    draft.state.__dict__.pop("folded", None)  # a fold `then` made from it would start from before the tail
    out = head + tuple(tail)
    state.__dict__["folded"] = (out, draft.state)
    return list(out)


def _known_part(state: GameState, events: tuple[ev.Event, ...]) -> tuple[GameState, tuple[ev.Event, ...]]:
    """The state after the first of `events` that a `fold_ahead` already folded (the very
    same event objects), and the events left."""
    while (known := state.__dict__.get("folded")) is not None:
        done, after = known
        if len(done) > len(events) or not all(map(is_, done, events)):
            break
        state, events = after, events[len(done) :]
    return state, events


def apply_in_place(s: GameState, e: ev.Event) -> None:
    """Apply `e` to `s`, mutating `s` (callers own `s` and every part of it)."""
    _APPLY[type(e)](Draft.owning(s), e)


def apply_to(draft: Draft, e: ev.Event) -> None:
    """Apply `e` to the state `draft` is writing."""
    _APPLY[type(e)](draft, e)


K = TypeVar("K", bound=str)


def _add(counts: dict[K, int], key: K, delta: int) -> None:
    value = counts.get(key, 0) + delta
    if value:
        counts[key] = value
    else:
        counts.pop(key, None)


def _pending(d: Draft, e: ev.PendingSet) -> None:
    d.state.pending = e.pending


def _phase(d: Draft, e: ev.PhaseChanged) -> None:
    d.state.phase = e.phase


def _turn_began(d: Draft, e: ev.TurnBegan) -> None:
    d.state.current = e.seat
    d.state.round = e.round
    d.player(e.seat).turns += 1
    d.state.card_in_play = None


def _final_round(d: Draft, e: ev.FinalRoundBegan) -> None:
    d.state.final_round = True


def _card_played(d: Draft, e: ev.CardPlayed) -> None:
    d.player_part(e.seat, "hand").remove(e.card)
    d.state.card_in_play = e.card


def _card_discarded(d: Draft, e: ev.CardDiscarded) -> None:
    if d.state.card_in_play == e.card:
        d.state.card_in_play = None
    elif e.card in d.state.players[e.seat].hand:
        d.player_part(e.seat, "hand").remove(e.card)
    d.player_part(e.seat, "discard").append(e.card)


def _taken_back(d: Draft, e: ev.CardsTakenBack) -> None:
    p = d.player(e.seat)
    d.player_part(e.seat, "hand").extend(p.discard)
    p.discard = []


def _upgraded(d: Draft, e: ev.CardUpgraded) -> None:
    d.player_part(e.seat, "green").append(e.card)


def _change_resource(d: Draft, place: str, resource: str, delta: int) -> None:
    on_place = d.resources_at(place)
    _add(on_place, resource, delta)
    if not on_place:
        del d.state.resources[place]


def _gained(d: Draft, e: ev.ResourcesGained) -> None:
    _change_resource(d, e.hex, e.resource, e.n)
    _add(d.field("bank"), e.resource, -e.n)


def _spent(d: Draft, e: ev.ResourcesSpent) -> None:
    _change_resource(d, e.hex, e.resource, -e.n)
    _add(d.field("bank"), e.resource, e.n)


def _carried(d: Draft, e: ev.ResourcesCarried) -> None:
    for resource in e.resources:
        _change_resource(d, e.src, resource, -1)
        _change_resource(d, e.dst, resource, 1)


def _bank(d: Draft, e: ev.BankChanged) -> None:
    _add(d.field("bank"), e.item, e.delta)


def _unit_placed(d: Draft, e: ev.UnitPlaced) -> None:
    unit = replace(e.unit)
    d.place("units", unit)
    _add(d.player_part(unit.owner, "supply"), unit.kind, -1)
    d.state.next_id += 1


def _unit_moved(d: Draft, e: ev.UnitMoved) -> None:
    unit = d.unit(e.unit)
    unit.hex = e.hex
    unit.ferry = e.ferry


def _unit_removed(d: Draft, e: ev.UnitRemoved) -> None:
    unit = d.remove("units", e.unit)
    _add(d.player_part(unit.owner, "supply"), unit.kind, 1)


def _equipped(d: Draft, e: ev.UnitEquipped) -> None:
    setattr(d.unit(e.unit), e.item, e.value)


def _supply(d: Draft, e: ev.SupplyChanged) -> None:
    _add(d.player_part(e.seat, "supply"), e.piece, e.delta)
    if e.from_set_aside:
        _add(d.player_part(e.seat, "set_aside"), e.piece, -e.delta)


def _tokens(d: Draft, e: ev.TokensChanged) -> None:
    _add(d.player_part(e.seat, "tokens"), e.token, e.delta)


def _piece_counter(d: Draft, owner: int, kind: str) -> dict[str, int]:
    """Where a building comes from and goes back to: ability tokens, or the supply."""
    counts: dict[str, int] = d.player_part(owner, "tokens" if kind in ABILITY_BUILDINGS else "supply")
    return counts


def _building_placed(d: Draft, e: ev.BuildingPlaced) -> None:
    b = replace(e.building)
    d.place("buildings", b)
    _add(_piece_counter(d, b.owner, b.kind), b.kind, -1)
    d.state.next_id += 1


def _building_damaged(d: Draft, e: ev.BuildingDamaged) -> None:
    d.building(e.building).damaged = True


def _building_repaired(d: Draft, e: ev.BuildingRepaired) -> None:
    d.building(e.building).damaged = False


def _building_removed(d: Draft, e: ev.BuildingRemoved) -> None:
    b = d.remove("buildings", e.building)
    _add(_piece_counter(d, b.owner, b.kind), b.kind, 1)


def _bridge_built(d: Draft, e: ev.BridgeBuilt) -> None:
    d.field("bridges")[e.bridge.id] = replace(e.bridge)
    _add(d.field("bank"), "token", -1)
    d.state.next_id += 1


def _ferry_built(d: Draft, e: ev.FerryBuilt) -> None:
    d.field("ferries")[e.ferry.id] = replace(e.ferry)
    _add(d.field("bank"), "token", -1)
    d.state.next_id += 1


def _ferry_moved(d: Draft, e: ev.FerryMoved) -> None:
    """The ferry moves, and its passengers with it: they stand in its water hex [l.254]."""
    ferry = d.ferry(e.ferry)
    ferry.water = e.water
    ferry.land = e.land
    if d.state.config.options.passengers_sail_with_ferry:
        aboard = [u.id for u in d.state.units.values() if u.ferry == e.ferry]
        for unit_id in aboard:
            d.unit(unit_id).hex = e.water


def _layer_built(d: Draft, e: ev.LayerBuilt) -> None:
    d.player(e.seat).layers = e.layer


def _common_taken(d: Draft, e: ev.CommonBonusTaken) -> None:
    d.entry(d.field("common_piles"), e.level).remove(e.card)
    if e.seat is None:
        d.field("removed_cards").append(e.card)
    else:
        d.player_part(e.seat, "bonuses").append(e.card)


def _personal_used(d: Draft, e: ev.PersonalBonusUsed) -> None:
    deck = d.player_part(e.seat, "personal_deck")
    deck.remove(e.card)
    deck.append(e.card)


def _quests_dealt(d: Draft, e: ev.QuestsDealt) -> None:
    if e.deck in d.state.quest_decks:
        deck = d.entry(d.field("quest_decks"), e.deck)
        for card in e.cards:
            if card in deck:
                deck.remove(card)
    if e.rng:
        d.state.rng = e.rng


def _quest_deck_shuffled(d: Draft, e: ev.QuestDeckShuffled) -> None:
    d.field("quest_decks")[e.deck] = list(e.order)
    d.field("quest_discards")[e.deck] = []
    d.state.rng = e.rng


def _quests_kept(d: Draft, e: ev.QuestsKept) -> None:
    d.player_part(e.seat, "quests").extend(e.kept)
    d.player_part(e.seat, "battles_at_draw").update({q: len(d.state.battles) for q in e.kept})
    if e.deck == "start":
        d.field("start_quests").pop(e.seat, None)
        d.field("removed_cards").extend(e.discarded)
    else:
        d.keyed("quest_discards", e.deck, []).extend(e.discarded)


def _quest_completed(d: Draft, e: ev.QuestCompleted) -> None:
    d.player_part(e.seat, "quests").remove(e.quest)
    d.player_part(e.seat, "battles_at_draw").pop(e.quest, None)
    d.player_part(e.seat, "completed").append(e.quest)


def _battle_began(d: Draft, e: ev.BattleBegan) -> None:
    d.state.battle = e.battle  # frozen: shared as it is
    d.state.rng = e.rng


def _battle_updated(d: Draft, e: ev.BattleUpdated) -> None:
    d.state.battle = e.battle


def _battle_ended(d: Draft, e: ev.BattleEnded) -> None:
    d.field("battles").append(e.record)
    d.state.battle = None


def _ai_state(d: Draft, e: ev.AiStateSet) -> None:
    a = e.ai
    d.state.ai = replace(a, draw=list(a.draw), discard=list(a.discard), set_aside=list(a.set_aside))
    if e.rng:
        d.state.rng = e.rng


def _ai_narrated(d: Draft, e: ev.AiNarrated | ev.AiReported) -> None:
    """Narration only: the log shows it, the state does not change."""


def _rng(d: Draft, e: ev.RngAdvanced | ev.RandomDrawn) -> None:
    d.state.rng = e.rng


def _game_ended(d: Draft, e: ev.GameEnded) -> None:
    d.state.phase = "over"
    d.state.pending = None


# Each applier takes the event type it is keyed by, which `fold` looks up by the event's own type.
_APPLY: dict[type[ev.Event], Callable[[Draft, Any], None]] = {
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
