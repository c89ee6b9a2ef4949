"""Positions as text: the whole state of a game at one moment, written so that a person can
read it and write one by hand, and read back exactly (docs/positions.md).

- `format_position(state)` writes it (`write`);
- `parse_position(text)` reads it (`read`), then completes what a hand-written position left
  out and checks that the whole adds up (`checks`); every refusal is a `PositionError`
  naming the line;
- `fields` writes and reads structs as `name=value` words, both ways.
"""

from monuments_tui.rules.errors import PositionError
from monuments_tui.rules.position.checks import parse_position
from monuments_tui.rules.position.write import format_position

__all__ = ["PositionError", "format_position", "parse_position"]
