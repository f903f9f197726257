"""The serial link to WLED, through a pty pair and a port of WLED's own parser
(tests/wled_parser.py): cut frames, resynchronisation, the clamped command bytes, the open
attempts while unplugged, recovery after a replug, and what the app puts on the wire.

Nothing here asserts a duration: each test waits for a condition with a generous timeout.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.hw.adalight import BACKOFF, RESEND, AdalightWriter, encode, resync
from companion.hw.leds import OFF, PLAYER, default_layout
from tests.fake_controller import FakeController
from tests.wled_parser import BAUD_COMMANDS, WledParser

RGB = tuple[int, int, int]
LAYOUT = default_layout(4)
COMMAND_BYTES = set(BAUD_COMMANDS)


def wait_for(condition: Callable[[], bool], seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def on_the_wire(pixels: list[RGB]) -> list[RGB]:
    """The pixels as the frame carries them (clamped)."""
    body = encode(pixels)[6:]
    return [tuple(body[i:i + 3]) for i in range(0, len(body), 3)]  # type: ignore[misc]


def pulse(level: int) -> list[RGB]:
    """A frame full of one grey: values that, read as commands, would do harm."""
    return [(level, level, level)] * LAYOUT.count


# --- the bytes ------------------------------------------------------------------------------


@given(st.lists(st.tuples(*[st.integers(0, 255)] * 3), min_size=1, max_size=300))
def test_no_pixel_byte_is_a_baud_command_and_none_moves_by_more_than_4(pixels: list[RGB]
                                                                       ) -> None:
    data = encode(pixels)
    assert not COMMAND_BYTES & set(data[6:])
    for sent, meant in zip(on_the_wire(pixels), pixels, strict=True):
        assert all(abs(a - b) <= 4 for a, b in zip(sent, meant, strict=True))
    assert on_the_wire([(0xB3, 0xB4, 0xB7)]) == [(0xAF, 0xB8, 0xB8)]


def cut_states(count: int) -> list[WledParser]:
    """WLED's parser after prefixes of a frame of ``count`` LEDs: every cut in the header and
    the first pixels, and cuts at each colour of a pixel in the middle and at the end."""
    out = []
    frame = encode([(0, 0, 0)] * count)
    n = len(frame)
    for cut in sorted({*range(min(n, 12) + 1), n // 2, n // 2 + 1, n // 2 + 2, n - 2, n - 1, n}):
        p = WledParser()
        p.feed(frame[:cut])
        out.append(p)
    return out


@pytest.mark.parametrize("count", [1, 85, 86, 100, 256, 0x5501])
def test_a_resync_brings_the_parser_between_frames_from_any_cut(count: int) -> None:
    """Zeros finish any cut frame of ours and are no command between frames; 86 LEDs (count
    byte 0x55: check byte 0) and 0x5501 (high byte 0x55) are the headers a zero can pass."""
    for p in cut_states(count):
        p.feed(resync(count))
        assert p.between_frames and not p.commands
        shown = len(p.frames)
        p.feed(encode(pulse(7)[:count]))
        assert len(p.frames) == shown + 1 and p.frames[-1] == pulse(7)[:count]


# --- the writer on a pty -----------------------------------------------------------------------


class Cable:
    """Where the writer finds the controller: the path of the pty plugged in now, if any;
    records the time of every open attempt."""

    def __init__(self, controller: FakeController | None) -> None:
        self.controller = controller
        self.attempts: list[float] = []
        self.lock = threading.Lock()

    def __call__(self) -> str | None:
        with self.lock:
            self.attempts.append(time.monotonic())
            return self.controller.path if self.controller else None


def test_a_frame_cut_by_an_unplug_is_followed_by_frames_wled_reads() -> None:
    wled = FakeController()
    cable = Cable(wled)
    # No resends here: the bytes on the cable are the frames shown, and nothing else.
    writer = AdalightWriter(cable, resend=60, backoff=(0.05, 0.2)).start()
    try:
        first = pulse(20)
        writer.show(first)
        assert wled.wait_for(lambda: len(wled.frames) >= 1)
        assert wled.frames[0] == first
        # The next frame is cut after 100 of its 306 bytes; then the cable is pulled.
        wled.cut_at = len(wled.received) + 100
        cut = pulse(0xB5)  # 181: a baud command, were it read between frames
        writer.show(cut)
        assert wled.wait_for(lambda: len(wled.received) >= wled.cut_at)  # type: ignore[operator]
        assert not wled.parser.between_frames
        wled.unplug()
        cable.controller = None
        after = pulse(0x7B)  # '{': WLED's JSON command, were it read between frames
        writer.show(after)
        assert wait_for(lambda: writer.status.startswith(("lost", "no LED")))
        shown = len(wled.frames)
        wled.cut_at = None
        wled.plug()  # the same WLED (its own power), a new cable
        cable.controller = wled
        assert wled.wait_for(lambda: wled.frames[-1:] == [on_the_wire(after)])
        assert wled.errors == [] and wled.parser.baud == 115200
        # At most one frame between: the cut one, finished with dark pixels.
        between = wled.frames[shown:-1]
        assert len(between) <= 1
        for f in between:
            assert set(f[:30]) == {on_the_wire(cut)[0]} and f[-1] == OFF
        writer.show(first)
        assert wled.wait_for(lambda: wled.frames[-1] == first)
    finally:
        writer.stop()
        wled.unplug()


def test_the_old_way_without_a_resync_loses_the_link() -> None:
    """What the resync prevents, on the same parser: the cut frame swallows the next one's
    head, and its pixels are read as commands between frames."""
    p = WledParser()
    frame = encode(pulse(0xB5))
    p.feed(frame[:100])
    raw = b"Ada" + frame[3:6] + bytes([0xB5]) * 3 * LAYOUT.count  # no clamp, no resync
    p.feed(raw * 2)
    assert p.baud != 115200 and p.noise


def test_open_attempts_while_unplugged_keep_to_the_backoff_even_in_an_animation(
        tmp_path: Path) -> None:
    cable = Cable(None)
    steps = (0.05, 0.2)
    writer = AdalightWriter(cable, backoff=steps).start()
    try:
        t = 0
        while len(cable.attempts) < 8:  # an animation: a frame every few milliseconds
            writer.show(pulse(t % 256))
            t += 1
            time.sleep(0.003)
        with cable.lock:
            attempts = list(cable.attempts)
    finally:
        writer.stop()  # one last try for the frame still owed
    assert len(cable.attempts) <= len(attempts) + 1
    pauses = [b - a for a, b in pairwise(attempts)]
    expected = [min(steps[0] * 2 ** i, steps[1]) for i in range(len(pauses))]
    assert all(p >= e for p, e in zip(pauses, expected, strict=True)), (pauses, expected)
    assert writer.status == "no LED controller found" and writer.opened == 0


def test_an_idle_table_gets_its_frame_back_at_the_first_attempt_after_a_replug() -> None:
    """Idle: one frame shown, nothing after. After an unplug the writer notices at its next
    resend and tries again with pauses of at most BACKOFF[1] (the frame is owed); the first
    attempt after the replug connects and writes the frame. So a replug is found within
    BACKOFF[1] s (benchmarks/serial_replug.py measures it)."""
    assert BACKOFF[1] <= 1.0 and RESEND <= 1.0
    wled = FakeController()
    cable = Cable(wled)
    writer = AdalightWriter(cable).start()  # the app's own timing
    try:
        table = pulse(40)
        writer.show(table)
        assert wled.wait_for(lambda: wled.frames[-1:] == [table])
        wled.unplug()
        cable.controller = None
        assert wait_for(lambda: len(cable.attempts) >= 4)  # detected at a resend; retrying
        shown = len(wled.frames)
        with cable.lock:  # plugged in between two attempts
            wled.plug()
            attempts = len(cable.attempts)
            cable.controller = wled
        assert wled.wait_for(lambda: wled.frames[shown:] == [table])
        assert len(cable.attempts) == attempts + 1 and writer.opened == 2
        assert wled.errors == []
    finally:
        writer.stop()
        wled.unplug()


def test_a_controller_that_stops_reading_is_dropped_and_found_again() -> None:
    """A controller that takes no data (a stalled USB port) does not hang the writer: the
    frame's deadline passes, the port is closed and opened again."""
    wled = FakeController()
    wled.cut_at = 0  # reads nothing
    # A fast line, so that a frame's deadline (twice its time on the wire) passes soon.
    writer = AdalightWriter(lambda: wled.path, 1500000, resend=0.05,
                            backoff=(0.05, 0.1)).start()
    big = [(1, 2, 3)] * 40000  # 120 kB, and as much again to resync: more than a pty buffers
    try:
        writer.show(big)
        assert wait_for(lambda: writer.opened >= 2)
        assert writer.status.startswith(("connected", "lost"))
        wled.cut_at = None
        assert wled.wait_for(lambda: wled.frames[-1:] == [big])
        assert wled.errors == []
    finally:
        writer.stop()
        wled.unplug()


def test_stop_sends_the_last_frame_and_the_lines_stay_up(tmp_path: Path) -> None:
    wled = FakeController()
    writer = AdalightWriter(wled.path).start()
    try:
        writer.show(pulse(1))
        writer.show([OFF] * LAYOUT.count)
        writer.stop()  # at once: the last frame shown is still owed
        assert wled.wait_for(lambda: wled.frames[-1:] == [[OFF] * LAYOUT.count], 5), (
            writer.status, writer.attempts, writer.opened, writer.frames_written,
            len(wled.received), len(wled.frames), wled.parser.state, wled.errors,
            [f[0] for f in wled.frames])
        import termios

        fd = os.open(wled.path, os.O_RDWR | os.O_NOCTTY)
        try:  # HUPCL cleared: closing the port does not drop DTR/RTS, so no later open
            assert not termios.tcgetattr(fd)[2] & termios.HUPCL  # pulses them
        finally:
            os.close(fd)
    finally:
        wled.unplug()


def test_dtr_rts_choices() -> None:
    with pytest.raises(ValueError):
        AdalightWriter("/dev/null", dtr_rts="pulse")
    wled = FakeController()
    writer = AdalightWriter(wled.path, dtr_rts="low").start()
    try:  # a pty has no modem lines: "low" still connects and sends
        writer.show(pulse(3))
        assert wled.wait_for(lambda: wled.frames[-1:] == [pulse(3)])
    finally:
        writer.stop()
        wled.unplug()


# --- the app ------------------------------------------------------------------------------


@pytest.fixture
def sdl(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


def serial_app(tmp_path: Path, wled: FakeController, clock: Callable[[], float]):  # type: ignore[no-untyped-def]
    from companion.config import Buttons, Config, Leds
    from companion.display.app.loop import App
    config = Config(data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                    leds=Leds(backend="serial", port=wled.path, layout=LAYOUT))
    return App(config, clock=clock)


def test_the_app_sends_the_current_frame_at_start(tmp_path: Path, sdl: None) -> None:
    wled = FakeController()
    app = serial_app(tmp_path, wled, time.monotonic)
    try:  # no action, no touch: the strip is set at start (dark: no game yet)
        assert wled.wait_for(lambda: wled.frames[-1:] == [[OFF] * LAYOUT.count])
    finally:
        app.close()
        wled.unplug()


def test_the_winners_pulse_reaches_the_wire(tmp_path: Path, sdl: None) -> None:
    from companion.session import Session

    lines = (Path(__file__).parent.parent / "data" / "game-2p.jsonl").read_text().splitlines()
    wled = FakeController()
    now = [0.0]
    app = serial_app(tmp_path, wled, lambda: now[0])
    try:
        assert app.store is not None
        session = Session.start(app.store, json.loads(lines[0]))
        for line in lines[1:]:
            session.apply(json.loads(line))
        assert session.state.game_over and session.state.winners == ["red"]
        app.session = session
        app.after_change()
        seat = LAYOUT.seats[0].seat  # red plays the first seat
        seen: set[RGB] = set()

        def levels() -> bool:
            seen.update(f[seat] for f in wled.frames)
            return len(seen) >= 4

        for _ in range(200):  # the loop animates: a frame on each step, time moving on
            now[0] += 0.1
            app.step(0)
            if wled.wait_for(levels, seconds=0.05):
                break
        assert wled.wait_for(levels)  # the seat LED pulses on the wire
        assert all(r > 0 and g == b == 0 for r, g, b in seen - {OFF})
        assert PLAYER["red"] in seen or any(r >= 200 for r, _, _ in seen)
    finally:
        app.close()
        wled.unplug()
