"""Play over the network: one server owns each game, every connection sees only its seat's view.

Floors: this package may import rules, ai, saves, game and records; ui and cli import it.
It never imports textual. See docs/network.md.
"""

DEFAULT_PORT = 8765
"""The port a server listens on and a client calls unless told another."""
