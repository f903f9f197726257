"""The companion app: screens, touch, seat buttons, LEDs, the store, and systemd.

Event-driven: the loop sleeps in ``pygame.event.wait`` and redraws only when something
changed, at most 30 frames a second while animating. Everything is drawn on a logical
800 x 480 surface, then rotated and scaled to the panel; touches are mapped back the same way
(SDL's KMSDRM ignores the kernel's rotation, so the app does it).
"""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from ..config import Config
from ..controls import button_decision
from ..engine import Action, GameState, HelvetiaError, legal_actions
from ..engine.state import PLAY, SCHOOL
from ..hw.adalight import AdalightWriter, find_port
from ..hw.buttons import GpioButtons, KeyboardButtons
from ..hw.events import ButtonEvent
from ..hw.leds import SimulatedStrip, bars_between, frame
from ..sdnotify import Watchdog
from ..session import Session
from ..store import Store, StoreError
from . import i18n
from .describe import table_steps
from .i18n import _
from .ui import BACKGROUND, WARNING_BG, WARNING_INK, H, W, Widget, paragraph, reset_fonts

FPS = 30
ANIMATION = 1.5  # seconds of the round-end VP bars
IDLE_WAIT = 1.0  # seconds the loop sleeps with nothing to do (the watchdog asks for far less)
WAKE = pygame.event.custom_type()
NATIVE_WAIT = {"x11", "wayland", "windows", "cocoa"}


class WakingQueue(queue.Queue[ButtonEvent]):
    """The seat buttons' events: putting one (from gpiozero's threads) also wakes the loop."""

    def put(self, item: ButtonEvent, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(WAKE))


class App:
    def __init__(self, config: Config, *, store_path: Path | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config
        self.clock = clock
        i18n.use(config.language)
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # no sound: never open audio
        pygame.display.init()
        pygame.font.init()
        reset_fonts()
        self.driver = pygame.display.get_driver()
        d = config.display
        self.rotation = d.rotation
        size = (d.width, d.height) if d.rotation in (0, 180) else (d.height, d.width)
        fullscreen = d.fullscreen if d.fullscreen is not None else self.driver == "kmsdrm"
        flags = pygame.FULLSCREEN if fullscreen else 0
        self.window = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
        pygame.display.set_caption("Helvetia Companion")
        self.surface = pygame.Surface((W, H))

        self.store, notice = Store.open(store_path or config.data_dir / "helvetia.db")
        self.banner: str | None = notice
        self.session: Session | None = None
        try:
            self.session = Session.resume(self.store)
        except StoreError as exc:  # kept in the store; the table can still start a new game
            self.banner = str(exc)
        self.steps: list[str] = []
        self.last_track: dict[str, int] = dict(self.session.state.track) if self.session else {}
        self.anim_start: float | None = None
        self.round_before: GameState | None = None
        self.summary_pending = False

        self.events: queue.Queue[ButtonEvent] = WakingQueue()
        self.keyboard: KeyboardButtons | None = None
        self.gpio: GpioButtons | None = None
        self._start_buttons()
        self.strip: SimulatedStrip | None = None
        self.writer: AdalightWriter | None = None
        self._start_leds()
        self.watchdog = Watchdog()

        from .screens import home_screen

        self.screen: Any = None
        self.overlay: Any = None
        self.widgets: list[Widget] = []
        self.dirty = True
        self.frames = 0
        self.running = True
        self.show(home_screen(self))

    # --- hardware ---------------------------------------------------------------------------

    def _start_buttons(self) -> None:
        backend = self.config.buttons.backend
        if backend == "auto":
            backend = "gpio" if Path("/proc/device-tree/model").exists() else "keyboard"
        if backend == "gpio":
            b = self.config.buttons
            pins = dict(b.pins)
            if b.next_pin is not None:
                pins["next"] = b.next_pin
            try:
                self.gpio = GpioButtons(pins, self.events, hold_time=b.hold_time,
                                        bounce_time=b.bounce_time)
            except Exception as exc:  # no GPIO here: say so and go on with the keyboard
                self.banner = _("The seat buttons are not available ({error}); the keys 1-4 "
                                "work instead.").format(error=exc)
                backend = "keyboard"
        if backend == "keyboard":
            self.keyboard = KeyboardButtons(list(self.config.seats), self.events,
                                            hold_time=self.config.buttons.hold_time)

    def _start_leds(self) -> None:
        leds = self.config.leds
        backend = leds.backend
        if backend == "auto":
            backend = "serial" if find_port(leds.port) else "simulated"
        if backend == "serial":
            self.writer = AdalightWriter(lambda: find_port(leds.port), leds.baud).start()
        elif backend == "simulated":
            self.strip = SimulatedStrip(leds.layout.count)

    def update_leds(self) -> None:
        if self.session is None:
            return
        state = self.session.state
        bars = None
        if self.anim_start is not None:
            progress = (self.clock() - self.anim_start) / ANIMATION
            bars = bars_between(self.last_track, state.track, progress)
        pixels = frame(state, self.config.leds.layout, t=self.clock(), bars=bars,
                       seats=self.config.seats)
        if self.writer:
            self.writer.show(pixels)
        if self.strip:
            self.strip.show(pixels)

    # --- the game -----------------------------------------------------------------------------

    @property
    def state(self) -> GameState | None:
        return self.session.state if self.session else None

    def start_game(self, header: dict[str, Any]) -> None:
        self.session = Session.start(self.store, header)
        self.steps = []
        self.last_track = {}
        self.after_change()

    def apply(self, action: Action) -> bool:
        """Check, commit, then show; a refusal or a failed save is shown and changes nothing."""
        assert self.session is not None
        before = self.session.state
        try:
            after = self.session.apply(action)
        except (HelvetiaError, StoreError) as exc:
            self.banner = str(exc)
            self.dirty = True
            return False
        self.banner = None
        self.steps = table_steps(before, after)
        if before.phase == PLAY and after.phase != PLAY:
            self.round_before = before  # for the round's summary: tiles and scores moved
        if after.track != before.track or (after.game_over and not before.game_over):
            self.last_track = dict(before.track)
            self.anim_start = self.clock()  # the VP bars fill to the new scores
            self.summary_pending = True
        self.after_change()
        return True

    def undo(self) -> None:
        assert self.session is not None
        try:
            self.session.undo()
        except (HelvetiaError, StoreError) as exc:
            self.banner = str(exc)
        else:
            self.banner = None
            self.steps = []
        self.after_change()

    def after_change(self) -> None:
        from .screens import screen_for

        self.overlay = None
        state = self.state
        if state is not None and state.phase == SCHOOL:
            only = legal_actions(state)
            if len(only) == 1:  # no real choice: ask nothing, but record it
                self.apply(only[0])
                return
        self.show(screen_for(self))
        self.update_leds()

    def new_game(self) -> None:
        self.session = None
        self.anim_start = None
        self.steps = []
        self.summary_pending = False
        self.after_change()

    def show(self, screen: Any) -> None:
        self.screen = screen
        self.dirty = True

    # --- input ----------------------------------------------------------------------------------

    def to_logical(self, x: float, y: float) -> tuple[int, int]:
        """Window pixels to logical pixels, undoing the rotation (clockwise, in degrees) and
        the scaling."""
        ww, wh = self.window.get_size()
        u, v = x / ww, y / wh
        if self.rotation == 90:
            u, v = v, 1 - u
        elif self.rotation == 180:
            u, v = 1 - u, 1 - v
        elif self.rotation == 270:
            u, v = 1 - v, u
        return int(u * W), int(v * H)

    def to_window(self, pos: tuple[int, int]) -> tuple[float, float]:
        """Logical pixels to window pixels: where a logical point is drawn."""
        ww, wh = self.window.get_size()
        u, v = (pos[0] + 0.5) / W, (pos[1] + 0.5) / H
        if self.rotation == 90:
            u, v = 1 - v, u
        elif self.rotation == 180:
            u, v = 1 - u, 1 - v
        elif self.rotation == 270:
            u, v = v, 1 - u
        return u * ww, v * wh

    def tap(self, pos: tuple[int, int]) -> None:
        for w in reversed(self.widgets):
            if w.rect.collidepoint(pos) and w.enabled and w.on_tap:
                w.on_tap()
                self.dirty = True
                return

    def button_event(self, event: ButtonEvent) -> None:
        if self.session is None:
            return
        decision = button_decision(self.session.state, event)
        if decision.undo:
            from .screens import UndoConfirm

            self.overlay = UndoConfirm()
            self.dirty = True
        elif decision.action is not None:
            self.apply(decision.action)
        elif decision.message:
            self.banner = decision.message
            self.dirty = True

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.QUIT:
            self.running = False
        elif e.type == pygame.FINGERUP:
            ww, wh = self.window.get_size()
            self.tap(self.to_logical(e.x * ww, e.y * wh))
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1 and not getattr(e, "touch", False):
            self.tap(self.to_logical(*e.pos))
        elif e.type in (pygame.KEYDOWN, pygame.KEYUP):
            if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE and self.driver != "kmsdrm":
                self.running = False
            elif self.keyboard:
                self.keyboard.key(pygame.key.name(e.key), e.type == pygame.KEYDOWN, self.clock())
        elif e.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED, pygame.VIDEOEXPOSE):
            self.dirty = True

    # --- drawing and the loop --------------------------------------------------------------------

    def animating(self) -> bool:
        if self.anim_start is not None and self.clock() - self.anim_start > ANIMATION:
            self.anim_start = None
            self.update_leds()
        state = self.state
        return self.anim_start is not None or bool(state and state.game_over and self.strip)

    def draw(self) -> None:
        s = self.surface
        s.fill(BACKGROUND)
        self.widgets = self.screen.layout(self)
        self.screen.draw(self, s)
        for w in self.widgets:
            w.draw(s)
        if self.overlay is not None:  # over the screen, which stays visible but dimmed
            veil = pygame.Surface((W, H), pygame.SRCALPHA)
            veil.fill((0, 0, 0, 110))
            s.blit(veil, (0, 0))
            self.widgets = self.overlay.layout(self)
            self.overlay.draw(self, s)
            for w in self.widgets:
                w.draw(s)
        if self.banner:
            r = pygame.Rect(200, 412, 590, 60)
            pygame.draw.rect(s, WARNING_BG, r, border_radius=8)
            pygame.draw.rect(s, WARNING_INK, r, 2, border_radius=8)
            paragraph(s, self.banner, r.inflate(-16, -10), 20, WARNING_INK)
            self.widgets.append(Widget("banner", r, on_tap=self._dismiss, style="invisible"))
        if self.strip:
            self._draw_strip(s)
        out = s
        if self.rotation:
            out = pygame.transform.rotate(s, -self.rotation)
        if out.get_size() != self.window.get_size():
            out = pygame.transform.smoothscale(out, self.window.get_size())
        self.window.blit(out, (0, 0))
        pygame.display.flip()
        self.frames += 1
        self.dirty = False

    def _dismiss(self) -> None:
        self.banner = None

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

    def step(self, timeout: float = IDLE_WAIT) -> None:
        """One turn of the loop: wait for an event (or a frame while animating), handle it,
        take the seat buttons' events, redraw if anything changed."""
        animating = self.animating()
        wait = 1 / FPS if animating else timeout
        for e in self._wait(wait):
            self.handle(e)
        while True:
            try:
                self.button_event(self.events.get_nowait())
            except queue.Empty:
                break
        if animating:
            self.update_leds()
            self.dirty = True
        if self.dirty:
            self.draw()
            self.watchdog.ready()  # the first frame is on the screen
        self.watchdog.tick()

    def _wait(self, seconds: float) -> list[pygame.event.Event]:
        """The events within ``seconds`` (none: at once). Where SDL cannot sleep until an event
        comes (it polls every millisecond on the dummy and KMSDRM drivers), sleep in short
        slices instead: touch answers within 20 ms, and idle costs next to nothing."""
        if seconds <= 0:
            return pygame.event.get()
        if self.driver in NATIVE_WAIT:
            e = pygame.event.wait(int(seconds * 1000))
            return [] if e.type == pygame.NOEVENT else [e, *pygame.event.get()]
        end = time.monotonic() + seconds
        while True:
            events = pygame.event.get()
            if events or not self.events.empty() or time.monotonic() >= end:
                return events
            time.sleep(0.02)

    def run(self) -> int:
        while self.running:
            self.step()
        self.close()
        return 0

    def close(self) -> None:
        if self.writer:
            self.writer.stop()
        if self.gpio:
            self.gpio.close()
        self.store.close()
        pygame.quit()


def main(config_file: str | None = None) -> int:
    from ..config import ConfigError
    from ..config import load as load_config

    try:
        config = load_config(config_file)
    except ConfigError as exc:
        print(f"helvetia: {exc}")
        return 2
    return App(config).run()
