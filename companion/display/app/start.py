"""``helvetia run``: the companion's start, where the panel must never stay dark.

A configuration with mistakes starts with the defaults for what is wrong and a screen that
says what (``screens/config_problem.py``). A display that cannot be opened is one journal
line, naming the driver and what was tried, and ``NO_DISPLAY`` as the exit status, which the
unit does not restart (``RestartPreventExitStatus=``): a missing display does not come back by
restarting every two seconds. Right after boot the display driver may still be loading, so
then it is tried again for a while first (no ``systemd-udev-settle``).
"""

from __future__ import annotations

import dataclasses
import glob
import os
import time
from collections.abc import Callable, MutableMapping
from typing import Any

import pygame

from ...journal import say

NO_DISPLAY = 69
"""The exit status without a display (EX_UNAVAILABLE); systemd/helvetia.service names it."""
ALREADY_RUNNING = 3
"""The exit status when another companion holds the store."""
BOOT_GRACE = 90.0
"""Seconds after boot during which a display that is not there yet is waited for..."""
BOOT_WAIT = 45.0
"""...for at most this long: well within the unit's TimeoutStartSec=60."""
WINDOWED = ("DISPLAY", "WAYLAND_DISPLAY")
"""A desktop session: there a window is the fallback when KMSDRM cannot have the screen."""


class NoDisplay(Exception):
    """No display could be opened; the message says which driver and what was tried."""


def uptime() -> float:
    try:
        with open("/proc/uptime") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 1e9


def open_display(env: MutableMapping[str, str] | None = None, *,
                 since_boot: Callable[[], float] = uptime,
                 sleep: Callable[[float], None] = time.sleep,
                 clock: Callable[[], float] = time.monotonic) -> str:
    """Initialise SDL's video and return its driver's name, or raise ``NoDisplay``.

    SDL's own choice that falls through to its invisible "offscreen" driver (no X, no
    Wayland, no KMS) counts as no display, unless asked for by name."""
    env = os.environ if env is None else env
    waited_until = clock() + min(BOOT_WAIT, max(0.0, BOOT_GRACE - since_boot()))
    fell_back = False
    while True:
        asked = env.get("SDL_VIDEODRIVER") or None
        try:
            pygame.display.init()
            driver = pygame.display.get_driver()
            if driver != "offscreen" or asked == "offscreen":
                return driver
            pygame.display.quit()
            error = "SDL found no display and would draw offscreen, invisibly"
        except pygame.error as exc:
            error = str(exc) or "failed"
        if asked == "kmsdrm" and not fell_back and any(env.get(k) for k in WINDOWED):
            say(f"display: SDL's kmsdrm driver failed ({error}); a window on this desktop "
                f"instead")
            del env["SDL_VIDEODRIVER"]
            fell_back = True
            continue
        if clock() < waited_until:
            sleep(1.0)
            continue
        raise NoDisplay(why(asked, error, env))


def why(asked: str | None, error: str, env: MutableMapping[str, str]) -> str:
    cards = sorted(glob.glob("/dev/dri/card*"))
    tried = f"SDL's {asked} driver" if asked else "SDL's own choice of video driver"
    desktop = ", ".join(f"{k}={env[k]}" for k in WINDOWED if env.get(k)) or \
        "neither DISPLAY nor WAYLAND_DISPLAY set"
    then = ("Not restarted: fix it, then 'systemctl restart helvetia'"
            if env.get("INVOCATION_ID") else  # systemd's unit, else a command run by hand
            "Run it in a desktop session, or on the Pi's console with SDL_VIDEODRIVER=kmsdrm "
            "(the service stopped)")
    return (f"no display: {tried}: {error}; DRM devices: {', '.join(cards) or 'none'}; "
            f"{desktop}. A window needs a desktop session (DISPLAY or WAYLAND_DISPLAY); the "
            f"Pi's own screen needs SDL_VIDEODRIVER=kmsdrm, its KMS driver (/dev/dri/card*) "
            f"and no desktop holding it (boot to the console). {then}")


def start(config_file: str | None = None) -> Any:
    """The app, on the display, over the screen that says what in the configuration is wrong
    (if anything); or ``NO_DISPLAY`` after saying why there is none."""
    from ...config import ConfigError, check_data_dir, default_data_dir, load_forgiving
    from ...store import AlreadyRunning
    from ..screens.menu.config_problem import ConfigProblem
    from .loop import App

    config, problems = load_forgiving(config_file)
    try:
        check_data_dir(config.data_dir)  # a writable directory, else the key is named
    except ConfigError as exc:
        problems.append(exc)
        config = dataclasses.replace(config, data_dir=default_data_dir(os.environ))
    for problem in problems:  # to the journal, once; the panel says the same
        say(f"configuration {config.source}: {problem}; "
            f"{'its default is used' if problem.key else 'all defaults are used'}")
    for warning in config.warnings:  # to the journal; the app runs on (HW)
        say(f"warning: {warning}")
    try:
        open_display()
        app = App(config)
    except (NoDisplay, pygame.error) as exc:
        say(str(exc) if isinstance(exc, NoDisplay) else why(
            os.environ.get("SDL_VIDEODRIVER"), str(exc), os.environ))
        pygame.quit()
        return NO_DISPLAY
    except AlreadyRunning as exc:  # another companion has the store: it stays the table's
        say(str(exc))
        pygame.quit()
        return ALREADY_RUNNING
    if problems:
        app.overlay = ConfigProblem(problems, config.source)
        app.dirty = True
    return app


def main(config_file: str | None = None) -> int:
    app = start(config_file)
    return app if isinstance(app, int) else app.run()
