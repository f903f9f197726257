"""Seat buttons: gpiozero with its MockFactory, the press/hold decision, the keyboard."""

from __future__ import annotations

import queue
import random
import time
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from companion.controls import button_decision
from companion.engine import EndTurn, GameState, apply
from companion.hw.buttons import GpioButtons, KeyboardButtons
from companion.hw.events import HOLD, NEXT, PRESS, ButtonEvent, PressDecoder
from tests.helpers import LEFT, Table, set_up, step

PINS = {"red": 17, "blue": 27, "yellow": 22}


@pytest.fixture
def buttons() -> Iterator[tuple[MockFactory, queue.Queue[ButtonEvent]]]:
    """Seat buttons on mock pins, with a short hold time: (the pins' factory, the events)."""
    factory = MockFactory()
    events: queue.Queue[ButtonEvent] = queue.Queue()
    b = GpioButtons(PINS, events, pin_factory=factory, hold_time=0.2)
    yield factory, events
    b.close()
    factory.reset()


def drain(events: queue.Queue[ButtonEvent]) -> list[tuple[str, str]]:
    out = []
    while not events.empty():
        e = events.get_nowait()
        out.append((e.seat, e.kind))
    return out


def test_a_short_press_and_a_hold(buttons) -> None:  # type: ignore[no-untyped-def]
    factory, events = buttons
    pin = factory.pin(17)
    pin.drive_low()
    pin.drive_high()
    assert drain(events) == [("red", PRESS)]
    time.sleep(0.35)  # past the repeat guard
    pin.drive_low()
    time.sleep(0.5)  # gpiozero's hold thread fires after 0.2 s
    pin.drive_high()
    assert drain(events) == [("red", HOLD)]


def test_bounces_and_two_seats_at_once(buttons) -> None:  # type: ignore[no-untyped-def]
    factory, events = buttons
    red, blue = factory.pin(17), factory.pin(27)
    red.drive_low()
    blue.drive_low()
    for _ in range(3):  # contacts chattering on release
        red.drive_high()
        red.drive_low()
    red.drive_high()
    blue.drive_high()
    assert drain(events) == [("red", PRESS), ("blue", PRESS)]


def test_the_bounce_time_is_checked() -> None:
    with pytest.raises(ValueError):
        GpioButtons(PINS, queue.Queue(), pin_factory=MockFactory(), bounce_time=0.2)


def edges(rng: random.Random, seats: list[str], t0: float) -> list[tuple[float, str, bool]]:
    """A random burst of button edges: taps, holds, chattering contacts, overlapping seats."""
    out = []
    t = t0
    for _ in range(rng.randint(1, 12)):
        seat = rng.choice(seats)
        t += rng.choice((0.01, 0.05, 0.2, 0.4, 1.0))
        length = rng.choice((0.005, 0.05, 0.2, 1.6, 2.0))
        out.append((t, seat, True))
        for _ in range(rng.choice((0, 0, 1, 3))):  # bounces
            out.append((t + 0.002, seat, False))
            out.append((t + 0.004, seat, True))
        out.append((t + length, seat, False))
    return sorted(out, key=lambda e: e[0])


def test_a_thousand_random_sequences_never_end_a_turn_twice_or_anothers() -> None:
    t = Table(set_up(("red", "blue", "yellow"), start="red").state)
    t.turn("red", "carter", {"type": "deliver", "chain": [step("red", LEFT, "wood")]},
           end=False)
    ready: GameState = t.state  # Red's turn is complete: its button may end it
    rng = random.Random(4)
    for n in range(1000):
        state = ready
        decoder = PressDecoder()
        down_at: dict[str, float] = {}
        ended: list[str] = []
        for when, seat, down in edges(rng, ["red", "blue", "yellow", NEXT], n * 100.0):
            if down:
                down_at[seat] = when
                decoder.pressed(seat, when)
                continue
            if seat in down_at and when - down_at.pop(seat) >= 1.5:
                decoder.held(seat, when)
            event = decoder.released(seat, when)
            if event is None:
                continue
            decision = button_decision(state, event)
            if decision.action is not None:
                assert isinstance(decision.action, EndTurn)
                assert decision.action.player == state.active
                ended.append(decision.action.player)
                state = apply(state, decision.action)
        assert ended in ([], ["red"])  # Blue's turn, just begun, cannot be ended


def test_what_a_press_means() -> None:
    t = Table(set_up(("red", "blue", "yellow"), start="red").state)
    press = ButtonEvent("blue", PRESS, 0.0)
    assert button_decision(t.state, press).message == "It is Red's turn, not Blue's."
    msg = button_decision(t.state, ButtonEvent("red", PRESS, 0.0)).message
    assert msg == "Red still has coins and cannot pass: choose a character."
    assert button_decision(t.state, ButtonEvent("yellow", HOLD, 0.0)).undo
    t.turn("red", "carter", {"type": "deliver", "chain": [step("red", LEFT, "wood")]},
           end=False)
    assert button_decision(t.state, ButtonEvent(NEXT, PRESS, 0.0)).action == EndTurn("red")


def test_the_keyboard_simulator() -> None:
    events: queue.Queue[ButtonEvent] = queue.Queue()
    keys = KeyboardButtons(["red", "blue", "yellow"], events)
    assert not keys.key("x", True, 0.0)
    keys.key("2", True, 1.0)
    keys.key("2", True, 1.1)  # key repeat
    keys.key("2", False, 1.2)
    keys.key("3", True, 2.0)
    keys.key("3", False, 3.6)  # held 1.6 s
    keys.key("1", True, 5.0)
    keys.key("1", False, 5.1)
    keys.key("1", True, 5.2)  # within 300 ms of the last: dropped
    keys.key("1", False, 5.25)
    assert drain(events) == [("blue", PRESS), ("yellow", HOLD), ("red", PRESS)]
