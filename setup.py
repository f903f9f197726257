"""Build step: compile the gettext catalogues (``.po``) into ``.mo`` with Babel.

The ``.mo`` files are not kept in git: they are built from the ``.po`` (the one source) by
``build_py``, for a wheel into the build directory, and for an editable install (the checkout,
``pip install -e .``) next to the ``.po`` in the source tree. Every language folder under
``companion/display/locale`` is picked up. Fuzzy entries never ship: Babel's ``write_mo``
leaves them out unless asked for them (``use_fuzzy``), so a guess awaiting review stays
English on screen instead of showing a possibly wrong translation.

All other metadata is in ``pyproject.toml``.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LOCALE = Path("companion", "display", "locale")


def compile_catalogues(source: Path, target: Path) -> list[Path]:
    """Compile every ``source/<lang>/LC_MESSAGES/*.po`` to ``target/<lang>/LC_MESSAGES/*.mo``
    (fuzzy entries left out); return the files written."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalogue = read_po(f, locale=po.parent.parent.name, abort_invalid=True)
        mo = target / po.relative_to(source).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as f:
            write_mo(f, catalogue, use_fuzzy=False)
        written.append(mo)
    return written


class BuildPyWithCatalogues(build_py):
    """``build_py`` that also compiles the catalogues."""

    def run(self) -> None:
        super().run()
        root = Path(__file__).resolve().parent
        # Editable: setuptools serves the package from the source tree, so the .mo go there.
        target = root / LOCALE if self.editable_mode else Path(self.build_lib) / LOCALE
        compile_catalogues(root / LOCALE, target)


if __name__ == "__main__":  # as setuptools runs it; the tests import compile_catalogues
    setup(cmdclass={"build_py": BuildPyWithCatalogues})
