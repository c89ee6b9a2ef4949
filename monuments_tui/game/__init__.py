"""A game over its save: the timeline of states, the check a save passes on load, the game
tree of side lines, the session the app plays through, its annotations, replay and the
words of the solo AI's log.

Layer: above `rules`, `ai` and `saves`; imports nothing from `records`, `ui` or `cli`.
"""
