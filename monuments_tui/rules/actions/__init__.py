"""One module per action card (and one for the turn itself), each registering its rules.

Importing this package registers every rule with `registry`.
"""

from monuments_tui.rules.actions import (  # noqa: F401
    attack,
    build,
    monument,
    movement,
    populate,
    production,
    quest_cards,
    trade,
    train,
    turn,
    upgrade,
)
