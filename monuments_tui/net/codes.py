"""Invite and watch codes: random secrets, kept only as hashes, compared in constant time.

A code reads `GAME-SECRET`: the game's id (not secret: it names the save file on the
server) and 16 random bytes in URL-safe base64. The server keeps the SHA-256 of each code,
never the code itself, so a copy of its folder lets nobody in.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

GAME_ID = re.compile(r"^[a-z0-9]{8}$")
CODE = re.compile(r"^([a-z0-9]{8})-([A-Za-z0-9_-]{16,43})$")


def new_game_id() -> str:
    """A fresh game id: 8 characters of a-z and 0-9."""
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    return "".join(secrets.choice(alphabet) for _ in range(8))


def new_code(game: str) -> str:
    """A fresh code for `game`."""
    return f"{game}-{secrets.token_urlsafe(16)}"


def code_hash(code: str) -> str:
    """What the server keeps of a code."""
    return hashlib.sha256(code.encode()).hexdigest()


def game_of(code: str) -> str | None:
    """The game a code is for, or None when it is not shaped like a code at all."""
    match = CODE.match(code.strip())
    return match.group(1) if match else None


def matches(code: str, kept: str) -> bool:
    """Whether `code` is the one whose hash is `kept`, in time that does not depend on where they differ."""
    return hmac.compare_digest(code_hash(code.strip()), kept)
