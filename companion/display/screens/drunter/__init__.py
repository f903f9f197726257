"""Drunter & Drüber's own screens."""
