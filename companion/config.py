"""The configuration: one TOML file, every value checked, defaults that run on a laptop.

Where it is read from: ``--config FILE``, else ``$HELVETIA_CONFIG``, else
``$XDG_CONFIG_HOME/helvetia/config.toml`` (``~/.config/...``), else
``/etc/helvetia/config.toml``; with none of them, the defaults.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine.state import COLOURS
from .hw.leds import Layout, default_layout, layout_from_data

LANGUAGES = ("en", "de")
BACKENDS = {"buttons": ("auto", "gpio", "keyboard", "none"),
            "leds": ("auto", "serial", "simulated", "none")}
DEFAULT_PINS = {"red": 17, "blue": 27, "yellow": 22, "white": 23}
GPIO_PINS = range(2, 28)


class ConfigError(ValueError):
    """A configuration value that cannot be used; the message names the key."""


@dataclass(frozen=True)
class Buttons:
    backend: str = "auto"
    pins: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_PINS))
    next_pin: int | None = None
    hold_time: float = 1.5
    bounce_time: float = 0.03


@dataclass(frozen=True)
class Leds:
    backend: str = "auto"
    port: str = "auto"
    baud: int = 115200
    layout: Layout = field(default_factory=default_layout)


@dataclass(frozen=True)
class Display:
    width: int = 800
    height: int = 480
    rotation: int = 0
    fullscreen: bool | None = None
    """None: full screen when on the Pi's own display (kmsdrm), a window elsewhere."""


@dataclass(frozen=True)
class Config:
    language: str = "en"
    data_dir: Path = field(default_factory=lambda: default_data_dir(os.environ))
    seats: tuple[str, ...] = COLOURS
    """The colour at each seat, counter-clockwise around the table."""
    buttons: Buttons = field(default_factory=Buttons)
    leds: Leds = field(default_factory=Leds)
    display: Display = field(default_factory=Display)
    source: Path | None = None
    """The file it was read from, if any."""


def default_data_dir(env: Mapping[str, str]) -> Path:
    """The service's StateDirectory, else the desktop's XDG data directory."""
    if env.get("STATE_DIRECTORY"):
        return Path(env["STATE_DIRECTORY"].split(":")[0])
    base = env.get("XDG_DATA_HOME") or str(Path(env.get("HOME", "~")).expanduser()
                                          / ".local" / "share")
    return Path(base) / "helvetia"


def config_path(explicit: str | None, env: Mapping[str, str]) -> Path | None:
    if explicit:
        return Path(explicit)
    if env.get("HELVETIA_CONFIG"):
        return Path(env["HELVETIA_CONFIG"])
    home = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME", "~")).expanduser()
                                            / ".config")
    for candidate in (Path(home) / "helvetia" / "config.toml",
                      Path("/etc/helvetia/config.toml")):
        if candidate.exists():
            return candidate
    return None


def load(explicit: str | None = None, env: Mapping[str, str] | None = None) -> Config:
    """The configuration in force; ``ConfigError`` names the key that is wrong."""
    env = os.environ if env is None else env
    path = config_path(explicit, env)
    if path is None:
        return Config(data_dir=default_data_dir(env))
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read the configuration {path}: {exc.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}") from None
    return parse(data, env, path)


def _fail(key: str, what: str) -> ConfigError:
    return ConfigError(f"{key}: {what}")


def _table(data: Mapping[str, Any], key: str, known: set[str]) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise _fail(key, "must be a table")
    unknown = set(value) - known
    if unknown:
        raise _fail(f"{key}.{sorted(unknown)[0]}", "is not a setting")
    return value


def _int(value: Any, key: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(key, f"must be a whole number from {low} to {high}, not {value!r}")
    return value


def _number(value: Any, key: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise _fail(key, f"must be a number from {low} to {high}, not {value!r}")
    return float(value)


def _choice(value: Any, key: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise _fail(key, f"must be one of {', '.join(map(repr, allowed))}, not {value!r}")
    return str(value)


def parse(data: Mapping[str, Any], env: Mapping[str, str], source: Path | None = None
          ) -> Config:
    unknown = set(data) - {"language", "data_dir", "seats", "buttons", "leds", "display"}
    if unknown:
        raise _fail(sorted(unknown)[0], "is not a setting")
    language = _choice(data.get("language", "en"), "language", LANGUAGES)
    data_dir = default_data_dir(env)
    if "data_dir" in data:
        if not isinstance(data["data_dir"], str) or not data["data_dir"]:
            raise _fail("data_dir", "must be a directory path")
        data_dir = Path(data["data_dir"]).expanduser()

    seats_t = _table(data, "seats", {"colours"})
    seats = seats_t.get("colours", list(COLOURS))
    if (not isinstance(seats, list) or not 2 <= len(seats) <= 4
            or any(c not in COLOURS for c in seats) or len(set(seats)) != len(seats)):
        raise _fail("seats.colours", f"must list 2 to 4 different colours of {', '.join(COLOURS)}")

    b = _table(data, "buttons", {"backend", "pins", "next_pin", "hold_time", "bounce_time"})
    pins_raw = b.get("pins", {c: p for c, p in DEFAULT_PINS.items() if c in seats})
    if not isinstance(pins_raw, Mapping):
        raise _fail("buttons.pins", "must be a table of colour = BCM pin")
    pins = {}
    for colour, pin in pins_raw.items():
        if colour not in seats:
            raise _fail(f"buttons.pins.{colour}", "is not a colour in seats.colours")
        pins[colour] = _int(pin, f"buttons.pins.{colour}", GPIO_PINS.start, GPIO_PINS.stop - 1)
    next_pin = b.get("next_pin")
    if next_pin is not None:
        next_pin = _int(next_pin, "buttons.next_pin", GPIO_PINS.start, GPIO_PINS.stop - 1)
    used = [*pins.values(), *([next_pin] if next_pin is not None else [])]
    if len(set(used)) != len(used):
        raise _fail("buttons.pins", "two buttons share a pin")
    buttons = Buttons(
        backend=_choice(b.get("backend", "auto"), "buttons.backend", BACKENDS["buttons"]),
        pins=pins, next_pin=next_pin,
        hold_time=_number(b.get("hold_time", 1.5), "buttons.hold_time", 0.5, 5.0),
        bounce_time=_number(b.get("bounce_time", 0.03), "buttons.bounce_time", 0.02, 0.05))

    led = _table(data, "leds", {"backend", "port", "baud", "layout"})
    port = led.get("port", "auto")
    if not isinstance(port, str) or not port:
        raise _fail("leds.port", "must be \"auto\" or a serial port such as /dev/ttyUSB0")
    baud = led.get("baud", 115200)
    if baud not in (9600, 19200, 38400, 57600, 115200, 230400, 460800, 500000, 921600,
                    1000000, 2000000):
        raise _fail("leds.baud", f"must be a standard serial speed such as 115200, not {baud!r}")
    layout = default_layout(len(seats))
    if "layout" in led:
        if not isinstance(led["layout"], Mapping):
            raise _fail("leds.layout", "must be a table with 'count' and 'seats'")
        try:
            layout = layout_from_data(led["layout"])
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
        if len(layout.seats) < len(seats):
            raise _fail("leds.layout.seats", f"needs a segment for each of the {len(seats)} seats")
    leds = Leds(_choice(led.get("backend", "auto"), "leds.backend", BACKENDS["leds"]), port,
                baud, layout)

    d = _table(data, "display", {"width", "height", "rotation", "fullscreen"})
    rotation = d.get("rotation", 0)
    if rotation not in (0, 90, 180, 270):
        raise _fail("display.rotation", f"must be 0, 90, 180 or 270, not {rotation!r}")
    fullscreen = d.get("fullscreen", "auto")
    if fullscreen not in (True, False, "auto"):
        raise _fail("display.fullscreen", "must be true, false or \"auto\"")
    display = Display(_int(d.get("width", 800), "display.width", 320, 7680),
                      _int(d.get("height", 480), "display.height", 240, 4320), rotation,
                      None if fullscreen == "auto" else bool(fullscreen))
    return Config(language, data_dir, tuple(seats), buttons, leds, display, source)
