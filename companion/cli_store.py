"""Which game store a ``helvetia`` command acts on: the one the service uses, whoever asks.

The service keeps its store in its StateDirectory, ``/var/lib/helvetia``; a command run by
hand over SSH has no ``$STATE_DIRECTORY`` and would otherwise use (and create) a store of its
own in the user's home. The order: the configuration's ``data_dir`` (or the service's
``$STATE_DIRECTORY``), then ``/var/lib/helvetia`` when it exists and the caller may read it,
then the user's own. A reading command never creates a store.

Root acts on the service's store on behalf of the store's owner: no file it makes in there (a
write-ahead log, a new database) stays root's and locks the service out.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from .config import Config, default_data_dir

SERVICE_DIR = Path("/var/lib/helvetia")
STORE_FILE = "helvetia.db"
READING = frozenset({"games", "export", "stats"})
"""Commands that only read: they never create a store."""


@dataclass(frozen=True)
class Place:
    directory: Path
    why: str
    """Where it comes from, for the line on stderr."""
    chosen: bool = False
    """Named in the configuration (``data_dir``): no need to say which."""

    @property
    def path(self) -> Path:
        return self.directory / STORE_FILE

    @property
    def exists(self) -> bool:
        return self.path.exists()


def find(config: Config, env: Mapping[str, str], service_dir: Path | None = None) -> Place:
    """The store a command acts on, and why that one."""
    own = default_data_dir(env)
    service_dir = SERVICE_DIR if service_dir is None else service_dir
    if config.data_dir != own:
        return Place(config.data_dir, f"data_dir in {config.source}", chosen=True)
    if env.get("STATE_DIRECTORY"):
        return Place(own, "the service's StateDirectory")
    if service_dir.is_dir():
        if os.access(service_dir, os.R_OK | os.X_OK):
            return Place(service_dir, "the service's")
        return Place(own, f"your own: the service's, {service_dir}, is not readable by you "
                          f"(run the command with sudo)")
    return Place(own, "your own")


def describe(place: Place) -> str:
    missing = "" if place.exists else " (there is none yet)"
    return f"the store {place.path}{missing}: {place.why}"


@contextlib.contextmanager
def as_owner(directory: Path) -> Iterator[None]:
    """Root, in a directory another user owns: every file the block made in it is given to
    that user at the end (SQLite's write-ahead log, a new store, a damaged one set aside), so
    that the service can still write them all. Anyone else: nothing to do."""
    try:
        st = directory.stat()
    except OSError:
        st = None
    try:
        yield
    finally:
        if os.geteuid() == 0 and st is not None and st.st_uid != 0:
            hand_back(directory, st.st_uid, st.st_gid)


def hand_back(directory: Path, uid: int, gid: int) -> None:
    """Every file and folder root made under ``directory`` (the journals' folder and each
    game's journal, written afresh when healed, included) given to ``uid``:``gid``; links
    are not followed."""
    for root, dirs, files in os.walk(directory):
        for name in (*dirs, *files):
            path = Path(root) / name
            with contextlib.suppress(OSError):
                if path.lstat().st_uid == 0:
                    os.chown(path, uid, gid, follow_symlinks=False)
