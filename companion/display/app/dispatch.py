"""How touch, keys and seat buttons reach the screens: a tap goes to the widget under it (a
greyed one says why not), a seat button to its game's ``seat_decision`` (an action, an undo
question, or why nothing happens), Esc to the quit question. Mixed into ``App``, whose
attributes it uses."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...config import Config
from ...hw.buttons import KeyboardButtons
from ...hw.events import ButtonEvent
from ...session import Session
from ...store import StoreError
from ..contract import AppView, Screen
from ..kit.widgets import Widget
from ..words import i18n
from . import panel


class Dispatch:
    """Events to the screens; ``App`` supplies the attributes below."""

    config: Config
    clock: Callable[[], float]
    window: pygame.Surface
    rotation: int
    driver: str
    running: bool
    dirty: bool
    banner: str | None
    widgets: list[Widget]
    screen: Screen
    overlay: Screen | None
    session: Session | None
    keyboard: KeyboardButtons | None
    apply: Callable[[object], bool]
    view: Callable[[], AppView]

    def to_logical(self, x: float, y: float) -> tuple[int, int]:
        return panel.to_logical(self.window.get_size(), self.rotation, x, y)

    def to_window(self, pos: tuple[int, int]) -> tuple[float, float]:
        return panel.to_window(self.window.get_size(), self.rotation, pos)

    def tap(self, pos: tuple[int, int]) -> None:
        # The refusal's strip shows the whole reason over no control where it can: a tap on
        # it closes it and does nothing else.
        strip = next((w for w in self.widgets if w.id == "banner" and w.rect.collidepoint(pos)),
                     None)
        if self.banner and strip is not None:
            strip.on_tap()  # type: ignore[misc]
            self.dirty = True
            return
        for w in reversed(self.widgets):
            if w.rect.collidepoint(pos) and w.enabled and w.on_tap:
                self.banner = None  # answered by this tap: a new refusal comes with it
                try:
                    w.on_tap()
                except StoreError as exc:  # e.g. a cost or a setting not saved: said (STORE)
                    self.banner = i18n.error_text(exc)
                self.dirty = True
                return
            if w.rect.collidepoint(pos) and not w.enabled and w.why_not:
                self.banner = w.why_not  # a greyed-out choice says why
                self.dirty = True
                return

    def button_event(self, event: ButtonEvent) -> None:
        session = self.session
        if session is None or (self.overlay is not None
                               and not session.kind.buttons_under_questions):
            return
        decision = session.kind.seat_decision(session.game, event, self.config.seats,
                                              self.screen.seat_choice())
        if not decision.undo and self.overlay is None and decision.seat is not None \
                and self.screen.on_seat(self.view(), decision.seat):
            self.dirty = True  # the screen's one way on, confirmed by the seat button
            return
        if decision.undo:
            self.overlay = session.kind.undo_question()
            self.dirty = True
        elif decision.action is not None:
            self.apply(decision.action)
        elif decision.message is not None:  # why not, in the table's language
            self.banner = i18n.say(decision.message)
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
                from ..screens.menu.desktop import QuitConfirm

                # Esc asks first (UI-TABLE); a second Esc on the question quits.
                if isinstance(self.overlay, QuitConfirm):
                    self.running = False
                else:
                    self.overlay = QuitConfirm()
                    self.dirty = True
            elif self.keyboard:
                self.keyboard.key(pygame.key.name(e.key), e.type == pygame.KEYDOWN, self.clock())
        elif e.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED, pygame.VIDEOEXPOSE):
            self.dirty = True
