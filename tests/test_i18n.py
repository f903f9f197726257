"""Translations: every text on the screens has its German, and the compiled catalogue is
the one its .po file gives."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "companion/display/locale/de/LC_MESSAGES/helvetia.po"
sys.path.insert(0, str(ROOT / "scripts"))

import msgfmt  # noqa: E402


def marked_texts() -> set[str]:
    found = set()
    for p in (ROOT / "companion/display").rglob("*.py"):
        for m in re.finditer(r'\bN?_\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\)', p.read_text()):
            found.add("".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))))
    return found


def test_every_marked_text_has_its_german() -> None:
    german = msgfmt.parse_po(PO.read_text(encoding="utf-8"))
    missing = sorted(t for t in marked_texts() if t not in german)
    assert missing == []


def test_the_compiled_catalogue_is_current() -> None:
    expected = msgfmt.mo_bytes(msgfmt.parse_po(PO.read_text(encoding="utf-8")))
    assert PO.with_suffix(".mo").read_bytes() == expected, "run: python scripts/msgfmt.py"
