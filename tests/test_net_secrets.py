"""Secrets stay secret over the network (issue 42, "Secrets stay secret").

Seeded 2-, 3- and 4-player games and solo games are played to the end over loopback, a
client on every person's seat and a spectator. After every step: every client's folded
state equals the server's view for its viewer (`net.views.seat_view`), and no frame sent
to a connection held another seat's hidden quests, the quest decks' order, the solo AI's
coming draws or the game's seed [Draw quest cards, l.369; Player set-up, l.154; Solo set-up,
l.438 (only the top AI card is shown); Game end, l.403-404 (all revealed at the end)].
"""

from __future__ import annotations

import os
import random

import pytest

from monuments_tui.net.messages import Ack, NewGame, Steps, Welcome, read_server
from monuments_tui.net.views import hidden_quests, seat_view
from monuments_tui.rules import events as ev
from monuments_tui.rules.card_types import AI_CARD_IDS
from tests.net_helpers import chosen_move, running_server, table, wait_until

FULL = os.environ.get("MONUMENTS_STRESS") == "full"
MAX_STEPS = 2000 if FULL else 450
"""Steps played per game: to the end in the full profile; the short one stops a long game early."""

GAMES = [
    pytest.param(("greece", "egypt"), None, 1357924681, id="2p"),
    pytest.param(("greece", "egypt", "inca"), None, 1357924682, id="3p"),
    pytest.param(("greece", "egypt", "maya", "inca"), None, 1357924683, id="4p"),
    pytest.param(("greece", "egypt"), "normal", 1357924684, id="solo"),
]


def _check_frames(frames: list[str], secrets: set[str], seed: int) -> None:
    for frame in frames:
        assert str(seed) not in frame, "the seed was sent"
        for quest in secrets:
            assert f'"{quest}"' not in frame, f"hidden quest {quest} was sent"
        message = read_server(frame)
        events = ()
        if isinstance(message, Steps):
            events = tuple(e for s in message.steps for e in s.events)
        if isinstance(message, Welcome) and message.initial is not None and message.initial.ai is not None:
            events = (ev.AiStateSet(message.initial.ai),)
        for event in events:
            if isinstance(event, ev.AiStateSet) and not (isinstance(message, Steps) and message.revealed):
                rest = event.ai.draw[1:]
                assert rest == sorted(rest, key=AI_CARD_IDS.index), "the AI's coming draws were sent in order"


@pytest.mark.timeout(300)
@pytest.mark.parametrize(("civs", "solo", "seed"), GAMES)
async def test_each_connection_gets_only_its_view(tmp_path, civs, solo, seed):
    rnd = random.Random(seed)
    async with running_server(tmp_path) as (server, address):
        game, seats, spectator = await table(address, NewGame(civs=civs, solo=solo, seed=seed), keep_frames=True)
        hosted = server.games[game]
        clients = {**{s: c for s, c in seats.items()}, None: spectator}
        assert set(seats) == {s for s, c in enumerate(hosted.session.seats) if c == "human"}
        seen = {v: 0 for v in clients}
        before = hosted.session.state
        try:
            for _ in range(MAX_STEPS):
                state = hosted.session.state
                await wait_until(lambda: all(c.line == hosted.line() for c in clients.values()), what="every client")
                for viewer, client in clients.items():
                    expected = seat_view(hosted.session.state, viewer)
                    assert client.mirror.state == expected, f"viewer {viewer} folded another state"
                    # a card is a secret to the viewer if it was hidden both before the step and after it
                    secrets = hidden_quests(before, viewer) & hidden_quests(state, viewer)
                    _check_frames(client.frames[seen[viewer] :], secrets, seed)
                    seen[viewer] = len(client.frames)
                if state.pending is None:
                    break
                before = state
                mover = seats.get(state.pending.seat)
                if mover is None:  # the solo AI's deck plays on the server
                    await wait_until(lambda: hosted.session.state is not before, what="the AI's move")
                    continue
                answer = await mover.play(chosen_move(server, game, rnd))
                assert isinstance(answer, Ack), answer
            if FULL:
                assert hosted.session.state.phase == "over"
        finally:
            for client in clients.values():
                await client.close()
