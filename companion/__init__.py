"""Helvetia Companion: a table companion for the board game Helvetia (Matthias Cramer, 2011).

Rules cited as §n are sections of docs/rules/helvetia.md, as §Dn of docs/rules/drunter.md.
"""

__version__ = "0.1.0"
