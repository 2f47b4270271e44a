"""The pure rules engine: standard library only, no Flask, no database.

Everything the app shows is computed here from the list of recorded hands.
"""
