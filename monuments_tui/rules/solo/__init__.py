"""Solo mode: the AI deck of the rulebook's solo rules, as part of the pure rules core.

[Solo rules Monuments, l.411-553; rules review A18-A20, B23, B41, B74-B85]

* `tables`: the monument table per difficulty, layer bonuses, D6 tables (data/solo.json).
* `deck`: the draw pile, discard pile, set-aside cards, reshuffles and the top-card check.
* `context`: one AI decision under way, and the measures "best for the AI" is scored by.
* `cards`: the 8 AI cards, each command tried in order with the card's priorities.
* `turn`: the rules answering the `ai` command: the AI's turn and its battle choices.

Importing `turn` registers those rules; `rules.actions` does so.
"""
