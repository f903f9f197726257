"""The configuration: the README's example, defaults, and an error for every bad value."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.config import Config, ConfigError, load, parse

README = Path(__file__).resolve().parent.parent.parent / "README.md"
SEATS_4 = "seats = [" + ", ".join(
    f"{{ seat = {25 * i}, quarters = [{25 * i + 1}, {25 * i + 2}, {25 * i + 3}, {25 * i + 4}], "
    f"bar = [{25 * i + 5}, 20] }}" for i in range(4)) + "]"


def readme_example() -> str:
    text = README.read_text()
    section = text[text.index("## Configuration"):]
    found = re.search(r"```toml\n(.*?)```", section, re.S)
    assert found
    return found.group(1)


def test_the_readme_example_parses_to_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(readme_example())
    env = {"HOME": str(tmp_path)}
    config = load(str(path), env)
    assert config == Config(data_dir=tmp_path / ".local/share/helvetia", source=path)
    assert config.buttons.pins == {"red": 17, "blue": 27, "yellow": 22, "white": 23}
    assert config.leds.layout.count == 100


def test_defaults_without_a_file(tmp_path: Path) -> None:
    config = load(None, {"HOME": str(tmp_path)})
    assert config.source is None and config.display.width == 800
    assert load(None, {"STATE_DIRECTORY": "/var/lib/helvetia"}).data_dir == \
        Path("/var/lib/helvetia")
    assert load(None, {"XDG_DATA_HOME": str(tmp_path)}).data_dir == tmp_path / "helvetia"


@pytest.mark.parametrize(("toml", "message"), [
    ('language = "nl"', "language: must be one of 'en', 'de', 'fr', 'it', 'es', not 'nl'"),
    ("colour = 1", "colour: is not a setting"),
    ("data_dir = 3", "data_dir: must be a directory path"),
    ('[seats]\ncolours = ["red"]', "seats.colours: must list 2 to 4 different colours"),
    ('[seats]\ncolours = ["red", "red"]', "seats.colours: must list 2 to 4 different"),
    ('[seats]\ncolours = ["red", "green"]', "seats.colours: must list 2 to 4 different"),
    ("[buttons]\npins = { red = 40 }", "buttons.pins.red: must be a whole number from 2 to 27"),
    ('[buttons]\npins = { red = "17" }', "buttons.pins.red: must be a whole number"),
    ("[buttons]\npins = { red = 17, blue = 17 }", "buttons.pins: two buttons share a pin"),
    ('[seats]\ncolours = ["red", "blue"]\n[buttons]\npins = { white = 17 }',
     "buttons.pins.white: is not a colour in seats.colours"),
    ("[buttons]\nnext_pin = 17", "buttons.pins: two buttons share a pin"),
    ('[buttons]\nbackend = "usb"', "buttons.backend: must be one of 'auto', 'gpio'"),
    ("[buttons]\nhold_time = 0.1", "buttons.hold_time: must be a number from 0.5 to 5.0"),
    ("[buttons]\nbounce_time = 0.2", "buttons.bounce_time: must be a number from 0.02"),
    ("[buttons]\ncolour = 1", "buttons.colour: is not a setting"),
    ("[leds]\nbaud = 1234", "leds.baud: must be one of WLED's serial speeds, 115200, 230400, "
     "460800, 500000, 576000, 921600, 1000000, 1500000, not 1234"),
    ("[leds]\nbaud = 57600", "leds.baud: must be one of WLED's serial speeds"),
    ("[leds]\nbaud = 115200.0", "leds.baud: must be one of WLED's serial speeds"),
    ("[leds]\nbaud = true", "leds.baud: must be one of WLED's serial speeds"),
    ('[leds]\nport = ""', 'leds.port: must be "auto" or a serial device'),
    ('[leds]\nport = "socket://example.org:7777"', 'leds.port: must be "auto" or a serial'),
    ('[leds]\nport = "rfc2217://10.0.0.1:2217"', 'leds.port: must be "auto" or a serial'),
    ('[leds]\nport = "loop://"', 'leds.port: must be "auto" or a serial device'),
    ('[leds]\nport = "spy:///dev/ttyUSB0"', 'leds.port: must be "auto" or a serial device'),
    ('[leds]\nport = "/dev/../etc/passwd"', 'leds.port: must be "auto" or a serial device'),
    ('[leds]\nport = "ttyUSB0"', 'leds.port: must be "auto" or a serial device'),
    ('[leds]\nport = "/dev/ttyUSB0\\u0000"', 'leds.port: must be "auto" or a serial device'),
    ("[leds]\nport = 0", 'leds.port: must be "auto" or a serial device'),
    ('[leds]\nbackend = "wifi"', "leds.backend: must be one of"),
    ('[leds]\ndtr_rts = "pulse"', "leds.dtr_rts: must be one of 'high', 'low', not 'pulse'"),
    ("[leds]\ndtr_rts = false", "leds.dtr_rts: must be one of 'high', 'low', not False"),
    ("[leds]\nlayout = { count = 10 }", "leds.layout.seats: must list 2 to 4 seat segments"),
    ("[leds]\nlayout = 3", "leds.layout: must be a table"),
    ("[leds.layout]\ncount = 10\nseats = [{ seat = 0, quarters = [1, 2, 3, 4], bar = [5, 20] }]",
     "leds.layout.seats: must list 2 to 4 seat segments (tables), not 1 of them"),
    ("[leds.layout]\ncount = 100\nseats = 5", "leds.layout.seats: must list 2 to 4"),
    ("[leds.layout]\ncount = 100000\n" + SEATS_4, "leds.layout.count: must be a whole number "
     "from 1 to 65536, not 100000"),
    ("[leds.layout]\ncount = 100.0\n" + SEATS_4, "leds.layout.count: must be a whole number"),
    ("[leds.layout]\ncount = " + "9" * 4000 + "\n" + SEATS_4,
     "leds.layout.count: must be a whole number from 1 to 65536, not a number far too large"),
    ("[leds.layout]\ncount = 100\nbrightness = 3\n" + SEATS_4,
     "leds.layout.brightness: is not a setting"),
    ("[leds.layout]\ncount = 100\n" + SEATS_4.replace("bar = [80, 20]",
                                                        "bar = [80, 20], gamma = 2"),
     "leds.layout.seats[3].gamma: is not a setting"),
    ("[leds.layout]\ncount = 100\n" + SEATS_4.replace("bar = [80, 20]",
                                                        "bar = [80, " + "9" * 3000 + "]"),
     "leds.layout.seats[3].bar[1]: must be a whole number from 1 to 20, not a number far"),
    ("[leds.layout]\ncount = 100\n" + SEATS_4.replace("seat = 75", "seat = 75.0"),
     "leds.layout.seats[3].seat: must be a whole number from 0 to 99, not 75.0"),
    ('[seats]\ncolours = ["red", "blue", "yellow"]\n[leds.layout]\ncount = 50\nseats = ['
     '{ seat = 0, quarters = [1, 2, 3, 4], bar = [5, 20] }, '
     '{ seat = 25, quarters = [26, 27, 28, 29], bar = [30, 20] }]',
     "leds.layout.seats: needs a segment for each of the 3 seats"),
    ("[display]\nrotation = 45", "display.rotation: must be 0, 90, 180 or 270, not 45"),
    ("[display]\nrotation = false", "display.rotation: must be 0, 90, 180 or 270, not False"),
    ("[display]\nrotation = 90.0", "display.rotation: must be 0, 90, 180 or 270, not 90.0"),
    ("[display]\nfullscreen = 1", 'display.fullscreen: must be true, false or "auto"'),
    ("[display]\nwidth = 800.0", "display.width: must be a whole number from 320 to 7680"),
    ("[display]\nwidth = " + "9" * 4000, "display.width: must be a whole number from 320 to "
     "7680, not a number far too large"),
    ("[display]\nheight = true", "display.height: must be a whole number"),
    ("[display]\ndepth = 24", "display.depth: is not a setting"),
    ("[buttons]\npins = { red = 17.0 }", "buttons.pins.red: must be a whole number"),
    ("[buttons]\npins = { red = true }", "buttons.pins.red: must be a whole number"),
    ("[buttons]\nnext_pin = 24.5", "buttons.next_pin: must be a whole number"),
    ("[buttons]\nhold_time = true", "buttons.hold_time: must be a number from 0.5 to 5.0"),
    ("[buttons]\nhold_time = nan", "buttons.hold_time: must be a number from 0.5 to 5.0"),
    ("[buttons]\nbounce_time = inf", "buttons.bounce_time: must be a number from 0.02"),
    ("[seats]\nplayers = 4", "seats.players: is not a setting"),
    ("[seats]\ncolours = [1, 2]", "seats.colours: must list 2 to 4 different colours"),
    ("[seats]\ncolours = [[], {}]", "seats.colours: must list 2 to 4 different colours"),
    ('language = ["de"]', "language: must be one of"),
    ('data_dir = ""', "data_dir: must be a directory path"),
    ('data_dir = "/var/lib/\\u0000x"', "data_dir: must be a directory path"),
    ("[display]\nwidth = 100", "display.width: must be a whole number from 320"),
    ('[display]\nfullscreen = "yes"', 'display.fullscreen: must be true, false or "auto"'),
    ("display = 3", "display: must be a table"),
])
def test_every_bad_value_names_its_key(toml: str, message: str) -> None:
    import tomllib

    with pytest.raises(ConfigError) as info:
        parse(tomllib.loads(toml), {"HOME": "/home/x"})
    assert str(info.value).startswith(message), str(info.value)


def test_a_file_that_is_not_toml_or_missing(tmp_path: Path) -> None:
    bad = tmp_path / "config.toml"
    bad.write_text("language = \n")
    with pytest.raises(ConfigError, match="is not valid TOML"):
        load(str(bad), {})
    with pytest.raises(ConfigError, match="cannot read the configuration"):
        load(str(tmp_path / "none.toml"), {})


def test_a_full_custom_file_parses(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[seats]\ncolours = ["blue", "red"]\n[buttons]\npins = { red = 5, blue = 6 }\n'
                    '[leds]\nbackend = "serial"\nport = "/dev/serial/by-id/usb-Espressif-if00"\n'
                    'baud = 921600\ndtr_rts = "low"\n[leds.layout]\ncount = 65536\n'
                    'seats = [{ seat = 0, quarters = [1, 2, 3, 4], bar = [5, 20] }, '
                    '{ seat = 65535, quarters = [25, 26, 27, 28], bar = [29, 65506] }]\n'
                    "[display]\nrotation = 90\nfullscreen = false\n")
    config = load(str(path), {"HOME": str(tmp_path)})
    assert config.leds.baud == 921600 and config.leds.dtr_rts == "low"
    assert config.leds.port == "/dev/serial/by-id/usb-Espressif-if00"
    assert config.leds.layout.count == 65536 and config.leds.layout.seats[1].bar == (29, 65506)
    assert config.display.rotation == 90 and config.display.fullscreen is False
    assert config.warnings == ()
    assert Config().leds.dtr_rts == "high" and Config().leds.baud == 115200


@pytest.mark.parametrize(("toml", "warned"), [
    ("[buttons]\npins = { red = 2, blue = 3, yellow = 14, white = 15 }",
     ["buttons.pins.red = 2: GPIO2 is I2C's data line",
      "buttons.pins.blue = 3: GPIO3 is I2C's clock line",
      "buttons.pins.yellow = 14: GPIO14 is the serial console's transmit line",
      "buttons.pins.white = 15: GPIO15 is the serial console's receive line"]),
    ("[buttons]\nnext_pin = 3", ["buttons.next_pin = 3: GPIO3 is I2C's clock line"]),
    ("[buttons]\npins = { red = 4, blue = 5 }\nnext_pin = 16", []),
])
def test_a_button_on_a_pin_the_pi_uses_is_warned_of(toml: str, warned: list[str]) -> None:
    import tomllib

    config = parse(tomllib.loads(toml), {"HOME": "/home/x"})
    assert [w[:len(start)] for w, start in zip(config.warnings, warned, strict=True)] == warned
    for w in config.warnings:  # each says what to do
        assert "Choose a free pin" in w and "raspi-config" in w


@pytest.mark.parametrize(("content", "message"), [
    (b"[display]\nwidth = " + b"9" * 5000 + b"\n", "a number in it is far too long"),
    (b"a = " + b"[" * 100_000 + b"]" * 100_000 + b"\n", "is not valid TOML"),
    (b"language = \"\xff\"\n", "not UTF-8"),
    (b"# " + b"x" * (2 << 20) + b"\n", "larger than a configuration can be"),
])
def test_hostile_files_are_refused_cleanly(tmp_path: Path, content: bytes, message: str
                                           ) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(content)
    with pytest.raises(ConfigError, match=message):
        load(str(path), {})
