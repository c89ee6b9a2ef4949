"""`monuments serve --web` (issue 42, "In a browser"): headless Chromium, driven through its
DevTools protocol on 127.0.0.1, opens the page, gives the tab's code when the app asks for it,
and plays a command that the game server decides.

Needs Debian's `chromium` (`apt-get install chromium chromium-driver`; .ci/run installs it
where it can): the test is skipped, saying so, only when no chromium is on the PATH.
"""

from __future__ import annotations

import asyncio
import itertools
import re
import shutil
import subprocess

import aiohttp
import pytest

from monuments_tui.cli.network import serve_pages
from monuments_tui.net.client import host_game
from monuments_tui.net.messages import NewGame
from tests.net_helpers import LOOPBACK, running_server, wait_until

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.timeout(180),
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium on the PATH (apt-get install chromium chromium-driver)"),
]


class DevTools:
    """The few DevTools commands the test needs, on one page."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse):
        self.ws = ws
        self.ids = itertools.count(1)

    async def __call__(self, method: str, **params) -> dict:
        i = next(self.ids)
        await self.ws.send_json({"id": i, "method": method, "params": params})
        for _ in range(10_000):
            message = await self.ws.receive_json(timeout=30)
            if message.get("id") == i:
                assert "error" not in message, message
                return message
        raise AssertionError(f"no answer to {method}")

    async def type(self, text: str) -> None:
        await self("Input.insertText", text=text)
        await self(
            "Input.dispatchKeyEvent", type="keyDown", key="Enter", code="Enter", windowsVirtualKeyCode=13, text="\r"
        )
        await self("Input.dispatchKeyEvent", type="keyUp", key="Enter", code="Enter", windowsVirtualKeyCode=13)

    async def settled(self, seconds: float = 90) -> None:
        """Wait until the page draws something and then stays the same for two seconds (the terminal is
        drawn on a canvas: its text cannot be read from the page)."""
        shots: list[str] = []
        for _ in range(int(seconds / 0.5)):
            await asyncio.sleep(0.5)
            shot = (await self("Page.captureScreenshot"))["result"]["data"]
            shots.append(shot)
            if len(shots) >= 5 and len(set(shots[-5:])) == 1 and len(shot) > 20_000:
                return
        raise AssertionError("the page never settled")

    async def click(self, x: int, y: int) -> None:
        for kind in ("mousePressed", "mouseReleased"):
            await self("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)


def _start_chromium(profile) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(
        [
            CHROMIUM,
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            f"--remote-debugging-address={LOOPBACK}",
            "--remote-debugging-port=0",
            f"--user-data-dir={profile}",
            "--window-size=1400,1000",
            "about:blank",
        ],
        stderr=subprocess.PIPE,
        text=True,
    )
    for _ in range(200):
        match = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", proc.stderr.readline())
        if match:
            return proc, match.group(1)
    proc.kill()
    raise AssertionError("chromium did not open its DevTools port")


async def test_a_browser_tab_joins_with_its_code_and_plays(tmp_path, monkeypatch):
    monkeypatch.setenv("MONUMENTS_SAVES", str(tmp_path / "saves"))  # the tab's app keeps its list of games there
    async with running_server(tmp_path / "games") as (server, address):
        pages = await serve_pages(LOOPBACK, 0, address)
        url = f"http://{LOOPBACK}:{pages.addresses[0][1]}/"
        invites = await host_game(address, NewGame(civs=("greece", "egypt"), seats=("human", "heuristic"), seed=3))
        hosted = server.games[invites.game]
        proc, port = _start_chromium(tmp_path / "profile")
        try:
            async with aiohttp.ClientSession() as http:
                async with http.get(f"http://{LOOPBACK}:{port}/json") as answer:
                    targets = await answer.json()
                page = next(t for t in targets if t["type"] == "page")
                async with http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                    tools = DevTools(ws)
                    await tools("Page.navigate", url=url)
                    await tools.settled()  # the tab's app has started and asks for the code
                    await tools.click(700, 420)
                    await tools.type(invites.codes["seat 0"])
                    await wait_until(lambda: server.presence(invites.game).seats[0].connected, 60, "the tab to join")
                    await asyncio.sleep(2)
                    quest = hosted.session.state.pending.options[0]
                    await tools.type(f"startquest {quest}")
                    await wait_until(lambda: hosted.line() == 1, 60, "the command from the browser")
                    assert hosted.session.state.players[0].quests == [quest]
        finally:
            proc.kill()
            proc.wait(timeout=20)
            await pages.cleanup()
