"""What the store says, as data (as the engine does, ``engine/messages.py``): a ``Message`` code
with parameters, worded by the display through gettext; ``english`` for the CLI and logs."""

from __future__ import annotations

from typing import Any

from ..engine.messages import N_, Message, Template, english_param
from ..engine.messages import english as _english

PARAM_KINDS: dict[str, str] = {
    "game": "number", "round": "number", "pid": "number", "seq": "number",
    "reason": "store_reason",  # a kind of trouble: "locked", "full", ...; worded as advice
    "seats": "seat_counts",  # ((colour, count), ...): whose actions are gone
    "detail": "raw",  # what the system said (e.g. "disk I/O error"), shown as it is
}

REASONS: dict[str, str] = {
    "locked": N_("another program is using the saved games; close it (e.g. a 'helvetia' "
                 "command) and it goes on by itself"),
    "read_only": N_("the memory card or its folder is read-only; make it writable again"),
    "full": N_("the memory card is full; make room on it"),
    "permission": N_("the companion may not write its folder; give the folder back to the "
                     "companion's user"),
    "newer": N_("they were saved by a newer companion; update this one"),
    "io": N_("the memory card does not answer as it should; check the card"),
    "diverged": N_("the saved game was changed by another writer; start the companion again"),
    "in_the_way": N_("something else lies where the saved games belong; move it away"),
}
"""What to do, per kind of trouble (the ``reason`` parameter)."""

ENGLISH: dict[str, Template] = {
    # notices at open
    "store.restored": N_("The saved games could not be read (kept aside): the last backup "
                         "was restored."),
    "store.started_new": N_("The saved games could not be read (kept aside): a new store was "
                            "started."),
    "store.repaired": N_("The saves of game {game} were damaged and have been repaired from "
                         "their second copy; nothing was lost.",
                         "The saves of {n} games were damaged and have been repaired from "
                         "their second copies; nothing was lost."),
    "store.went_back": N_("Both copies of game {game} were damaged: the game went back to "
                          "round {round}, turn of {player}; {n} action is gone: {seats}.",
                          "Both copies of game {game} were damaged: the game went back to "
                          "round {round}, turn of {player}; {n} actions are gone: {seats}."),
    "store.went_back_setup": N_("Both copies of game {game} were damaged: the game went back "
                                "to its setup; {n} action is gone: {seats}.",
                                "Both copies of game {game} were damaged: the game went back "
                                "to its setup; {n} actions are gone: {seats}."),
    "store.game_lost": N_("Game {game} could not be read from any copy (kept aside)."),
    # failures
    "store.trouble": N_("The saved games cannot be used ({detail}): {reason}."),
    "store.running": N_("The companion is already running (process {pid})."),
    "store.no_game": N_("There is no game {game}."),
    "store.no_replay": N_("Game {game} does not replay: {detail}"),
    "store.failed_new_game": N_("The new game could not be saved ({reason}); it was not "
                                "started."),
    "store.failed_action": N_("The action could not be saved ({reason}); it was not done."),
    "store.failed_undo": N_("The undo could not be saved ({reason}); nothing was undone."),
    "store.failed_abandon": N_("The game could not be set aside ({reason}); it goes on."),
    "store.waiting": N_("Waiting for the saved games: {reason}. The action is kept and "
                        "saved as soon as it can be."),
}


def english(msg: Message) -> str:
    """The English text of a store message (for the CLI, logs and tests)."""
    words: dict[str, str] = {}
    if "reason" in msg.params:
        r = msg.params["reason"]
        words["reason"] = REASONS.get(r, str(r))
    if "seats" in msg.params:
        words["seats"] = ", ".join(f"{english_param('colour', c)} {n}"
                                   for c, n in msg.params["seats"])
    if "player" in msg.params and msg.params["player"] is None:
        words["player"] = "nobody"
    return _english(msg, templates=ENGLISH, words=words)


class Notices(tuple[Message, ...]):
    """What the store says at open: its messages; ``str()`` in English."""

    def __str__(self) -> str:
        return " ".join(english(m) for m in self)

    def __contains__(self, item: Any) -> bool:  # "restored" in notices: by code or words
        if isinstance(item, str):
            return any(item in m.code or item in english(m) for m in self)
        return super().__contains__(item)
