"""Helvetia Companion: a table companion for the board game Helvetia (Matthias Cramer, 2011)."""

__version__ = "0.1.0"
