"""Hermetic tests.

The environment: every variable a test or the app reads is set or cleared here, before any test
module is imported, whatever the shell had (``scripts/test.sh`` runs the suite with hostile
values on purpose: a Pi's ``GPIOZERO_PIN_FACTORY``, a desktop's ``SDL_VIDEODRIVER``, someone's
``XDG_*`` and ``HELVETIA_*``). Pygame draws under SDL's dummy drivers; the XDG directories are
empty ones of this run.

Process-wide state is per test: the language, the text-fit and contrast reports, gpiozero's
default pin factory and the environment are put back after each test, so that tests can run
in any order and on several workers (pytest-xdist).

None reads this machine's /etc/helvetia or /var/lib/helvetia (on a Pi with the companion
installed they hold a real configuration and the table's games) unless it says so with
``@pytest.mark.system_paths``. Subprocesses get an explicit configuration instead.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

CLEARED_PREFIXES = ("GPIOZERO_", "SDL_", "XDG_", "HELVETIA_", "PYGAME_", "WINDOW_PLAY_")
"""Variables a shell may have that change what the app or a test does: all dropped."""
CLEARED = ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "STATE_DIRECTORY",
           "CONFIGURATION_DIRECTORY", "INVOCATION_ID", "JOURNAL_STREAM", "SLOW_FSYNC_MS",
           "LANGUAGE", "LC_ALL", "LC_MESSAGES", "DISPLAY", "WAYLAND_DISPLAY", "TZ")
"""Single variables of systemd, the desktop and the locale, dropped too."""
KEPT = ("XDG_CACHE_HOME",)
"""pip's cache (the wheel tests install from the package index)."""


def hermetic_environment() -> dict[str, str]:
    """The environment every test starts from: this process's, less what a shell may have
    set, plus the dummy drivers and empty XDG directories of this run."""
    env = {k: v for k, v in os.environ.items()
           if k in KEPT or not (k.startswith(CLEARED_PREFIXES) or k in CLEARED)}
    home = Path(tempfile.mkdtemp(prefix="helvetia-tests-xdg-"))
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    for name in ("config", "data", "state", "runtime"):
        (home / name).mkdir(mode=0o700)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_STATE_HOME=str(home / "state"), XDG_RUNTIME_DIR=str(home / "runtime"),
               LANG="C.UTF-8")
    return env


GIVEN_WHEEL = os.environ.get("HELVETIA_TEST_WHEEL")
"""The wheel scripts/test.sh built, handed over before the environment is cleared."""

# Before any test module (and so pygame and gpiozero) is imported.
_hermetic = hermetic_environment()
os.environ.clear()
os.environ.update(_hermetic)

from gpiozero import Device  # noqa: E402

from companion import cli_store, config  # noqa: E402
from companion.display.kit import text_reports  # noqa: E402
from companion.display.words import i18n  # noqa: E402

START = dict(os.environ)


@pytest.fixture(scope="session")
def built_wheel() -> Path | None:
    """The wheel scripts/test.sh built once (``python -m tests.wheel``), if it did."""
    return Path(GIVEN_WHEEL) if GIVEN_WHEEL else None


@pytest.fixture(autouse=True)
def _per_test_state() -> Iterator[None]:
    """Each test starts in English with no text-fit reports, gpiozero's default pin factory
    and the hermetic environment, whatever the test before it changed."""
    i18n.use("en")
    i18n.set_players(())
    text_reports.clear_reports()
    text_reports.set_screen("?")
    factory = Device.pin_factory
    yield
    if Device.pin_factory is not factory:
        if Device.pin_factory is not None:
            Device.pin_factory.close()
        Device.pin_factory = factory
    for k in set(os.environ) - set(START):
        if not k.startswith("PYTEST_"):  # pytest's own
            del os.environ[k]
    for k, v in START.items():
        if os.environ.get(k) != v:
            os.environ[k] = v


@pytest.fixture(autouse=True)
def _not_this_machines_companion(request: pytest.FixtureRequest, tmp_path_factory:
                                 pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("system_paths"):
        return
    nowhere = tmp_path_factory.mktemp("system") / "absent"
    monkeypatch.setattr(config, "SYSTEM_CONFIG", nowhere / "etc" / "helvetia" / "config.toml")
    monkeypatch.setattr(cli_store, "SERVICE_DIR", nowhere / "var" / "lib" / "helvetia")
