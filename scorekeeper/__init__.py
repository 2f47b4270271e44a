"""Scorekeeper: keeps score at the card table.

The app factory is `scorekeeper.app.create_app`; importing the rules engine
(`scorekeeper.rules`) loads nothing but the standard library.
"""
