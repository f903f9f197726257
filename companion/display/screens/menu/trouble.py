"""The saved games cannot be used right now (trouble, not damage): what is wrong, what to do.

Nothing has been moved; the app tries again every few seconds (and at a tap on "Try again"),
and the game is there as soon as the trouble is gone.
"""

from __future__ import annotations

import pygame

from ...contract import AppView
from ...kit.widgets import INK, MUTED, TITLE, W, Widget, button, paragraph, text
from ...words.i18n import _
from ..parts import Screen


def trouble_text(kind: str) -> tuple[str, str]:
    """(what is wrong, what to do) for a ``StoreTrouble.kind``."""
    texts = {
        "locked": (_("Another program is using the saved games."),
                   _("Close it (for example a 'helvetia' command on the console). The game "
                     "goes on by itself.")),
        "read_only": (_("The memory card or the companion's folder is read-only."),
                      _("Make it writable again (check the card's lock switch), or ask who "
                        "looks after the companion.")),
        "full": (_("The memory card is full."),
                 _("Make room on it: delete files the companion does not need.")),
        "permission": (_("The companion may not write its folder."),
                       _("Give the folder back to the companion's user (see the README).")),
        "newer": (_("The saved games come from a newer version of the companion."),
                  _("Update the companion; nothing was changed.")),
        "in_the_way": (_("Something else lies where the saved games belong."),
                       _("Move helvetia.db out of the companion's folder; nothing was "
                         "changed.")),
    }
    return texts.get(kind, (_("The memory card does not answer as it should."),
                            _("Check the card, then restart the companion.")))


def held_text(pid: int, command: str | None) -> tuple[str, str]:
    """(who holds the saved games, what happens) while another process (``pid``: a
    ``helvetia`` ``command``, or a companion when None) holds the store."""
    if command is None:
        what = _("Another companion (process {pid}) is using the saved games.").format(
            pid=pid)
    else:
        what = _("The command '{command}' (process {pid}) is using the saved games.").format(
            command=command, pid=pid)
    return what, _("The companion takes over by itself as soon as it ends.")


class StoreTroubleScreen(Screen):
    """Shown instead of the game while ``app.trouble`` is set."""

    def layout(self, app: AppView) -> list[Widget]:
        return [button("trouble:retry", (W // 2 - 110, 390, 220, 56), _("Try again"),
                       app.retry_store, style="primary")]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        trouble = app.trouble
        what, todo = trouble_text(trouble.kind if trouble is not None else "io")
        if trouble is not None and trouble.pid is not None:  # another process holds it
            what, todo = held_text(trouble.pid, trouble.command)
        text(s, _("The saved games cannot be opened"), (W // 2, 40), TITLE, INK, "center")
        paragraph(s, what, pygame.Rect(60, 96, W - 120, 76), 28, INK)
        paragraph(s, todo, pygame.Rect(60, 180, W - 120, 100), 24, INK)
        paragraph(s, _("Nothing was moved or deleted. The companion tries again every few "
                       "seconds; your games are there as soon as this is put right."),
                  pygame.Rect(60, 284, W - 120, 100), 24, MUTED)
