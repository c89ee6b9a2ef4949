"""Solo mode: the AI deck of the rulebook's solo rules, as part of the pure rules core.

[Solo rules Monuments, l.411-553; rules review A18-A20, B23, B41, B74-B85]

* `tables`: the monument table per difficulty, layer bonuses, D6 tables (data/solo.json).
* `deck`: the draw pile, discard pile, set-aside cards, reshuffles and the top-card check.
* `context`: one AI decision under way, and the measures "best for the AI" is scored by.
* `measures`: measures of the board several AI cards share (home continent, targets, distances,
  held towns, the AI's position score).
* `shared`: commands several AI cards share (upgraded cards, paying, moving units, reshuffling).
* `cards`: the AI cards Production, Movement, Population, Upgrade a card, Build a building and
  Draw quest card, each command tried in order with the card's priorities.
* `special`: the Special card: bridges, ferries, military units and weapons.
* `monument`: the Build your Monument card: layers, sacrifices, layer bonuses, the attack.
* `turn`: the rules answering the `ai` command: the AI's turn (`RESOLVERS`: each AI card to its
  resolver) and its battle choices.

Importing `turn` registers those rules; `rules.actions` does so.
"""
