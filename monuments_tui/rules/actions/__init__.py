"""One module per action card (and one for the turn itself), each registering its rules.

Build your Monument spans three: `monument` (the layer and the common bonus),
`personal_bonus` (its options and the placing of what they grant) and `placement`
(where a granted piece or resource may go).

Importing this package registers the action cards' rules with `registry`; the solo AI's
rules are in `rules.solo.turn`, which uses some of them.
"""

from monuments_tui.rules.actions import (  # noqa: F401
    attack,
    build,
    monument,
    movement,
    personal_bonus,
    placement,
    populate,
    production,
    quest_cards,
    trade,
    train,
    turn,
    upgrade,
)
