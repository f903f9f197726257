"""LED frames from game states, the Adalight encoding, and the writer on a pty and loop://."""

from __future__ import annotations

import time

import pytest
import serial

from companion.engine import GameState
from companion.hw.adalight import AdalightWriter, encode, find_port
from companion.hw.leds import (
    CALM,
    OFF,
    PLAYER,
    START_MARK,
    WARNING,
    bars_between,
    default_layout,
    frame,
    layout_from_data,
    scale,
)
from tests.fake_controller import FakeController
from tests.helpers import LEFT, Table, set_up, step

LAYOUT = default_layout(3)


def state() -> GameState:
    return set_up(("red", "blue", "yellow"), start="blue").state


def test_all_awake_quarters_are_calm_and_empty_ones_dark() -> None:
    px = frame(state(), LAYOUT)
    # Red's village: buildings at top (0,-1), left side (-1,0) and corner (-1,-1): all in the
    # left quarters; the right ones are empty.
    assert [px[i] for i in LAYOUT.seats[0].quarters] == [CALM, OFF, CALM, OFF]


def test_sleepers_in_a_side_building_light_two_quarters() -> None:
    t = Table(set_up(("red", "blue", "yellow"), start="red").state)
    t.turn("red", "carter", {"type": "deliver", "chain": [step("red", LEFT, "wood")]},
           end=False)  # Red's woman on its Woodcutter, the left side building, sleeps
    px = frame(t.state, LAYOUT)
    assert [px[i] for i in LAYOUT.seats[0].quarters] == \
        [scale(WARNING, 0.35), OFF, scale(WARNING, 0.35), OFF]


def test_seat_leds_and_vp_bars() -> None:
    s = state().clone()
    s.track = {"red": 10, "blue": 0, "yellow": 25}
    px = frame(s, LAYOUT)
    red, blue, yellow = LAYOUT.seats
    assert px[blue.seat] == PLAYER["blue"]  # its turn (and the start player)
    assert px[red.seat] == OFF and px[yellow.seat] == OFF
    first, length = red.bar
    assert px[first:first + length] == [scale(PLAYER["red"], 0.3)] * 10 + [OFF] * 10
    assert px[yellow.bar[0] + 19] == scale(PLAYER["yellow"], 0.3)  # beyond 20: a full bar
    s.active = "red"
    assert frame(s, LAYOUT)[blue.seat] == START_MARK


def test_round_end_bars_fill_and_the_winner_pulses() -> None:
    s = state().clone()
    half = bars_between({"red": 4}, {"red": 8, "blue": 2}, 0.5)
    assert half == {"red": 6.0, "blue": 1.0}
    s.winners = ["red"]
    low = frame(s, LAYOUT, t=0.9)  # sin minimum: 30 %
    high = frame(s, LAYOUT, t=0.3)  # sin maximum: 100 %
    seat = LAYOUT.seats[0].seat
    assert low[seat] == scale(PLAYER["red"], 0.3) and high[seat] == PLAYER["red"]


SEG0 = {"seat": 0, "quarters": [1, 2, 3, 4], "bar": [5, 20]}
SEG1 = {"seat": 25, "quarters": [26, 27, 28, 29], "bar": [30, 20]}


def test_layout_from_config_is_checked() -> None:
    layout = layout_from_data({"count": 50, "seats": [SEG0, SEG1]})
    assert layout.seats[1].bar == (30, 20) and layout.count == 50


@pytest.mark.parametrize(("data", "message"), [
    ({"count": 10, "seats": [SEG0, SEG1]},
     r"leds\.layout\.seats\[0\]\.bar\[1\]: must be a whole number from 1 to 5, not 20"),
    ({"count": 60, "seats": [SEG0, {**SEG1, "seat": 4}]}, "shares LEDs"),
    ({"count": 60, "seats": [SEG0, {**SEG1, "quarters": [26, 26, 27, 28]}]}, "shares LEDs"),
    ({"count": 100000, "seats": [SEG0, SEG1]},
     "leds.layout.count: must be a whole number from 1 to 65536, not 100000"),
    ({"count": 10 ** 5000, "seats": [SEG0, SEG1]}, "not a number far too large"),
    ({"count": 50.0, "seats": [SEG0, SEG1]}, "leds.layout.count: must be a whole number"),
    ({"count": True, "seats": [SEG0, SEG1]}, "leds.layout.count: must be a whole number"),
    ({"count": 50, "seats": 5}, "leds.layout.seats: must list 2 to 4 seat segments"),
    ({"count": 50, "seats": [SEG0]}, "not 1 of them"),
    ({"count": 200, "seats": [SEG0, SEG1, SEG0, SEG1, SEG0]}, "not 5 of them"),
    ({"count": 50, "seats": [SEG0, SEG1], "colour": 1}, "leds.layout.colour: is not a setting"),
    ({"count": 50, "seats": [SEG0, {**SEG1, "extra": 1}]},
     r"leds.layout.seats\[1\].extra: is not a setting"),
    ({"count": 50, "seats": [SEG0, {"seat": 25, "bar": [30, 20]}]}, "needs 'seat', 4"),
    ({"count": 50, "seats": [SEG0, 7]}, "needs 'seat', 4"),
    ({"count": 50, "seats": [SEG0, {**SEG1, "seat": 25.0}]},
     r"seats\[1\].seat: must be a whole number"),
    ({"count": 50, "seats": [SEG0, {**SEG1, "seat": "25"}]}, r"seats\[1\].seat: must be"),
    ({"count": 50, "seats": [SEG0, {**SEG1, "quarters": [26, 27, 28]}]}, "must list 4 LED"),
    ({"count": 50, "seats": [SEG0, {**SEG1, "bar": [30]}]}, r"bar: must be \[first LED"),
    ({"count": 50, "seats": [SEG0, {**SEG1, "bar": [30, 10 ** 18]}]},
     r"bar\[1\]: must be a whole number from 1 to 20, not a number far too large"),
    ({"count": 50, "seats": [SEG0, {**SEG1, "bar": [30, 21]}]}, r"bar\[1\]: .* 1 to 20"),
    ({"count": 50, "seats": [SEG0, {**SEG1, "bar": [-1, 2]}]}, r"bar\[0\]: .* 0 to 49"),
    ("ten", "leds.layout: must be a table"),
])
def test_every_bad_layout_is_refused_by_name(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        layout_from_data(data)


def test_adalight_frames_on_loop() -> None:
    pixels = [(1, 2, 3)] * 99 + [(255, 0, 128)]
    data = encode(pixels)
    assert data[:6] == b"Ada" + bytes((0x00, 0x63, 0x00 ^ 0x63 ^ 0x55))
    port = serial.serial_for_url("loop://", timeout=1)
    port.write(data)
    assert port.read(len(data)) == data
    assert len(data) == 6 + 300
    with pytest.raises(ValueError):
        encode([])


def test_a_missing_controller_is_a_status_not_an_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    writer = AdalightWriter(str(tmp_path / "ttyUSB9"), backoff=(0.05, 0.1)).start()
    writer.show([(1, 1, 1)])
    end = time.monotonic() + 20
    while not writer.status.startswith("cannot open") and time.monotonic() < end:
        time.sleep(0.01)
    writer.stop()
    assert writer.status.startswith("cannot open") and writer.opened == 0
    assert find_port("/dev/ttyACM0") == "/dev/ttyACM0"


def test_hwtest_lights_each_seat_in_turn(capsys) -> None:  # type: ignore[no-untyped-def]
    from companion.hw.check import run

    controller = FakeController()
    try:
        assert run(controller.path, 115200, {"red": 17, "blue": 14}, seconds=0.6) == 0
    finally:
        controller.unplug()
    first = controller.frames[0]
    assert first[0] == PLAYER["red"] and first[25] == OFF  # seat 1 lit, seat 2 not yet
    assert controller.frames[-1] == [OFF] * 100  # dark again at the end
    assert controller.errors == []
    out = capsys.readouterr().out
    assert f"LEDs: connected to {controller.path}" in out and "buttons: " in out
    assert "warning: buttons.pins.blue = 14: GPIO14 is the serial console's" in out


def test_segments_follow_the_seats_a_seat_nobody_plays_stays_dark() -> None:
    s = set_up(("red", "yellow"), start="red").state  # blue's seat (the 2nd) is empty
    px = frame(s, default_layout(4), seats=("red", "blue", "yellow", "white"))
    assert px[0] == PLAYER["red"]
    assert px[25:50] == [OFF] * 25
    assert px[50 + 1] == CALM  # yellow's village, on the third segment
