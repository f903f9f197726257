"""The screens' contract (``display/contract.py``): the app keeps it, the screens use nothing
else of the app, no screen calls the store's module or reads the engine's privates, no import
cycle among the screens. (That the screens type-check against the contract is mypy's, a step of
scripts/test.sh: pyproject's [tool.mypy] says which files.)"""

from __future__ import annotations

import ast
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.contract import AppView

ROOT = Path(__file__).resolve().parent.parent.parent
DISPLAY = ROOT / "companion" / "display"
SCREENS = DISPLAY / "screens"


def members() -> set[str]:
    names = set(AppView.__annotations__)
    names |= {n for n, v in vars(AppView).items() if callable(v) and not n.startswith("_")}
    names |= {n for n, v in vars(AppView).items() if isinstance(v, property)}
    return names


def test_the_app_has_every_member_of_the_contract(tmp_path: Path) -> None:
    app = App(Config(language="en", data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    try:
        assert {"session", "apply", "show", "overlay", "keep_language", "busy", "beside"} \
            <= members()
        assert "state" not in members()  # a game's own state: the session's, by its kind
        missing = [n for n in sorted(members()) if not hasattr(app, n)]
        assert missing == []
        assert app.view() is app
    finally:
        app.close()


def screen_sources() -> list[Path]:
    return sorted(SCREENS.rglob("*.py"))


@pytest.mark.parametrize("path", screen_sources(), ids=lambda p: str(p.relative_to(SCREENS)))
def test_a_screen_uses_only_the_contract(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = members() | {"view"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):  # never the store's module itself
            assert not (node.level >= 3 and node.module in (None, "store")
                        and (node.module == "store" or any(a.name == "store"
                                                          for a in node.names))), path
            assert not (node.module or "").startswith("companion.store"), path
        if isinstance(node, ast.Attribute):
            assert node.attr != "_states", f"{path.name}:{node.lineno}: the engine's private"
            value = node.value
            is_app = (isinstance(value, ast.Name) and value.id == "app") or (
                isinstance(value, ast.Attribute) and value.attr == "app"
                and isinstance(value.value, ast.Name) and value.value.id == "self")
            if is_app:
                assert node.attr in allowed, f"{path.name}:{node.lineno}: app.{node.attr}"


