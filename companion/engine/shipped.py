"""The catalogue file shipped with the package, read as JSON (``catalogue.py`` checks it and
builds the typed catalogue; ``messages.py`` takes the English names of buildings and goods
from it when it is given no catalogue)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def shipped_data() -> dict[str, Any]:
    """The catalogue shipped with the package (read-only package data)."""
    text = resources.files(__package__).joinpath("data/catalogue.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
