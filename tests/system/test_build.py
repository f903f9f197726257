"""The build's catalogue step (setup.py): every language folder compiled with Babel, fuzzy
entries never shipped, and no compiled catalogue kept in git (the .po is the one source)."""

from __future__ import annotations

import gettext
import importlib.util
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.pofile import PoFileError

ROOT = Path(__file__).resolve().parent.parent.parent

PO = r'''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Start the game"
msgstr "{start}"

#, fuzzy
msgid "Undo"
msgstr "{guess}"

msgid "{{n}} coin"
msgid_plural "{{n}} coins"
msgstr[0] "{{n}} {coin}"
msgstr[1] "{{n}} {coins}"
'''


def build_step() -> ModuleType:
    spec = importlib.util.spec_from_file_location("helvetia_setup", ROOT / "setup.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # defines compile_catalogues; setup() runs only as main
    return module


def test_every_language_is_compiled_and_fuzzy_entries_never_ship(tmp_path: Path) -> None:
    source, target = tmp_path / "src", tmp_path / "build"
    words = {"fr": ("Commencer la partie", "Annuler", "pièce", "pièces"),
             "pt_BR": ("Começar o jogo", "Desfazer", "moeda", "moedas")}
    for lang, (start, guess, coin, coins) in words.items():
        po = source / lang / "LC_MESSAGES" / "helvetia.po"
        po.parent.mkdir(parents=True)
        po.write_text(PO.format(start=start, guess=guess, coin=coin, coins=coins),
                      encoding="utf-8")
    written = build_step().compile_catalogues(source, target)
    assert sorted(p.relative_to(target).as_posix() for p in written) == [
        "fr/LC_MESSAGES/helvetia.mo", "pt_BR/LC_MESSAGES/helvetia.mo"]
    for lang, (start, _guess, coin, coins) in words.items():
        t = gettext.translation("helvetia", target, languages=[lang])
        assert t.gettext("Start the game") == start
        assert t.gettext("Undo") == "Undo"  # fuzzy: left out, so the English shows
        assert t.ngettext("{n} coin", "{n} coins", 1) == f"{{n}} {coin}"
        assert t.ngettext("{n} coin", "{n} coins", 3) == f"{{n}} {coins}"


def test_a_broken_catalogue_stops_the_build(tmp_path: Path) -> None:
    po = tmp_path / "de" / "LC_MESSAGES" / "helvetia.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid "Undo"\nRückgängig\nmsgstr "Rückgängig"\n', encoding="utf-8")
    with pytest.raises(PoFileError, match="misformatted"):
        build_step().compile_catalogues(tmp_path, tmp_path / "out")
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                    reason="not a git checkout")
def test_no_compiled_catalogue_is_committed() -> None:
    # The build makes them from the .po; a committed .mo could only be stale.
    done = subprocess.run(["git", "ls-files", "*.mo"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "", "run: git rm --cached " + " ".join(done.stdout.split())
