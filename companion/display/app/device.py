"""What the app does for its screens beyond the game (part of the screens' contract,
``contract.AppView``): the device's settings and costs kept in the store, in the background
(the screen never waits for the store), and a note while a long task holds the screen.
Mixed into ``App``; screens never import the store's module."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from ... import store as store_module
from ...sdnotify import Watchdog
from ...store import Store
from ..kit.widgets import BODY, WARNING_BG, WARNING_INK, W, draw_text


class Services:
    """The contract's services; ``App`` supplies the attributes below."""

    store: Store | None
    surface: pygame.Surface
    watchdog: Watchdog
    _present: Callable[[pygame.Surface], None]

    def keep_language(self, lang: str) -> None:
        """The language chosen on this device, kept for the next start."""
        if self.store is not None:
            db = self.store
            db.later(lambda: store_module.keep_language(db, lang))

    def keep_setting(self, key: str, value: str) -> None:
        if self.store is not None:
            db = self.store
            db.later(lambda: db.set_setting(key, value))

    def last_names(self) -> dict[str, str]:
        """The name at each seat (colour) of the last game started on this device."""
        return store_module.last_names(self.store) if self.store is not None else {}

    def last_seats(self) -> list[str]:
        """The seats (colours) that played the last game started on this device."""
        return store_module.last_seats(self.store) if self.store is not None else []

    def known_players(self) -> list[str]:
        """The names that played on this device, the most recent first."""
        return store_module.known_players(self.store) if self.store is not None else []

    def last_levels(self) -> dict[str, str]:
        """The seats the companion played in the last game started (colour -> level)."""
        return store_module.last_levels(self.store) if self.store is not None else {}

    def remember_players(self, names: Mapping[str, str | None],
                         levels: Mapping[str, str] | None = None) -> None:
        """A new game's seats and names (colour -> name or None) and the seats the companion
        plays (colour -> level), kept for the next game."""
        if self.store is not None:
            db, known, virtual = self.store, dict(names), dict(levels or {})
            db.later(lambda: store_module.remember_players(db, known, virtual))

    def learned_costs(self) -> dict[str, dict[str, int]]:
        """The building costs read off the tiles on this device (type -> good -> count)."""
        return self.store.costs() if self.store is not None else {}

    def learn_costs(self, costs: Mapping[str, Mapping[str, int]]) -> None:
        """Costs read off the tiles outside a game: used from the next game on."""
        if self.store is not None:
            db, learnt = self.store, {t: dict(c) for t, c in costs.items()}
            db.later(lambda: db.learn_costs(learnt))

    def busy(self, words: str | None) -> None:
        """A long task on the screen's thread: the window stays alive, the watchdog fed, and
        ``words`` (if any) over the last frame say how far it is."""
        self.watchdog.tick()
        pygame.event.pump()
        if words is None:
            return
        s = self.surface.copy()
        r = pygame.Rect(W // 2 - 220, 480 // 2 - 50, 440, 100)
        pygame.draw.rect(s, WARNING_BG, r, border_radius=12)
        pygame.draw.rect(s, WARNING_INK, r, 2, border_radius=12)
        draw_text(s, words, r.inflate(-24, -24), BODY, WARNING_INK, valign="middle")
        self._present(s)
