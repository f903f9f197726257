"""What "Do it" wakes on the Night Watchman's picture, said in words beside the frame: the
picture frames the quarter chosen (a thick frame and a tick) and the others that could be
woken (orange), so the prompt names the one "Do it" wakes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .i18n import _, name, quarter


def wake_prompt(chosen: Any, shown: str | None, fits: Callable[[str], bool] = bool) -> str:
    """The prompt of the picture: which quarter "Do it" wakes, when that quarter is in the
    village ``shown``; else what to tap. Without the village's name where the words with it
    do not ``fit`` (a long name beside four players: the tab above the picture names it)."""
    if chosen is None or getattr(chosen, "village", None) != shown or not hasattr(chosen,
                                                                                 "quarter"):
        return _("Tap the quarter to wake.")
    # (short: beside four players it has three lines)
    words = _("Wakes {name}'s {quarter} quarter (ticked).").format(
        quarter=quarter(chosen.quarter), name=name(chosen.village))
    if fits(words):
        return words
    return _("Wakes the {quarter} quarter (ticked).").format(quarter=quarter(chosen.quarter))
