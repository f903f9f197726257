"""Nothing above the games' interface names a game: a module outside the game packages
(``companion/games/``, each game's rules package) and the game's own modules (their path
names the game: its screens, LEDs, history, stored data) never mentions a game other than the
default one (Helvetia, whose name is the app's). A game plugged in from elsewhere (the toy
game in ``tests/toy``) is held to the same."""

from __future__ import annotations

import re
from pathlib import Path

from companion import games

COMPANION = Path(__file__).resolve().parent.parent.parent / "companion"


def own(path: Path, name: str) -> bool:
    """A module of the game ``name``'s own: in ``companion/games/`` or on a path naming it."""
    rel = path.relative_to(COMPANION).as_posix()
    return rel.startswith("games/") or name in rel.lower()


def named(text: str, name: str, title: str) -> bool:
    return bool(re.search(rf"\b{re.escape(name)}\b|{re.escape(title)}", text, re.IGNORECASE))


def test_no_module_above_the_interface_names_a_game() -> None:
    from tests.toy import NAME, plug_in

    plug_in()  # the toy game too, plugged in for this test only
    try:
        others = {n: t for n, t in games.titles().items() if n != games.DEFAULT}
    finally:
        games.unregister(NAME)
    assert "drunter" in others and NAME in others
    offenders = sorted(
        f"{path.relative_to(COMPANION)} names {name}"
        for path in COMPANION.rglob("*.py")
        for name, title in others.items()
        if not own(path, name) and named(path.read_text(encoding="utf-8"), name, title))
    assert offenders == []


def test_the_check_sees_a_module_that_names_a_game(tmp_path: Path) -> None:
    assert named('from .. import drunter\n', "drunter", "Drunter & Drüber")
    assert named('"Race to Ten"', "race", "Race to Ten")
    assert not named("a trace of the embraced", "race", "Race to Ten")
    assert own(COMPANION / "display/screens/drunter_turn.py", "drunter")
    assert not own(COMPANION / "display/app.py", "drunter")
