"""One module per action card (and one for the turn itself), each registering its rules.

Build your Monument spans three: `monument` (the layer and the common bonus),
`personal_bonus` (its options and the placing of what they grant) and `placement`
(where a granted piece or resource may go).

Importing this package registers every rule with `registry`.
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
from monuments_tui.rules.solo import turn as solo_turn  # noqa: F401,E402  (the solo AI's rules)
