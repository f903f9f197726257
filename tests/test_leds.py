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


def test_layout_from_config_is_checked() -> None:
    layout = layout_from_data({"count": 30, "seats": [
        {"seat": 0, "quarters": [1, 2, 3, 4], "bar": [5, 20]}]})
    assert layout.seats[0].bar == (5, 20)
    with pytest.raises(ValueError, match=r"outside 0\.\.9"):
        layout_from_data({"count": 10, "seats": [
            {"seat": 0, "quarters": [1, 2, 3, 4], "bar": [5, 20]}]})
    with pytest.raises(ValueError, match="shares LEDs"):
        layout_from_data({"count": 60, "seats": [
            {"seat": 0, "quarters": [1, 2, 3, 4], "bar": [5, 20]},
            {"seat": 4, "quarters": [30, 31, 32, 33], "bar": [34, 20]}]})


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


def wait_for(condition, seconds: float = 5.0) -> bool:  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return False


def test_the_writer_on_a_pty_survives_an_unplug_and_finds_the_new_controller() -> None:
    controller = FakeController()
    where = [controller.path]
    writer = AdalightWriter(lambda: where[0], resend=0.2, backoff=(0.05, 0.2)).start()
    try:
        pixels = frame(state(), LAYOUT)
        writer.show(pixels)
        assert wait_for(lambda: len(controller.frames) >= 1)
        assert controller.frames[0] == pixels and not controller.errors
        assert wait_for(lambda: len(controller.frames) >= 3)  # resent while unchanged
        controller.unplug()
        writer.show([(9, 9, 9)] * LAYOUT.count)  # nothing reaches the app
        assert wait_for(lambda: writer.status.startswith(("lost", "cannot open")))
        replacement = FakeController()
        where[0] = replacement.path
        assert wait_for(lambda: len(replacement.frames) >= 1)
        assert replacement.frames[-1] == [(9, 9, 9)] * LAYOUT.count
        assert writer.status == f"connected to {replacement.path}"
        replacement.unplug()
    finally:
        writer.stop()


def test_a_missing_controller_is_a_status_not_an_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    writer = AdalightWriter(str(tmp_path / "ttyUSB9"), backoff=(0.05, 0.1)).start()
    writer.show([(1, 1, 1)])
    assert wait_for(lambda: writer.status.startswith("cannot open"))
    writer.stop()
    assert find_port("/dev/ttyACM0") == "/dev/ttyACM0"


def test_hwtest_lights_each_seat_in_turn(capsys) -> None:  # type: ignore[no-untyped-def]
    from companion.hw.check import run

    controller = FakeController()
    try:
        assert run(controller.path, 115200, {"red": 17}, seconds=0.6) == 0
    finally:
        controller.unplug()
    first = controller.frames[0]
    assert first[0] == PLAYER["red"] and first[25] == OFF  # seat 1 lit, seat 2 not yet
    assert controller.frames[-1] == [OFF] * 100  # dark again at the end
    out = capsys.readouterr().out
    assert f"LEDs: connected to {controller.path}" in out and "buttons: " in out


def test_segments_follow_the_seats_a_seat_nobody_plays_stays_dark() -> None:
    s = set_up(("red", "yellow"), start="red").state  # blue's seat (the 2nd) is empty
    px = frame(s, default_layout(4), seats=("red", "blue", "yellow", "white"))
    assert px[0] == PLAYER["red"]
    assert px[25:50] == [OFF] * 25
    assert px[50 + 1] == CALM  # yellow's village, on the third segment
