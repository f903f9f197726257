"""The configuration: one TOML file, every value checked, defaults that run on a laptop.

Where it is read from: ``--config FILE``, else ``$HELVETIA_CONFIG``, else
``$XDG_CONFIG_HOME/helvetia/config.toml`` (``~/.config/...``), else
``/etc/helvetia/config.toml``; with none of them, the defaults.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine.state import COLOURS
from .hw.adalight import BAUDS, DTR_RTS
from .hw.leds import Layout, default_layout, layout_from_data, shown

LANGUAGES = ("en", "de", "fr", "it", "es")  # as companion/display/i18n.LANGUAGES
BACKENDS = {"buttons": ("auto", "gpio", "keyboard", "none"),
            "leds": ("auto", "serial", "simulated", "none")}
DEFAULT_PINS = {"red": 17, "blue": 27, "yellow": 22, "white": 23}
GPIO_PINS = range(2, 28)
RESERVED_PINS = {
    2: "I2C's data line (SDA), with a fixed 1.8 kOhm pull-up on the board",
    3: "I2C's clock line (SCL), with a fixed 1.8 kOhm pull-up on the board",
    14: "the serial console's transmit line (TXD), driven by the UART when it is on",
    15: "the serial console's receive line (RXD): a press sends the console a break",
}
"""Pins the Pi uses for something else: a button there is allowed, with a warning."""
SYSTEM_CONFIG = Path("/etc/helvetia/config.toml")
"""The system's configuration, the last place looked (tests point it elsewhere)."""
NOT_A_SETTING = ""
"""``ConfigError.allowed`` of a key that is not a setting at all."""
MAX_FILE = 1 << 20
"""A configuration file is a few hundred bytes; a larger one is a mistake (or /dev/zero)."""


class ConfigError(ValueError):
    """A configuration value that cannot be used; the message names the key.

    ``key``: the setting that is wrong (None: the file as a whole); ``allowed``: what it may
    be, written with the file's own values (no words), for the screen in any language."""

    def __init__(self, message: str, key: str | None = None, allowed: str | None = None
                 ) -> None:
        super().__init__(message)
        self.key = key
        self.allowed = allowed


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
    dtr_rts: str = "high"
    """The serial lines DTR and RTS while the port is open (``hw.adalight.DTR_RTS``)."""


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
    warnings: tuple[str, ...] = ()
    """Settings that work but may not do what the builder wants, each naming its key."""


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
                      SYSTEM_CONFIG):
        if candidate.exists():
            return candidate
    return None


def load(explicit: str | None = None, env: Mapping[str, str] | None = None) -> Config:
    """The configuration in force; ``ConfigError`` names the key that is wrong."""
    env = os.environ if env is None else env
    path = config_path(explicit, env)
    if path is None:
        return Config(data_dir=default_data_dir(env))
    return parse(read(path), env, path)


def read(path: Path) -> dict[str, Any]:
    """The TOML file's data; ``ConfigError`` if it cannot be read or is not TOML."""
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_FILE + 1)
    except OSError as exc:
        raise ConfigError(f"cannot read the configuration {path}: {exc.strerror}") from None
    if len(raw) > MAX_FILE:
        raise ConfigError(f"{path} is larger than a configuration can be ({MAX_FILE} bytes)")
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not valid TOML: it is not UTF-8 text") from None
    except ValueError as exc:  # TOMLDecodeError, or a number too long for Python to read
        why = "a number in it is far too long" if "integer string" in str(exc) else exc
        raise ConfigError(f"{path} is not valid TOML: {str(why)[:200]}") from None
    except RecursionError:
        raise ConfigError(f"{path} is not valid TOML: nested too deeply") from None


def _fail(key: str, what: str, allowed: str | None = None) -> ConfigError:
    return ConfigError(f"{key}: {what}", key, allowed)


def _table(data: Mapping[str, Any], key: str, known: set[str]) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise _fail(key, "must be a table")
    unknown = sorted(map(str, set(value) - known))
    if unknown:
        raise _fail(f"{key}.{unknown[0]}", "is not a setting", NOT_A_SETTING)
    return value


def _int(value: Any, key: str, low: int, high: int) -> int:
    """A whole number in range: not a float (``90.0``), not a boolean (``false`` is no 0)."""
    if type(value) is not int or not low <= value <= high:
        raise _fail(key, f"must be a whole number from {low} to {high}, not {shown(value)}",
                    f"{low} \u2013 {high}")
    return value


def _number(value: Any, key: str, low: float, high: float) -> float:
    if type(value) not in (int, float) or not low <= value <= high:
        raise _fail(key, f"must be a number from {low} to {high}, not {shown(value)}",
                    f"{low} \u2013 {high}")
    return float(value)


def _choice(value: Any, key: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise _fail(key, f"must be one of {', '.join(map(repr, allowed))}, not {shown(value)}",
                    ", ".join(f'"{a}"' for a in allowed))
    return value


def _text(value: Any, key: str, what: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 4096 \
            or any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise _fail(key, f"must be {what}, not {shown(value)}")
    return value


def device_path(value: Any) -> str:
    """``leds.port``: "auto" or a device under /dev. Never a pyserial URL (``socket://``,
    ``rfc2217://``, ``loop://``...): the port is opened as a file, and a configuration
    must not make the table open network connections."""
    what = '"auto" or a serial device such as /dev/ttyUSB0 or /dev/serial/by-id/...'
    port = _text(value, "leds.port", what)
    if port != "auto" and (not port.startswith("/dev/") or "://" in port
                           or "/../" in port + "/"):
        raise _fail("leds.port", f"must be {what}, not {shown(port)}")
    return port


def pin_warnings(pins: Mapping[str, int], key: str = "buttons.pins") -> list[str]:
    """A warning for each button on a pin the Pi uses for something else."""
    return [f"{key}.{seat} = {pin}: GPIO{pin} is {RESERVED_PINS[pin]}; the button may "
            f"misbehave or disturb it. Choose a free pin (hardware/wiring.md), or turn "
            f"{'I2C' if pin in (2, 3) else 'the serial console'} off in raspi-config."
            for seat, pin in pins.items() if pin in RESERVED_PINS]


def parse(data: Mapping[str, Any], env: Mapping[str, str], source: Path | None = None
          ) -> Config:
    unknown = sorted(map(str, set(data) - {"language", "data_dir", "seats", "buttons", "leds",
                                           "display"}))
    if unknown:
        raise _fail(unknown[0], "is not a setting", NOT_A_SETTING)
    language = _choice(data.get("language", "en"), "language", LANGUAGES)
    data_dir = default_data_dir(env)
    if "data_dir" in data:
        data_dir = Path(_text(data["data_dir"], "data_dir", "a directory path")).expanduser()

    seats_t = _table(data, "seats", {"colours"})
    seats = seats_t.get("colours", list(COLOURS))
    if (not isinstance(seats, list) or not 2 <= len(seats) <= 4
            or any(not isinstance(c, str) or c not in COLOURS for c in seats)
            or len(set(seats)) != len(seats)):
        raise _fail("seats.colours",
                    f"must list 2 to 4 different colours of {', '.join(COLOURS)}",
                    "2 \u2013 4: " + ", ".join(f'"{c}"' for c in COLOURS))

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
    warnings = pin_warnings(pins)
    if next_pin is not None:
        warnings += [w.replace("buttons.pins.next", "buttons.next_pin")
                     for w in pin_warnings({"next": next_pin})]

    led = _table(data, "leds", {"backend", "port", "baud", "layout", "dtr_rts"})
    port = device_path(led.get("port", "auto"))
    baud = led.get("baud", 115200)
    if type(baud) is not int or baud not in BAUDS:
        raise _fail("leds.baud", f"must be one of WLED's serial speeds, "
                    f"{', '.join(map(str, BAUDS))}, not {shown(baud)}", ", ".join(map(str, BAUDS)))
    dtr_rts = _choice(led.get("dtr_rts", "high"), "leds.dtr_rts", DTR_RTS)
    layout = default_layout(len(seats))
    if "layout" in led:
        try:
            layout = layout_from_data(led["layout"])
        except ValueError as exc:
            raise ConfigError(str(exc), str(exc).split(":")[0]) from None
        if len(layout.seats) < len(seats):
            raise _fail("leds.layout.seats", f"needs a segment for each of the {len(seats)} seats")
    leds = Leds(_choice(led.get("backend", "auto"), "leds.backend", BACKENDS["leds"]), port,
                baud, layout, dtr_rts)

    d = _table(data, "display", {"width", "height", "rotation", "fullscreen"})
    rotation = d.get("rotation", 0)
    if type(rotation) is not int or rotation not in (0, 90, 180, 270):
        raise _fail("display.rotation", f"must be 0, 90, 180 or 270, not {shown(rotation)}",
                    "0, 90, 180, 270")
    fullscreen = d.get("fullscreen", "auto")
    if not isinstance(fullscreen, bool) and fullscreen != "auto":
        raise _fail("display.fullscreen", "must be true, false or \"auto\"",
                    'true, false, "auto"')
    display = Display(_int(d.get("width", 800), "display.width", 320, 7680),
                      _int(d.get("height", 480), "display.height", 240, 4320), rotation,
                      None if fullscreen == "auto" else fullscreen)
    return Config(language, data_dir, tuple(seats), buttons, leds, display, source,
                  tuple(warnings))


def check_data_dir(path: Path) -> Path:
    """The data directory (``data_dir``) must be a directory the companion can write in: it is
    made if missing; anything else (a file, a pseudo-file system, no permission) is a
    ``ConfigError`` naming the key. A card that is read-only or full is not the setting's
    fault: the store says so, and the companion waits for it to be fixed."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise ConfigError(f"data_dir: {path} is not a directory", key="data_dir") from None
    except OSError as exc:
        if exc.errno in (errno.EROFS, errno.ENOSPC, errno.EDQUOT):
            return path
        raise ConfigError(f"data_dir: cannot make the directory {path} "
                          f"({exc.strerror})", key="data_dir") from None
    if not path.is_dir():
        raise ConfigError(f"data_dir: {path} is not a directory", key="data_dir")
    probe = path / f".helvetia-probe-{os.getpid()}"
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        probe.unlink()
    except OSError as exc:
        if exc.errno in (errno.EROFS, errno.ENOSPC, errno.EDQUOT):
            return path
        raise ConfigError(f"data_dir: the companion cannot write in {path} "
                          f"({exc.strerror})", key="data_dir") from None
    return path


LANGUAGE_LINE = re.compile(r'^\s*language\s*=\s*"([a-z]{2})"', re.M)


def load_forgiving(explicit: str | None = None, env: Mapping[str, str] | None = None
                   ) -> tuple[Config, list[ConfigError]]:
    """The configuration, and what in it is wrong: each wrong setting is left out (its default
    is used) and the rest of the file still counts, so that the companion starts and can say
    on the panel what to correct. A file that cannot be read or is not TOML: all defaults,
    in the language its ``language = "xx"`` line names if that much can be read."""
    env = os.environ if env is None else env
    path = config_path(explicit, env)
    if path is None:
        return Config(data_dir=default_data_dir(env)), []
    try:
        data = read(path)
    except ConfigError as exc:
        language = "en"
        with contextlib.suppress(OSError, UnicodeDecodeError), path.open("rb") as f:
            found = LANGUAGE_LINE.search(f.read(MAX_FILE).decode("utf-8"))  # bounded too
            if found and found.group(1) in LANGUAGES:
                language = found.group(1)
        return Config(language=language, data_dir=default_data_dir(env), source=path), [exc]
    problems: list[ConfigError] = []
    while True:
        try:
            return parse(data, env, path), problems
        except ConfigError as exc:
            problems.append(exc)
            if exc.key is None or not _drop(data, exc.key) or len(problems) > 50:
                return Config(data_dir=default_data_dir(env), source=path), problems


def _drop(data: dict[str, Any], key: str) -> bool:
    """Leave the setting ``key`` out of ``data`` (a whole table's entry: ``buttons.pins.red``
    drops ``buttons.pins``, the pins all take their defaults); False if it is not there."""
    parts = key.split(".")[:2]
    where: Any = data
    for part in parts[:-1]:
        where = where.get(part) if isinstance(where, dict) else None
    if not isinstance(where, dict) or parts[-1] not in where:
        return False
    del where[parts[-1]]
    return True
