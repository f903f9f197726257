"""The app's hardware: the seat buttons (gpiozero on a Pi, else the keys 1-4) and the LED strip
(Adalight over serial, else drawn along the screen's bottom edge), started as the configuration
says and told so in the journal; the strip shows the game in play's frame (its kind's
``led_frame``). Mixed into ``App``, whose attributes it uses."""

from __future__ import annotations

import queue
from collections.abc import Callable
from pathlib import Path

import pygame

from ...config import Config
from ...games import LedMoment
from ...hw import story
from ...hw.adalight import AdalightWriter, find_port
from ...hw.buttons import GpioButtons, KeyboardButtons
from ...hw.events import ButtonEvent
from ...hw.leds import OFF, SimulatedStrip
from ...journal import say
from ...session import Session
from ..contract import Screen
from ..kit.widgets import H, W
from ..words.i18n import _

ANIMATION = 1.5  # seconds the scores' bars fill after a scoring


class Hardware:
    """Seat buttons and LEDs; ``App`` supplies the attributes below."""

    config: Config
    clock: Callable[[], float]
    events: queue.Queue[ButtonEvent]
    keyboard: KeyboardButtons | None
    gpio: GpioButtons | None
    strip: SimulatedStrip | None
    writer: AdalightWriter | None
    session: Session | None
    screen: Screen
    anim_start: float | None
    banner: str | None

    def _start_buttons(self) -> None:
        backend = self.config.buttons.backend
        if backend == "auto":
            backend = "gpio" if Path("/proc/device-tree/model").exists() else "keyboard"
        b = self.config.buttons
        pins = dict(b.pins) | ({"next": b.next_pin} if b.next_pin is not None else {})
        error = None
        if backend == "gpio":
            try:
                self.gpio = GpioButtons(pins, self.events, hold_time=b.hold_time,
                                        bounce_time=b.bounce_time)
            except Exception as exc:  # no GPIO here: say so and go on with the keyboard
                self.banner = _("The seat buttons are not available ({error}); the keys 1-4 "
                                "work instead.").format(error=exc)
                backend, error = "keyboard", exc
        if backend == "keyboard":
            self.keyboard = KeyboardButtons(list(self.config.seats), self.events,
                                            hold_time=self.config.buttons.hold_time)
        say(story.buttons_line(backend, b.backend, pins, self.gpio, error))  # (HW)

    def _start_leds(self) -> None:
        leds = self.config.leds
        backend = leds.backend
        found = find_port(leds.port)
        if backend == "auto":
            backend = "serial" if found else "simulated"
        say(story.leds_line(backend, leds.backend, leds.port, found, leds.baud))  # (HW)
        if backend == "serial":
            self.writer = AdalightWriter(lambda: find_port(leds.port), leds.baud,
                                         dtr_rts=leds.dtr_rts,
                                         on_change=lambda line: say(f"LEDs: {line}")).start()
        elif backend == "simulated":
            self.strip = SimulatedStrip(leds.layout.count)

    def update_leds(self) -> None:
        if self.session is None:  # no game: the strip dark, not the last game's frame
            pixels = [OFF] * self.config.leds.layout.count
        else:
            filling = None if self.anim_start is None else \
                (self.clock() - self.anim_start) / ANIMATION
            moment = LedMoment(t=self.clock(), seats=self.config.seats, filling=filling,
                               scores_before=self.session.scores_before or {},
                               thinking=self.screen.thinking)
            pixels = self.session.kind.led_frame(self.session.game, self.config.leds.layout,
                                                 moment)
        if self.writer:
            self.writer.show(pixels)
        if self.strip:
            self.strip.show(pixels)

    def _draw_strip(self, s: pygame.Surface) -> None:
        """The simulated LED strip along the bottom edge."""
        assert self.strip is not None
        pixels = self.strip.pixels
        if not pixels:
            return
        w = W / len(pixels)
        for i, rgb in enumerate(pixels):
            rect = pygame.Rect(int(i * w), H - 6, max(int(w) - 1, 1), 6)
            pygame.draw.rect(s, rgb if rgb != (0, 0, 0) else (60, 60, 60), rect)
