"""The companion app: screens, touch, seat buttons, LEDs, the store, and systemd.

Event-driven: the loop sleeps in ``pygame.event.wait`` and redraws only when something
changed, at most 30 frames a second while animating. Everything is drawn on a logical
800 x 480 surface, then rotated and scaled to the panel; touches are mapped back the same way
(SDL's KMSDRM ignores the kernel's rotation, so the app does it).
"""

from __future__ import annotations

import gc
import logging
import os
import queue
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from ...config import Config
from ...engine import HelvetiaError
from ...engine.values import Colour
from ...games.kind import TableKeeper
from ...hw.adalight import AdalightWriter
from ...hw.buttons import GpioButtons, KeyboardButtons
from ...hw.events import ButtonEvent
from ...hw.leds import SimulatedStrip
from ...sdnotify import Watchdog
from ...session import Saver, Session
from ...store import Store, StoreError, StoreTrouble
from ..contract import AppView, Screen
from ..kit import message_strip
from ..kit.text_reports import set_screen
from ..kit.widgets import (
    BACKGROUND,
    WARNING_BG,
    WARNING_INK,
    H,
    W,
    Widget,
    paragraph,
    reset_fonts,
)
from ..words import i18n
from ..words.i18n import _
from .beside import Beside
from .device import Services
from .dispatch import Dispatch
from .hardware import ANIMATION, Hardware
from .store_link import Opening, StoreLink
from .stored_games import StoredGames

FPS = 30
IDLE_WAIT = 1.0  # seconds the loop sleeps with nothing to do (the watchdog asks for far less)
log = logging.getLogger(__name__)
SAVING_AFTER = 0.3  # seconds a commit runs before "Saving..." is shown
IDLE_CHECKPOINT = 30.0  # seconds without an event before the WAL is checkpointed
WAKE = pygame.event.custom_type()
NATIVE_WAIT = {"x11", "wayland", "windows", "cocoa"}


class WakingQueue(queue.Queue[ButtonEvent]):
    """The seat buttons' events: putting one (from gpiozero's threads) also wakes the loop."""

    def put(self, item: ButtonEvent, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(WAKE))


def _wake() -> None:
    """A thought is in (said from the worker): the loop wakes to show it."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(WAKE))


class App(StoreLink, Services, Hardware, Dispatch):
    session: Session | None = None
    """The game in play, of any kind: none yet, or resumed by ``open_store`` (a class default,
    so that the check after opening the store is not narrowed to None)."""
    def __init__(self, config: Config, *, store_path: Path | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config
        self.clock = clock
        self.screen = Screen()  # (the first one is shown once the app is ready)
        self.overlay: Screen | None = None
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
        if self.driver == "kmsdrm":
            # The Pi's panel (KMSDRM has no windows: always the whole screen) is touched, and
            # SDL would otherwise draw a mouse cursor in its middle.
            pygame.mouse.set_visible(False)
        pygame.display.set_caption("Helvetia Companion")
        self.surface = pygame.Surface((W, H))

        self.store_path = store_path or config.data_dir / "helvetia.db"
        self.store: Store | None = None
        self.beside = Beside(wake=_wake)
        """Work longer than a frame (thoughts, replays) done beside the screen's thread."""
        self.stored = StoredGames(lambda: self.store, self.beside)
        """The stored games as the screens read them."""
        self.trouble: StoreTrouble | None = None  # the store cannot be used now (STORE)
        self.retry_at = 0.0
        self.saver = Saver(self._saving)  # commits off the UI thread (STORE)
        self.saving_shown = False
        self.last_event = clock()
        self._banner: str | None = None
        self.banner_screen: type | None = None
        """The screen a refusal belongs to: it goes when another screen comes."""
        self.keys_hinted = False
        """The keys hint was shown and closed (kept in the store too, in the background)."""
        self.opening: Opening | None = None  # the store opened again in the background
        self.watchdog = Watchdog()
        self.open_store()
        self.anim_start: float | None = None
        """When the scores' bars began to fill after a scoring (None: they are not)."""
        self.keepers: dict[str, TableKeeper | None] = {}
        """The table keeper of each kind played (``GameKind.table_keeper``), once asked."""
        self.keep_table(restore=True)  # ticks; a round end's checklist not gone past

        self.events: queue.Queue[ButtonEvent] = WakingQueue()
        self.keyboard: KeyboardButtons | None = None
        self.gpio: GpioButtons | None = None
        self._start_buttons()
        self.strip: SimulatedStrip | None = None
        self.writer: AdalightWriter | None = None
        self._start_leds()

        from ..screens import home_screen

        self.widgets: list[Widget] = []
        self.dirty = True
        self.frames = 0
        self.running = True
        self.show(self._trouble_screen() if self.trouble else home_screen(self))
        self.update_leds()  # after a restart the strip shows the table at once (HW)
        self.keys_hint()

    def view(self) -> AppView:
        """The app as its screens see it (the type checker holds it to the contract)."""
        return self

    def keys_hint(self) -> None:
        """On a desktop, the first start names the keys (UI-TABLE): 1-4 the seat buttons,
        held for undo; Esc asks before quitting. Once per device."""
        if self.keyboard is None or self.driver in ("dummy", "kmsdrm", "offscreen") or \
                self.keys_hinted or self.store is None or self.store.setting("keys_hint"):
            return
        from ..screens.menu.desktop import KeysHint

        self.overlay = KeysHint()
        self.dirty = True

    def keys_shown(self) -> None:
        self.overlay = None
        self.keys_hinted = True  # at once: the setting is kept in the background
        self.keep_setting("keys_hint", "shown")

    def quit(self) -> None:
        self.running = False

    # --- the store (STORE) ------------------------------------------------------------------

    def _trouble_screen(self) -> Any:
        from ..screens.menu.trouble import StoreTroubleScreen

        return StoreTroubleScreen()

    def _saving(self, seconds: float) -> None:
        """While a commit runs on its own thread: keep the window alive (events wait in SDL's
        queue), show "Saving..." after a moment, and keep pinging the watchdog."""
        pygame.event.pump()
        if seconds >= SAVING_AFTER and not self.saving_shown:
            self.saving_shown = True
            s = self.surface.copy()  # the last frame, with a note over it
            r = pygame.Rect(W // 2 - 150, H // 2 - 40, 300, 80)
            pygame.draw.rect(s, WARNING_BG, r, border_radius=12)
            pygame.draw.rect(s, WARNING_INK, r, 2, border_radius=12)
            paragraph(s, _("Saving..."), r.inflate(-24, -24), 28, WARNING_INK)
            self._present(s)
        self.watchdog.tick()

    # --- the game -----------------------------------------------------------------------------

    def table_keeper(self) -> TableKeeper | None:
        """The keeper of the table's steps for the kind of the game in play, if it has one."""
        session = self.session
        if session is None:
            return None
        name = session.kind.name
        if name not in self.keepers:
            self.keepers[name] = session.kind.table_keeper()
        return self.keepers[name]

    def keep_table(self, *, restore: bool = False) -> None:
        """What the table did beside the record, kept by the kind's table keeper (if it has
        one): saved after a frame is drawn, or restored after a restart."""
        keeper, session, store = self.table_keeper(), self.session, self.store
        if keeper is None or session is None or store is None:
            return
        if restore:
            keeper.restore(session, store)
        else:
            keeper.keep(session, store)

    def start_game(self, header: dict[str, Any]) -> None:
        assert self.store is not None
        try:
            self.session = Session.start(self.store, header, runner=self.saver)
        except (HelvetiaError, StoreError) as exc:  # not saved: no new game (STORE)
            self.banner = i18n.error_text(exc)
            self.dirty = True
            return
        self.after_change()

    def apply(self, action: object) -> bool:
        """Check, commit, then show; a refusal or a failed save is shown and changes nothing."""
        session = self.session
        assert session is not None
        try:
            session.apply(action)
        except (HelvetiaError, StoreError) as exc:
            self.banner = i18n.error_text(exc)
            self.dirty = True
            return False
        waiting = session.waiting  # saved later: the store is locked (STORE)
        self.banner = i18n.error_text(waiting) if waiting else None
        if session.changed.scored and session.scores_before is not None:
            self.anim_start = self.clock()  # the bars fill to the new scores
        self.after_change()
        return True

    @property
    def last_track(self) -> dict[Colour, int]:
        """The scores before the newest scoring: "since last round" counts from them."""
        session = self.session
        return session.scores_before or {} if session is not None else {}

    @property
    def summary_pending(self) -> bool:
        """A summary of what the table did is still to be shown (the session keeps it)."""
        return self.session is not None and self.session.summary_pending

    @summary_pending.setter
    def summary_pending(self, due: bool) -> None:
        if self.session is not None:
            self.session.summary_pending = due

    def undo(self) -> None:
        assert self.session is not None
        while True:
            try:
                self.session.undo()
            except (HelvetiaError, StoreError) as exc:
                self.banner = i18n.error_text(exc)
                break
            self.banner = None
            game = self.session.game
            # A choice nobody made (a forced school return) is taken back with what led to
            # it: else after_change would record it again at once and undo would go round.
            if not (game.actions and self.session.kind.forced(game) is not None):
                break
        self.after_change()
        self.screen.after_undo(self)  # the screen shows at once what to take back

    def after_change(self) -> None:
        from ..screens import screen_for

        self.overlay = None
        session = self.session  # names on every screen
        i18n.set_players(session.kind.players(session.game) if session is not None else ())
        forced = session.kind.forced(session.game) if session is not None else None
        if forced is not None:  # no real choice: ask nothing, but record it
            self.apply(forced)
            return
        self.show(screen_for(self))
        self.update_leds()

    def abandon(self) -> None:
        """Leave the game unfinished for good (kept in the store, marked abandoned) and open
        the new-game screen."""
        session = self.session
        if session is not None and not session.kind.game_over(session.game):
            try:
                session.abandon()
            except StoreError as exc:
                self.banner = i18n.error_text(exc)
                self.overlay = None
                self.dirty = True
                return
        self.banner = None
        self.new_game()

    def new_game(self) -> None:
        self.session = None
        self.anim_start = None
        self.after_change()

    @property
    def banner(self) -> str | None:
        return self._banner

    @banner.setter
    def banner(self, text: str | None) -> None:
        self._banner = text
        self.banner_screen = type(self.screen) if text else None

    def show(self, screen: Any) -> None:
        if self.banner_screen not in (None, Screen, type(screen)):  # Screen: none shown yet
            self._banner = None  # the refusal goes with the screen that caused it
        self.screen = screen
        self.dirty = True

    # --- drawing and the loop --------------------------------------------------------------------

    def animating(self) -> bool:
        if self.anim_start is not None and self.clock() - self.anim_start > ANIMATION:
            self.anim_start = None
            self.update_leds()
        session = self.session
        # The winners' pulse animates on either strip, the simulated or the serial one.
        return self.anim_start is not None or self.screen.thinking is not None \
            or (self.overlay is not None and self.overlay.thinking is not None) \
            or bool(session and session.kind.game_over(session.game)
                    and (self.strip or self.writer))

    def draw(self) -> None:
        s = self.surface
        s.fill(BACKGROUND)
        set_screen(type(self.screen).__name__)  # names the screen in text-fit reports
        self.widgets = self.screen.layout(self)
        self.screen.draw(self, s)
        for w in self.widgets:
            w.draw(s)
        if self.overlay is not None:  # over the screen, which stays visible but dimmed
            veil = pygame.Surface((W, H), pygame.SRCALPHA)
            veil.fill((0, 0, 0, 110))
            s.blit(veil, (0, 0))
            set_screen(type(self.overlay).__name__)
            self.widgets = self.overlay.layout(self)
            self.overlay.draw(self, s)
            for w in self.widgets:
                w.draw(s)
        if self.banner:  # in the screen's free room, with the badge of every player it names
            session = self.session
            players = session.kind.players(session.game) if session is not None else ()
            named = [p.colour for p in players if i18n.name(p.colour) in self.banner]
            self.widgets.append(message_strip.draw(s, self.banner, self.widgets, named,
                                                   self._dismiss))
        if self.strip:
            self._draw_strip(s)
        self._present(s)
        self.frames += 1
        self.dirty = False
        self.keep_table()  # what the table ticked (as drawn) survives a restart

    def _present(self, s: pygame.Surface) -> None:
        """The logical surface onto the panel: rotated, scaled, shown."""
        out = s
        if self.rotation:
            out = pygame.transform.rotate(s, -self.rotation)
        if out.get_size() != self.window.get_size():
            out = pygame.transform.smoothscale(out, self.window.get_size())
        self.window.blit(out, (0, 0))
        pygame.display.flip()

    def _dismiss(self) -> None:
        self.banner = None

    def step(self, timeout: float = IDLE_WAIT) -> None:
        """One turn of the loop: wait for an event (or a frame while animating), handle it,
        take the seat buttons' events, redraw if anything changed."""
        animating = self.animating()
        wait = 1 / FPS if animating else timeout
        if self.saving_shown:  # the frame under the "Saving..." note is up to date again
            self.saving_shown = False
            self.dirty = True
        events = self._wait(wait)
        for e in events:
            self.handle(e)
        if events:
            self.last_event = self.clock()
        if self.store is None and (self.opening or self.clock() >= self.retry_at):
            self.retry_store()  # trouble: try again, in the background
        elif self.session is not None and self.session.queued:
            self.keep_saving()  # queued actions, saved in the background
        elif self.store is not None and self.store.failed_later:
            self.banner = i18n.error_text(self.store.failed_later.pop())
            self.dirty = True
        elif self.store is not None and self.store.late_notices:  # the check beside the table
            said = self.store.take_late_notices()
            self.banner = i18n.store_text(said)
            self.dirty = True
        elif self.session is not None and self.clock() - self.last_event > IDLE_CHECKPOINT \
                and self.store is not None and self.store.pending_checkpoint:
            self.session.idle()  # a quiet table: the WAL into the main file
            self.last_event = self.clock()
        while True:
            try:
                self.button_event(self.events.get_nowait())
            except queue.Empty:
                break
        if self.beside.poll(lambda asker: asker is self.screen or asker is self.overlay):
            self.dirty = True  # a thought is in: its screen shows it
        if animating:
            self.update_leds()
            if self.anim_start is not None:
                self.dirty = True  # the VP bars fill
            elif self.strip and not self.dirty:  # only the LEDs pulse (a thinking seat,
                self._draw_strip(self.surface)  # the winners): the screen stays as drawn
                self._present(self.surface)
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
        # What the start made (the code, the resumed game) lives as long as the app: the
        # collector never scans it again (a full collection held a tap 25 ms in a long game).
        gc.freeze()
        while self.running:
            self.step()
        self.close()
        return 0

    def close(self) -> None:
        self.beside.close()
        if self.writer:
            self.writer.stop()
        if self.gpio:
            self.gpio.close()
        if self.session is not None and self.session.queued:
            self.session.flush()  # a last try for actions still waiting for the store
        if self.store is not None:
            self.store.close()
        pygame.quit()
