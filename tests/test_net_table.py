"""The table over the network (issue 42): undo, notes, hints, the teacher's seat, answers
remembered by id, dropping and coming back, and the server starting again.

Every server listens on 127.0.0.1 with a port the system picks; every wait is bounded.
"""

from __future__ import annotations

import random

import pytest

from monuments_tui.game.session import bot_command_for
from monuments_tui.net.client import Client
from monuments_tui.net.messages import Ack, NewGame, Refusal
from monuments_tui.net.views import seat_view
from monuments_tui.rules.notation import format_command
from monuments_tui.saves.format import NoteRecord
from tests.net_helpers import chosen_move, running_server, table, wait_until

pytestmark = pytest.mark.timeout(120)
SEED = 777


async def _close(*clients):
    for client in clients:
        if client is not None:
            await client.close()


async def _play_for(server, game, seats, rnd, steps: int) -> None:
    """Let the people at the table play `steps` steps, each the seat's own."""
    hosted = server.games[game]
    for _ in range(steps):
        seat = hosted.session.state.pending.seat
        answer = await seats[seat].play(chosen_move(server, game, rnd))
        assert isinstance(answer, Ack), answer


async def test_standard_undo_is_the_seats_own_step_only(tmp_path):
    async with running_server(tmp_path) as (server, address):
        game, seats, watch = await table(address, NewGame(civs=("greece", "egypt"), seed=SEED))
        hosted = server.games[game]
        await _play_for(server, game, seats, random.Random(1), 1)
        mover = hosted.session.history()[-1].seat
        other = 1 - mover
        if hosted.session.state.pending.seat == mover:  # still the mover's decision: its own step comes back
            answer = await seats[other].request("undo")
            assert isinstance(answer, Refusal) and "own steps" in answer.reason
            assert hosted.line() == 1
            answer = await seats[mover].request("undo")
            assert isinstance(answer, Ack) and hosted.line() == 0
            await wait_until(lambda: seats[other].line == 0 and watch.line == 0, what="the undo everywhere")
        else:
            answer = await seats[mover].request("undo")
            assert isinstance(answer, Refusal) and hosted.line() == 1
        await _close(*seats.values(), watch)


async def test_teaching_undo_waits_for_the_others(tmp_path):
    async with running_server(tmp_path) as (server, address):
        game, seats, watch = await table(address, NewGame(civs=("greece", "egypt"), seed=SEED, teaching=True))
        hosted = server.games[game]
        await _play_for(server, game, seats, random.Random(2), 3)
        answer = await seats[0].request("undo")
        assert isinstance(answer, Ack) and hosted.line() == 3, "applied before the other person accepted"
        await wait_until(lambda: seats[1].undo_asked is not None, what="the question")
        assert seats[1].undo_asked.by == 0 and seats[1].undo_asked.waiting_for == (1,)
        assert isinstance(await seats[0].request("accept"), Refusal), "the asker answered its own undo"
        assert isinstance(await seats[1].request("decline"), Ack) and hosted.line() == 3
        assert isinstance(await seats[0].request("undo"), Ack)
        assert isinstance(await seats[1].request("accept"), Ack)
        assert hosted.line() == 2
        await wait_until(lambda: all(c.line == 2 for c in (*seats.values(), watch)), what="the undo everywhere")
        await _close(*seats.values(), watch)


async def test_teaching_mode_is_switched_on_when_everyone_agrees(tmp_path):
    async with running_server(tmp_path) as (server, address):
        game, seats, watch = await table(address, NewGame(civs=("greece", "egypt"), seed=SEED))
        hosted = server.games[game]
        await _play_for(server, game, seats, random.Random(4), 2)
        assert isinstance(await seats[1].request("teaching", "on"), Ack) and not hosted.session.teaching
        await wait_until(lambda: seats[0].undo_asked is not None, what="the question")
        assert seats[0].undo_asked.what == "teaching on" and seats[0].undo_asked.by == 1
        assert isinstance(await watch.request("teaching", "on"), Refusal), "a spectator switched it"
        assert isinstance(await seats[0].request("decline"), Ack) and not hosted.session.teaching
        assert isinstance(await seats[1].request("teaching", "on"), Ack)
        assert isinstance(await seats[0].request("accept"), Ack) and hosted.session.teaching
        await wait_until(lambda: all(c.teaching for c in (*seats.values(), watch)), what="everyone told")
        assert isinstance(await seats[1].request("teaching", "on"), Refusal), "on twice"
        # now an undo past the last draw is asked of the other person, as in a game hosted teaching
        line = hosted.line()
        assert isinstance(await seats[1].request("undo"), Ack) and hosted.line() == line
        assert isinstance(await seats[0].request("accept"), Ack) and hosted.line() == line - 1
        assert isinstance(await seats[0].request("teaching", "off"), Ack) and not hosted.session.teaching
        await wait_until(lambda: not any(c.teaching for c in (*seats.values(), watch)), what="everyone told")
        kinds = [type(r).__name__ for r in hosted.session.records()]
        assert kinds.count("TeachingRecord") == 2, "each switch is kept in the save"
        await _close(*seats.values(), watch)


async def test_teaching_undo_against_bots_is_at_once(tmp_path):
    async with running_server(tmp_path) as (server, address):
        new = NewGame(civs=("greece", "egypt"), seats=("human", "heuristic"), seed=SEED, teaching=True)
        game, seats, watch = await table(address, new)
        hosted = server.games[game]
        await _play_for(server, game, seats, random.Random(3), 1)
        before = hosted.line()
        assert isinstance(await seats[0].request("undo"), Ack)
        assert hosted.line() == before - 1
        await _close(*seats.values(), watch)


async def test_notes_are_shared_and_hints_private(tmp_path):
    async with running_server(tmp_path) as (server, address):
        new = NewGame(civs=("greece", "egypt"), seed=SEED, hints=True)
        game, seats, watch = await table(address, new, keep_frames=True)
        hosted = server.games[game]
        assert isinstance(await seats[1].request("note", "watch the river"), Ack)
        await wait_until(lambda: all(c.notes for c in (*seats.values(), watch)), what="the note everywhere")
        assert seats[0].notes[0].text == "seat 1: watch the river", "the note names its author"
        assert [r.text for r in hosted.session.records() if isinstance(r, NoteRecord)] == ["seat 1: watch the river"]
        late = Client(address, watch.code)  # one who joins later reads the same, author and all
        await late.connect()
        await wait_until(lambda: late.notes, what="the note")
        assert late.notes[0].text == "seat 1: watch the river"
        await late.close()
        assert isinstance(await watch.request("note", "hello"), Refusal), "a spectator wrote in the game"
        to_move = hosted.session.state.pending.seat
        assert isinstance(await seats[1 - to_move].request("hint"), Refusal), "a hint out of turn"
        assert isinstance(await seats[to_move].request("hint"), Ack)
        await wait_until(lambda: seats[to_move].hints, what="the hint")
        assert seats[to_move].hints[0].moves
        for other in (seats[1 - to_move], watch):
            assert not any('"type":"hint"' in f for f in other.frames), "a hint went to another connection"
        await _close(*seats.values(), watch)


async def test_a_teacher_follows_one_seat_and_cannot_play(tmp_path):
    async with running_server(tmp_path) as (server, address):
        from monuments_tui.net.client import host_game

        invites = await host_game(address, NewGame(civs=("greece", "egypt"), seed=SEED, teachers=(1,)))
        hosted = server.games[invites.game]
        student = Client(address, invites.codes["seat 1"])
        other = Client(address, invites.codes["seat 0"], keep_frames=True)
        teacher = Client(address, invites.codes["teacher 1"], name="Ms Lee")
        for client in (student, other, teacher):
            await client.connect()
        assert teacher.mirror.state == seat_view(hosted.session.state, 1), "the teacher sees the student's view"
        assert teacher.mirror.state.start_quests[1] == hosted.session.state.start_quests[1]
        assert teacher.mirror.state.start_quests[0] != hosted.session.state.start_quests[0]
        answer = await teacher.play(chosen_move(server, invites.game, random.Random(4)))
        assert isinstance(answer, Refusal) and "teacher" in answer.reason and hosted.line() == 0
        assert isinstance(await teacher.request("suggest", "startquest qs-wood"), Ack)
        await wait_until(lambda: student.notes, what="the suggestion")
        assert student.notes[-1].suggestion and student.notes[-1].author == "Ms Lee"
        assert not any("qs-wood" in f and "suggestion" in f for f in other.frames), (
            "the suggestion went to another seat"
        )
        assert isinstance(await student.request("suggest", "play x"), Refusal), "a player suggested"
        await _close(student, other, teacher)


async def test_a_command_sent_twice_is_played_once(tmp_path):
    async with running_server(tmp_path) as (server, address):
        game, seats, watch = await table(address, NewGame(civs=("greece", "egypt"), seed=SEED))
        hosted = server.games[game]
        seat = hosted.session.state.pending.seat
        move = chosen_move(server, game, random.Random(5))
        first = await seats[seat].play(move, cid="same-1")
        again = await seats[seat].play(move, cid="same-1")
        assert isinstance(first, Ack) and again == first and hosted.line() == 1
        await _close(*seats.values(), watch)


async def test_a_dropped_client_comes_back_where_it_was(tmp_path):
    async with running_server(tmp_path) as (server, address):
        game, seats, watch = await table(address, NewGame(civs=("greece", "egypt"), seed=SEED))
        hosted = server.games[game]
        rnd = random.Random(6)
        await _play_for(server, game, seats, rnd, 4)
        await watch.drop()
        await wait_until(lambda: server.presence(game).watchers == 0, what="the server to see it gone")
        await _play_for(server, game, seats, rnd, 5)
        held = watch.line
        await watch.connect()
        await wait_until(lambda: watch.line == hosted.line(), what="the steps missed")
        assert held == 4 and watch.mirror.state == seat_view(hosted.session.state, None)
        # a command sent while down is sent again on return, with its id: played once
        seat = hosted.session.state.pending.seat
        await seats[seat].drop()
        line = hosted.line()
        pending = seats[seat].play(chosen_move(server, game, rnd), cid="while-down")
        import asyncio

        task = asyncio.ensure_future(pending)
        await asyncio.sleep(0.05)
        assert hosted.line() == line
        await seats[seat].connect()
        assert isinstance(await task, Ack) and hosted.line() == line + 1
        assert isinstance(await seats[seat].play("anything", cid="while-down"), Ack) and hosted.line() == line + 1
        await _close(*seats.values(), watch)


async def test_the_server_starts_again_from_its_journals(tmp_path):
    rnd = random.Random(7)
    async with running_server(tmp_path) as (server, address):
        game, seats, watch = await table(address, NewGame(civs=("greece", "egypt"), seed=SEED))
        await _play_for(server, game, seats, rnd, 6)
        seat = server.games[game].session.state.pending.seat
        move = chosen_move(server, game, rnd)
        assert isinstance(await seats[seat].play(move, cid="acked"), Ack)
        state = server.games[game].session.state
        for client in (*seats.values(), watch):
            await client.drop()
    async with running_server(tmp_path) as (server, address):
        hosted = server.games[game]
        assert hosted.session.state == state and hosted.line() == 7
        for client in (*seats.values(), watch):
            client.server = address
            await client.connect()
        answer = await seats[seat].play(move, cid="acked")
        assert isinstance(answer, Ack) and answer.line == 7 and hosted.line() == 7, "an acknowledged command again"
        await wait_until(lambda: all(c.line == 7 for c in (*seats.values(), watch)), what="every client")
        for viewer, client in (*seats.items(), (None, watch)):
            assert client.mirror.state == seat_view(hosted.session.state, viewer)
        await _close(*seats.values(), watch)


async def test_a_save_that_cannot_be_written_refuses_the_command(tmp_path):
    async with running_server(tmp_path) as (server, address):
        game, seats, watch = await table(address, NewGame(civs=("greece", "egypt"), seed=SEED))
        hosted = server.games[game]
        journal = hosted.session._journal

        def full_disk(_record):
            raise OSError(28, "No space left on device")

        journal.append = full_disk
        seat = hosted.session.state.pending.seat
        answer = await seats[seat].play(chosen_move(server, game, random.Random(8)))
        assert isinstance(answer, Refusal) and "could not write" in answer.reason and hosted.line() == 0
        assert isinstance(await seats[seat].play(chosen_move(server, game, random.Random(8))), Refusal)
        await _close(*seats.values(), watch)


def test_what_the_save_holds_is_answered_again_after_a_restart(tmp_path):
    """A server killed after a record is fsynced and before its answer is sent: the id is in the
    record itself, so the message sent again is answered, not done twice (a command, an undo, a note)."""
    from monuments_tui.net.hosted import HostedGame
    from monuments_tui.rules.config import GameConfig

    hosted, _ = HostedGame.create(tmp_path, GameConfig(civs=("greece", "egypt"), seed=SEED), ("human", "human"))
    rnd = random.Random(9)
    seat = hosted.session.state.pending.seat
    move = format_command(bot_command_for("heuristic", hosted.session.state, rnd))
    assert isinstance(hosted.play(seat, "move-1", move).answer, Ack)
    assert isinstance(hosted.note(seat, "note-1", "p", "watch the coast")[0].answer, Ack)
    seat = hosted.session.state.pending.seat
    second = format_command(bot_command_for("heuristic", hosted.session.state, rnd))
    assert isinstance(hosted.play(seat, "move-2", second).answer, Ack)
    assert isinstance(hosted.undo(seat, "undo-1").answer, Ack) and hosted.line() == 1
    hosted.close()  # killed: no answer was sent, and nothing but the save and the table is on disk
    assert sorted(p.name.split(".", 1)[1] for p in tmp_path.iterdir()) == ["jsonl", "net.json"]
    again, _ = HostedGame.open(tmp_path, hosted.game)
    assert again.answered(seat, "undo-1") == Ack("undo-1", 1, "done before the server started again")
    assert again.answered(seat, "move-2").line == 2 and again.answered(seat, "note-1") is not None
    assert again.answered(1 - seat, "undo-1") is None, "an id is the seat's own"
    again.close()


def test_a_server_folder_of_before_keeps_its_answers(tmp_path):
    """Older servers kept the ids beside the save (`ID.acks.jsonl`): still read."""
    from monuments_tui.net.hosted import HostedGame
    from monuments_tui.rules.config import GameConfig

    hosted, _ = HostedGame.create(tmp_path, GameConfig(civs=("greece", "egypt"), seed=SEED), ("human", "human"))
    hosted.close()
    (tmp_path / f"{hosted.game}.acks.jsonl").write_text('{"seat":1,"id":"old-1","line":0,"said":"x"}\n{"seat"')
    again, _ = HostedGame.open(tmp_path, hosted.game)
    assert again.answered(1, "old-1") == Ack("old-1", 0, "x")
    again.close()
