"""The stored games and settings as the screens read them: a typed service over the device's
store (``AppView.stored``). Screens never import the store's module nor reach its tables; what
they read goes through here, and with no store open (trouble) every read is empty. A stored
game replayed (the history's record) is worked out beside the screen's thread."""

from __future__ import annotations

from collections.abc import Callable

from ...games import Played
from ...history import bgstats
from ...history.summary import GameSummary
from ...store import Store
from ...store.games import from_record
from .beside import Beside, Job

Progress = Callable[[int, int], None]


class StoredGames:
    """Reads of the store the app has open now (``store``: asked at each read)."""

    def __init__(self, store: Callable[[], Store | None], beside: Beside) -> None:
        self._store = store
        self._beside = beside

    @property
    def open(self) -> bool:
        """Whether a store is open (else every read is empty)."""
        return self._store() is not None

    def summaries(self, *, in_play: bool = True, progress: Progress | None = None
                  ) -> list[GameSummary]:
        """Every stored game summed up, newest first (``progress``: told how far, when old
        games are summed up for the first time)."""
        store = self._store()
        if store is None:
            return []
        return store.summaries(in_play=in_play, progress=progress)

    def summary(self, game_id: int) -> GameSummary | None:
        """One stored game summed up; None if there is none (or no store)."""
        store = self._store()
        return store.summary_of(game_id) if store is not None else None

    def games_page(self, finished: bool, offset: int, limit: int,
                   progress: Progress | None = None) -> tuple[list[GameSummary], int, int]:
        """One page of the Games list (paged in the store): its games, newest first, and how
        many games are finished and not."""
        store = self._store()
        if store is None:
            return [], 0, 0
        return store.games_page(finished, offset, limit, progress)

    @property
    def checking(self) -> frozenset[int]:
        """The games still being checked beside the table (after an unclean shutdown)."""
        store = self._store()
        return frozenset(store.checking) if store is not None else frozenset()

    def record_lines(self, game_id: int) -> list[str]:
        """A stored game's record, header first."""
        store = self._store()
        return store.record_lines(game_id) if store is not None else []

    def replayed(self, asker: object, game_id: int) -> Job[Played]:
        """A stored game replayed by its kind beside the screen's thread, for ``asker``
        (withdrawn once it is no longer shown). The record is read here; a record that no
        longer replays raises its error from the job's ``value``."""
        lines = self.record_lines(game_id)
        return self._beside.run(asker, lambda withdrawn: from_record(lines))

    def bgstats_settings(self) -> bgstats.Settings:
        """The device's settings for BG Stats."""
        store = self._store()
        return bgstats.settings(store) if store is not None else bgstats.Settings()

    def setting(self, key: str, default: str | None = None) -> str | None:
        """A setting kept on this device."""
        store = self._store()
        return store.setting(key, default) if store is not None else default

    def set_setting(self, key: str, value: str) -> None:
        """Keep a setting now (a game's own data entered at the table, kept at every tap);
        ``StoreError`` if it cannot be saved. Nothing is kept without a store."""
        store = self._store()
        if store is not None:
            store.set_setting(key, value)
