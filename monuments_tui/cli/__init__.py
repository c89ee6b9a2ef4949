"""The `monuments` command and its sub-commands: the entry point (`main`), the card list,
bot-against-bot simulation, the checks before a batch run, and save upgrades.

Layer: the top; it opens the interface (`ui`) lazily so that sub-commands start fast.
"""
