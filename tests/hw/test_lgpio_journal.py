"""The start-up journal line about the seat buttons says what failed: "install lgpio" only
when lgpio is missing; with lgpio installed and failing, what it said (faults injected: a
missing module, an lgpio whose GPIO chip cannot be opened)."""

from __future__ import annotations

import importlib.machinery
import sys
import types

import pytest
from gpiozero.exc import BadPinFactory

from companion.hw.story import buttons_line

PINS = {"red": 17}
NO_FACTORY = BadPinFactory("Unable to load any default pin factory!")


def fake_lgpio(problem: Exception) -> types.ModuleType:
    """An lgpio that imports and fails on the GPIO chip as a real one does off a Pi."""
    module = types.ModuleType("lgpio")
    module.__spec__ = importlib.machinery.ModuleSpec("lgpio", None)

    def gpiochip_open(chip: int) -> int:
        raise problem

    module.gpiochip_open = gpiochip_open  # type: ignore[attr-defined]
    module.error = type("error", (Exception,), {})  # type: ignore[attr-defined]
    module.__getattr__ = lambda name: 0  # type: ignore[method-assign]  # its constants
    return module


def test_missing_lgpio_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "lgpio", None)  # not installed
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)
    line = buttons_line("keyboard", "gpio", PINS, error=NO_FACTORY)
    assert "pip install lgpio" in line and "keys 1-4" in line


def test_installed_lgpio_that_fails_says_what_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "lgpio", fake_lgpio(PermissionError(
        "can not open gpiochip")))
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)
    line = buttons_line("keyboard", "gpio", PINS, error=NO_FACTORY)
    assert "install lgpio" not in line
    assert "lgpio is installed but failed: " in line, line
    assert "failed to load" not in line  # it loaded: opening the GPIO failed
