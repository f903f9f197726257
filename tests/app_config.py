"""The app's configuration in a test: its data in the test's own folder, keys for the seat
buttons, the LEDs drawn on the screen (the one home of what a dozen test files wrote alike)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.config import Buttons, Config, Leds


def config(tmp: Path, language: str = "en", **kw: Any) -> Config:
    """A configuration for an app under SDL's dummy driver, its store in ``tmp``; ``kw``: the
    other fields (``display=...``)."""
    return Config(language=language, data_dir=tmp, buttons=Buttons(backend="keyboard"),
                  leds=Leds(backend="simulated"), **kw)
