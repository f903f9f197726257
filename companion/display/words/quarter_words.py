"""What "Do it" wakes on the Night Watchman's picture, said in words beside the frame: the
picture frames the quarter chosen (a thick frame and a tick) and the others that could be
woken (orange), so the prompt names the one "Do it" wakes."""

from __future__ import annotations

from typing import Any

from .i18n import _, name, quarter


def wake_prompt(chosen: Any, shown: str | None) -> str:
    """The prompt of the picture: which quarter "Do it" wakes, when that quarter is in the
    village ``shown``; else what to tap."""
    if chosen is None or getattr(chosen, "village", None) != shown or not hasattr(chosen,
                                                                                 "quarter"):
        return _("Tap the quarter to wake.")
    # (short: beside four players it has three lines)
    return _("Wakes {name}'s {quarter} quarter (ticked).").format(
        quarter=quarter(chosen.quarter), name=name(chosen.village))
