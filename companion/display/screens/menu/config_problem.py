"""The configuration file has a mistake: which setting, what it may be, and what to do.

Shown over the first screen at a start with a configuration that is wrong in places (the
companion runs with the defaults for what is wrong, ``config.load_forgiving``); "Continue"
closes it. The same is in the journal, once.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame

from ....config import NOT_A_SETTING, ConfigError
from ...contract import AppView
from ...kit.widgets import (
    BACKGROUND,
    INK,
    MUTED,
    PANEL,
    TITLE,
    WARNING_INK,
    W,
    Widget,
    button,
    draw_text,
    paragraph,
    text_height,
)
from ...words.i18n import _, ngettext
from ..parts import Screen

SHOWN = 3
"""Mistakes listed on the panel at most (the journal has them all)."""
LOWEST = 320
"""A further mistake that would reach below this is left to the journal."""


def problem_text(problem: ConfigError) -> tuple[str, str]:
    """(what is wrong, what is allowed) in the table's language."""
    if problem.key is None:
        return (_("The file cannot be read, so every setting has its default."),
                str(problem))
    if problem.allowed == NOT_A_SETTING:
        return _("{key} is not a setting.").format(key=problem.key), ""
    what = _("The setting {key} cannot be used; it has its default.").format(key=problem.key)
    if problem.allowed:
        return what, _("Allowed: {values}").format(values=problem.allowed)
    return what, str(problem)


class ConfigProblem(Screen):
    """Over the first screen until "Continue"; lists the first few mistakes."""

    def __init__(self, problems: Sequence[ConfigError], source: Path | None) -> None:
        self.problems = list(problems)
        self.source = source

    def layout(self, app: AppView) -> list[Widget]:
        def close() -> None:
            app.overlay = None

        return [button("config:continue", (W // 2 - 110, 404, 220, 60), _("Continue"), close,
                       style="primary")]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        box = pygame.Rect(16, 12, W - 32, 456)
        pygame.draw.rect(s, BACKGROUND, box, border_radius=12)
        pygame.draw.rect(s, WARNING_INK, box, 3, border_radius=12)
        draw_text(s, _("The configuration has a mistake"),
                  pygame.Rect(box.left + 20, box.top + 10, box.width - 40, 40), TITLE,
                  WARNING_INK, wrap=False, align="center", bg=BACKGROUND)
        paragraph(s, str(self.source or ""), pygame.Rect(box.left + 24, box.top + 54,
                                                         box.width - 48, 30), 24, MUTED)
        y = box.top + 90
        shown = 0
        for problem in self.problems[:SHOWN]:
            what, allowed = problem_text(problem)
            width = box.width - 48
            h1 = text_height(what, width, 24)
            h2 = text_height(allowed, width, 24) if allowed else 0
            if shown and y + h1 + h2 > LOWEST:
                break
            shown += 1
            r = pygame.Rect(box.left + 24, y, width, h1 + h2)
            pygame.draw.rect(s, PANEL, r.inflate(12, 8), border_radius=8)
            paragraph(s, what, pygame.Rect(r.left, r.top, width, h1), 24, INK)
            if allowed:
                paragraph(s, allowed, pygame.Rect(r.left, r.top + h1, width, h2), 24, INK)
            y = r.bottom + 14
        more = len(self.problems) - shown
        todo = _("Correct the file, then restart the companion. Until then it runs as it is.")
        if more > 0:
            todo = ngettext("{count} more mistake is in the journal.",
                            "{count} more mistakes are in the journal.", more).format(
                count=more) + " " + todo
        paragraph(s, todo, pygame.Rect(box.left + 24, y, box.width - 48, 392 - y), 24,
                  MUTED)
