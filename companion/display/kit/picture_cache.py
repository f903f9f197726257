"""Pictures laid out and drawn once and kept (:data:`PICTURES`): a frame that shows the same
picture again copies its pixels, and its texts are noted again for the reports
(``text_reports``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import pygame

from . import text_reports

T = TypeVar("T")


@dataclass
class _Picture:
    owner: object
    image: pygame.Surface
    at: tuple[int, int]
    notes: list[text_reports.Note]
    value: Any


class Pictures:
    """Pictures laid out and drawn once per state and kept: a frame that shows the same one
    again (the same ``owner``, usually a game state, and the same ``key``, on the same
    colours) copies its pixels and notes its texts again, without laying it out."""

    def __init__(self, most: int = 1_500_000) -> None:
        self.most = most
        """Pixels kept at most (about 6 MB): the latest pictures, a few villages' worth."""
        self.kept: dict[tuple[Any, ...], _Picture] = {}
        self.pixels = 0

    def clear(self) -> None:
        self.kept.clear()
        self.pixels = 0

    def draw(self, surface: pygame.Surface, owner: object, key: tuple[Any, ...],
             area: pygame.Rect, paint: Callable[[], T]) -> T:
        """``paint()`` draws the picture in ``area`` (never outside it) on ``surface``
        and returns what its caller needs (its cells' boxes); the picture depends only on
        ``owner`` (an immutable value, held by identity) and ``key``."""
        box = area.clip(surface.get_rect())
        if box.width < 2 or box.height < 2:
            return paint()
        under = tuple(tuple(surface.get_at(p)) for p in (  # what it is drawn on, as kept
            box.topleft, (box.right - 1, box.top), (box.left, box.bottom - 1),
            (box.right - 1, box.bottom - 1)))
        whole = (id(owner), surface.get_size(), text_reports.screen_name, under, *key)
        hit = self.kept.get(whole)
        if hit is not None and hit.owner is owner:
            self.kept[whole] = self.kept.pop(whole)  # the latest used, kept longest
            surface.blit(hit.image, hit.at)
            text_reports.replay(hit.notes)
            return cast(T, hit.value)
        notes: list[text_reports.Note] = []
        text_reports.recording.append(notes)
        try:
            value = paint()
        finally:
            text_reports.recording.pop()
        old = self.kept.pop(whole, None)
        if old is not None:
            self.pixels -= old.image.get_width() * old.image.get_height()
        self.kept[whole] = _Picture(owner, surface.subsurface(box).copy(), box.topleft, notes,
                                    value)
        self.pixels += box.width * box.height
        while self.pixels > self.most and len(self.kept) > 1:
            first = self.kept.pop(next(iter(self.kept)))
            self.pixels -= first.image.get_width() * first.image.get_height()
        return value


PICTURES = Pictures()
"""The village pictures and the table steps' pictures of the frames drawn lately."""
