"""The suite is hermetic: whatever the shell exported (a Pi's ``GPIOZERO_PIN_FACTORY``, a
desktop's ``SDL_VIDEODRIVER``, someone's ``XDG_*`` and ``HELVETIA_*``), tests/conftest.py gives
every test the same environment; scripts/test.sh runs the whole suite with such values set."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from gpiozero import Device

from companion.display.kit import text_reports
from companion.display.words import i18n

ROOT = Path(__file__).resolve().parent.parent.parent
HOSTILE = {"GPIOZERO_PIN_FACTORY": "mock", "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "alsa",
           "XDG_CONFIG_HOME": "/nonexistent/config", "XDG_DATA_HOME": "/nonexistent/data",
           "HELVETIA_CONFIG": "/nonexistent/helvetia.toml", "HELVETIA_STRICT_TEXT": "0",
           "NOTIFY_SOCKET": "/nonexistent/notify", "WATCHDOG_USEC": "1"}


def test_every_test_starts_from_the_same_environment() -> None:
    env = os.environ
    assert env["SDL_VIDEODRIVER"] == "dummy" and env["SDL_AUDIODRIVER"] == "dummy"
    assert not [k for k in env if k.startswith(("GPIOZERO_", "HELVETIA_"))]
    assert "NOTIFY_SOCKET" not in env and "WATCHDOG_USEC" not in env
    assert env.get("PATH") and env.get("HOME")  # the rest of the shell's is kept
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        here = Path(env[name])
        assert here.is_dir() and not any(here.iterdir()), name  # this run's, and empty


def clean() -> bool:
    return (i18n.language == "en" and text_reports.REPORTS == [] and text_reports.CONTRAST == {}
            and Device.pin_factory is None and "HELVETIA_STRICT_TEXT" not in os.environ)


@pytest.mark.xdist_group("hermetic")  # these two in this order, in one process
def test_a_test_that_changes_the_process_wide_state() -> None:
    from gpiozero.pins.mock import MockFactory

    assert clean()
    i18n.use("de")
    text_reports.CONTRAST[("x", "y", (0, 0, 0), (255, 255, 255))] = 21.0
    Device.pin_factory = MockFactory()
    os.environ["HELVETIA_STRICT_TEXT"] = "1"
    assert not clean()


@pytest.mark.xdist_group("hermetic")
def test_the_next_test_sees_none_of_it() -> None:
    assert clean()


def test_the_hardware_journal_says_no_gpio_with_a_pis_pin_factory_exported() -> None:
    """The test that failed with ``GPIOZERO_PIN_FACTORY`` set, run in a shell that has it and
    the others."""
    env = {**os.environ, **HOSTILE}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", "-q",
         "tests/hw/test_hw_journal.py::"
         "test_no_gpio_and_no_controller_say_so_and_where_it_looked"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]  # 5: none ran
