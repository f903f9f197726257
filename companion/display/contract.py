"""What a screen may read and do: the screens' contract with the app.

A screen lays out its widgets (``Screen.layout``) and draws the rest (``Screen.draw``), given
an ``AppView``: the game's state and session, the table's steps, the refusal strip, and the
few things a screen may ask the app to do (apply an action, undo, show another screen, keep a
setting). Nothing else of the app, the store's module or the engine's privates is a screen's
business; the app (``display.app.App``) is the one implementation, tests drive it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from .ui import Widget

AppView = Any


class Screen:
    """A screen lays out its widgets (``layout``) and draws what is not a widget (``draw``)."""

    def layout(self, app: AppView) -> list[Widget]:
        return []

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        pass


