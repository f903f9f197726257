"""Keep the translations up to date: ``python -m companion.display.words.catalogues``.

Extracts every text marked in the display (``_``, ``N_``, ``ngettext``) and every English
template of the engine's messages (``ENGLISH`` of ``companion.engine.messages`` and
``companion.engine.table``, each with its code as a comment for the translator) with Babel,
merges them into ``locale/<lang>/LC_MESSAGES/helvetia.po`` for every language (new texts
come in untranslated, never as fuzzy guesses; texts no longer used are dropped), fills the
English catalogue with the English itself, and compiles the ``.mo`` files next to them (the
build does the same for a wheel). Then translate what ``--check`` lists as missing; it also
lists a translation whose fields do not fit its English (a field the English lacks, or an
article form that does not exist: ``articles``).
"""

from __future__ import annotations

import argparse
import ast
import copy
import string
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from ... import games
from . import articles, i18n

ROOT = Path(__file__).resolve().parents[3]
GAME_MESSAGES = [Path(m.replace(".", "/") + ".py") for m in games.message_modules()]
"""The games' own modules of message templates."""
SOURCES = [Path("companion/display"), Path("companion/engine/messages.py"),
           Path("companion/engine/table.py"), Path("companion/engine/table_words.py"),
           Path("companion/store/messages.py"), *GAME_MESSAGES, Path("companion/controls.py")]
"""The display, and the modules of message templates (``ENGLISH``): the engine's, the
store's, the seat buttons' and each game's own."""
KEYWORDS: dict[str, Any] = {"_": None, "N_": {1: None, 2: (1, 2)}, "ngettext": (1, 2),
                           "pgettext": ((1, "c"), 2)}
"""``N_`` marks one text (the display's) or a singular and its plural (the engine's)."""


def po_path(lang: str) -> Path:
    return i18n.LOCALE / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def _files() -> Iterator[Path]:
    for src in SOURCES:
        path = ROOT / src
        if path.is_dir():
            yield from sorted(path.rglob("*.py"))
        elif path.exists():
            yield path


def _codes(path: Path) -> dict[int, str]:
    """Line -> message code, for the templates of a ``{code: N_(...)}`` table: the code goes
    into the catalogue as a comment for the translator."""
    out = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values, strict=True):
                if (isinstance(k, ast.Constant) and isinstance(k.value, str)
                        and isinstance(v, ast.Call) and getattr(v.func, "id", "") == "N_"):
                    out[v.lineno] = k.value
    return out


def template_catalogue() -> Catalog:
    """Every text to translate (the .pot, kept in memory), read from the source files alone
    (nothing is imported, so a module half-way through a change cannot lose texts)."""
    cat = Catalog(project="Helvetia Companion", domain=i18n.DOMAIN, fuzzy=False)
    for path in _files():
        rel = path.relative_to(ROOT).as_posix()
        codes = _codes(path) if rel.startswith(
            ("companion/engine/", "companion/store/", "companion/controls.py",
             *(p.as_posix() for p in GAME_MESSAGES))) else {}
        for lineno, msg, comments, context in extract_from_file(
                "python", path, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            if lineno in codes:
                comments = [*comments, codes[lineno]]
            old = cat.get(msg, context)
            if old is not None:
                comments = [c for c in comments if c not in old.auto_comments]
            cat.add(msg, None, [(rel, lineno)], auto_comments=comments, context=context)
    return cat


def read(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain=i18n.DOMAIN, project="Helvetia Companion",
                       fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=i18n.DOMAIN)


def write(lang: str, cat: Catalog) -> None:
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    cat.fuzzy = False
    with path.open("wb") as f:
        write_po(f, cat, width=100, omit_header=False, ignore_obsolete=True,
                 include_previous=False, sort_output=False)
    with path.with_suffix(".mo").open("wb") as f:
        write_mo(f, cat, use_fuzzy=False)


def update() -> dict[str, tuple[int, int]]:
    """Merge the current texts into every language; (translated, total) by language."""
    pot = template_catalogue()
    out = {}
    for lang in i18n.LANGUAGES:
        cat = read(lang)
        cat.update(copy.deepcopy(pot), no_fuzzy_matching=True)  # update shares its messages
        cat.obsolete.clear()
        for m in cat:
            if not m.id:
                continue
            m.flags.discard("fuzzy")
            if lang == "en" and not _translated(m):
                m.string = m.id
        write(lang, cat)
        out[lang] = status(cat)
    return out


def _translated(m: object) -> bool:
    s = m.string  # type: ignore[attr-defined]
    return all(s) if isinstance(s, (tuple, list)) else bool(s)


def status(cat: Catalog) -> tuple[int, int]:
    """(translated and not fuzzy, all) messages of a catalogue."""
    msgs = [m for m in cat if m.id]
    return sum(_translated(m) and not m.fuzzy for m in msgs), len(msgs)


def missing(lang: str) -> list[str]:
    """The texts not yet translated (or only fuzzy) in a language's catalogue."""
    pot = template_catalogue()
    cat = read(lang)
    out = []
    for t in pot:
        if not t.id:
            continue
        m = cat.get(t.id, t.context)
        if m is None or m.fuzzy or not _translated(m):
            out.append(t.id if isinstance(t.id, str) else t.id[0])
    return out


def problems(lang: str) -> list[str]:
    """The translations whose fields do not fit their English: a field the English does not
    have, or an article asked of a field that is not a name or in a form the language does not
    have ("{building:den}" is German, see ``articles``). Each as "English -> what is wrong"."""
    out = []
    for m in read(lang):
        if not m.id or not _translated(m):
            continue
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        try:
            allowed = {f for i in ids for _l, f, _s, _c in string.Formatter().parse(i) if f}
        except ValueError:  # an English text with a lone brace: it has no fields
            allowed = set()
        for s in strings:
            out += [f"{ids[0]!r} -> {p}" for p in articles.problems(s or "", allowed, lang)]
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m companion.display.words.catalogues",
                                description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true",
                   help="change nothing; list what is untranslated or has fields that do not "
                        "fit its English; exit 1 if anything is")
    args = p.parse_args(argv)
    if args.check:
        bad = 0
        for lang in i18n.LANGUAGES:
            miss, wrong = missing(lang), problems(lang)
            bad += len(miss) + len(wrong)
            print(f"{lang}: {len(miss)} missing, {len(wrong)} with fields that do not fit")
            for m in [*miss, *wrong]:
                print(f"  {m}")
        return 1 if bad else 0
    for lang, (done, total) in update().items():
        print(f"{lang}: {done}/{total} translated ({100 * done / max(total, 1):.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
