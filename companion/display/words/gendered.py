"""A word that knows the grammatical gender of what it names, so that a translation can agree
with it: ``{sex:un aldeano/una aldeana}`` picks the masculine or the feminine form by the
villager's sex, while a plain ``{sex}`` is the word itself ("hombre", "mujer"). A catalogue
needs no extra field for it: the choice is the field's format spec."""

from __future__ import annotations


class Gendered(str):
    """A word with a gender: ``format(w, "masculine form/feminine form")`` chooses one."""

    feminine: bool

    def __new__(cls, text: str, feminine: bool) -> Gendered:
        out = super().__new__(cls, text)
        out.feminine = feminine
        return out

    def __format__(self, spec: str) -> str:
        if "/" not in spec:
            return format(str(self), spec)
        masculine, feminine = spec.split("/", 1)
        return feminine if self.feminine else masculine
