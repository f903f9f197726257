"""The configuration: the README's example, defaults, and an error for every bad value."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.config import Config, ConfigError, load, parse

README = Path(__file__).resolve().parent.parent / "README.md"


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
    ('language = "fr"', "language: must be one of 'en', 'de', not 'fr'"),
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
    ("[leds]\nbaud = 1234", "leds.baud: must be a standard serial speed"),
    ('[leds]\nport = ""', 'leds.port: must be "auto" or a serial port'),
    ('[leds]\nbackend = "wifi"', "leds.backend: must be one of"),
    ("[leds]\nlayout = { count = 10 }", "leds.layout.seats: needs a segment for each of the 4"),
    ("[leds.layout]\ncount = 10\nseats = [{ seat = 0, quarters = [1, 2, 3, 4], bar = [5, 20] }]",
     "leds.layout.seats[0] uses an LED index outside 0..9"),
    ("[display]\nrotation = 45", "display.rotation: must be 0, 90, 180 or 270, not 45"),
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
