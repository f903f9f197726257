"""The journal tells the hardware story: one line at start for the buttons (backend, pins)
and the LEDs (port, or where it looked), one line when the LED controller is lost and one when
it comes back; never a line per retry."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.hw.adalight import BY_ID
from tests.fake_controller import FakeController

PINS = {"red": 17, "blue": 27}


class Journal:
    """What the app said about its hardware so far (standard error, the journal under systemd)."""

    def __init__(self, capsys: pytest.CaptureFixture[str]) -> None:
        self.capsys = capsys
        self.lines: list[str] = []

    def read(self) -> list[str]:
        self.lines += [line for line in self.capsys.readouterr().err.splitlines()
                       if line.startswith(("helvetia: buttons:", "helvetia: LEDs:"))]
        return self.lines

    def wait_for(self, count: int, seconds: float = 20.0) -> list[str]:
        end = time.monotonic() + seconds
        while time.monotonic() < end and len(self.read()) < count:
            time.sleep(0.02)
        return self.read()


def wait_until(condition: Callable[[], bool], seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not condition():
        time.sleep(0.02)
    return condition()


def test_gpio_buttons_and_a_controller_lost_and_back(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    journal = Journal(capsys)
    wled = FakeController()
    link = tmp_path / "ttyLED"  # a by-id name that follows the controller to its new pty
    link.symlink_to(wled.path)
    Device.pin_factory = MockFactory()
    try:
        app = App(Config(data_dir=tmp_path, seats=("red", "blue"),
                         buttons=Buttons(backend="gpio", pins=PINS),
                         leds=Leds(backend="auto", port=str(link))))
    finally:
        Device.pin_factory = None
    try:
        app.step(0)
        assert journal.wait_for(3) == [
            "helvetia: buttons: GPIO through gpiozero's MockFactory, BCM pins red=17, blue=27",
            f"helvetia: LEDs: Adalight at 115200 baud on {link}",
            f"helvetia: LEDs: connected to {link}"]
        # Unplugged, its by-id name goes (udev removes the link): the pty's name is free for
        # the next pty anyone opens, and a link left behind would lead to that one.
        wled.unplug()  # the writer's next resend (within a second) finds it gone
        link.unlink()
        assert journal.wait_for(4)[3].startswith(
            f"helvetia: LEDs: lost the LED controller on {link}: ")
        assert app.writer is not None
        tried = app.writer.attempts
        assert wait_until(lambda: app.writer is not None and app.writer.attempts >= tried + 3)
        assert len(journal.read()) == 4  # two failed attempts told (and the third begun): silent
        shown = len(wled.frames)
        wled.plug()
        link.symlink_to(wled.path)
        assert journal.wait_for(5)[4] == f"helvetia: LEDs: the LED controller is back on {link}"
        assert wled.wait_for(lambda: len(wled.frames) > shown)  # the owed frame, on the new pty
    finally:
        app.close()
        wled.unplug()
    assert len(journal.read()) == 5


def test_no_gpio_and_no_controller_say_so_and_where_it_looked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    """GPIO asked for where there is none (this machine: no lgpio, no gpiochip), and no LED
    controller under /dev/serial/by-id: the keys and the drawn strip, each said once."""
    monkeypatch.setattr("companion.hw.adalight.BY_ID", str(tmp_path / "by-id" / "*"))
    monkeypatch.setattr("companion.hw.story.BY_ID", str(tmp_path / "by-id" / "*"))
    app = App(Config(data_dir=tmp_path, seats=("red", "blue"),
                     buttons=Buttons(backend="gpio", pins=PINS), leds=Leds()))
    app.close()
    buttons, leds = Journal(capsys).read()
    assert buttons.startswith("helvetia: buttons: GPIO is not available (")
    assert buttons.endswith("the keys 1-4 instead, BCM pins red=17, blue=27 unused. "
                            "Try them: helvetia hwtest")
    assert leds == (f'helvetia: LEDs: no LED controller found (looked in {tmp_path}/by-id/*, '
                    f'leds.port = "auto"); drawn on the screen instead. Plug it in and '
                    f'restart, or try: helvetia hwtest')
    assert BY_ID == "/dev/serial/by-id/*"
