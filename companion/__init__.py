"""Helvetia Companion: a table companion for the board game Helvetia (Matthias Cramer, 2011).

Rules cited as §n (or §Dn) are sections of the games' rules digests in docs/rules/.
"""

__version__ = "0.1.0"
