"""Articles before building and good names in German and French (issue 20, FR/DE wording):
"Blau nimmt die Mühle", not "Blau nimmt Mühle"; "le coût de l'étable", not "le coût de
Étable". The genders are data beside the names; a translation asks for a form with a spec."""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

from companion.display.words import articles, catalogues, i18n
from companion.display.words.articles import FORMS, GENDERS, Noun
from companion.engine import load_catalogue
from companion.engine.messages import Message
from tests.display.test_i18n import engine_templates, fields, read, sample_params

DATA = json.loads(i18n.CATALOGUE_FILE.read_text(encoding="utf-8"))
BUILDINGS = sorted(DATA["buildings"])
GOODS = sorted(DATA["goods"])


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")
    i18n.set_players(())


def players(*names: tuple[str, str]) -> None:
    i18n.set_players([type("P", (), {"colour": c, "name": n})() for c, n in names])


# --- the data ---------------------------------------------------------------------------------

def test_every_building_and_good_has_a_gender_in_every_language_with_articles() -> None:
    for kind in ("buildings", "goods"):
        for key, entry in DATA[kind].items():
            assert set(entry["gender"]) == set(GENDERS), (kind, key)
            for lang, gender in entry["gender"].items():
                assert gender in GENDERS[lang], (kind, key, lang, gender)


# Checked against a dictionary: each name as the catalogue has it, with its gender.
DICTIONARY = {
    "de": {"Mühle": "f", "Brunnenmeister": "m", "Wirtshaus": "n", "Kirche": "f",
           "Gemeindehaus": "n", "Bergwerk": "n", "Backhaus": "n", "Brauhaus": "n",
           "Kuhstall": "m", "Marktplatz": "m", "Steinmetz": "m", "Getreidehof": "m",
           "Ziegelei": "f", "Eisenhütte": "f", "Käserei": "f", "Spezerei": "f",
           "Käse": "m", "Milch": "f", "Holz": "n", "Ziegel": "m", "Kuhglocke": "f"},
    "fr": {"Moulin": "m", "Fromagerie": "f", "Taverne": "f", "Église": "f", "Étable": "f",
           "Puits": "m", "Bûcheron": "m", "Mine": "f", "Marché bovin": "m", "Mairie": "f",
           "Place du marché": "f", "Eau": "f", "Beurre": "m", "Peau": "f", "Blé": "m"},
    "es": {"Molino": "m", "Posada": "f", "Ayuntamiento": "m", "Agua": "f", "Leche": "f"},
    "it": {"Mulino": "m", "Osteria": "f", "Ovile": "m", "Acqua": "f", "Latte": "m"},
}


@pytest.mark.parametrize("lang", list(DICTIONARY))
def test_genders_are_the_dictionary_s(lang: str) -> None:
    got = {e["name"][lang]: e["gender"][lang]
           for kind in ("buildings", "goods") for e in DATA[kind].values()}
    assert {n: got[n] for n in DICTIONARY[lang]} == DICTIONARY[lang]


# --- every name in every form -------------------------------------------------------------------

@pytest.mark.parametrize("lang", list(FORMS))
def test_every_building_and_good_takes_every_form_of_its_language(lang: str) -> None:
    i18n.use(lang)
    for kind, ids in (("buildings", BUILDINGS), ("goods", GOODS)):
        for key in ids:
            noun = i18n._named(kind, key, key)
            assert isinstance(noun, Noun) and noun.lang == lang
            name = str(noun) if lang == "de" else str(noun)[:1].lower() + str(noun)[1:]
            for spec, forms in FORMS[lang].items():
                text = f"{noun:{spec}}"
                assert text.endswith(name), (key, spec, text)
                word = text[: len(text) - len(name)].rstrip()
                assert word in {f.rstrip() for f in forms if f}, (key, spec, text)
                capital = f"{noun:{spec[0].upper() + spec[1:]}}"
                assert capital == text[0].upper() + text[1:]
            assert f"{noun}" == str(noun) == DATA[kind][key]["name"][lang]


@pytest.mark.parametrize(("lang", "key", "spec", "expected"), [
    ("de", "mill", "den", "die Mühle"), ("de", "well", "den", "den Brunnenmeister"),
    ("de", "inn", "den", "das Wirtshaus"), ("de", "mill", "dem", "der Mühle"),
    ("de", "cow_shed", "vom", "vom Kuhstall"), ("de", "brickyard", "vom", "von der Ziegelei"),
    ("de", "church", "keinen", "keine Kirche"), ("de", "well", "kein", "kein Brunnenmeister"),
    ("de", "bakehouse", "einen", "ein Backhaus"), ("de", "mill", "zum", "zur Mühle"),
    ("fr", "mill", "le", "le moulin"), ("fr", "cheese_dairy", "le", "la fromagerie"),
    ("fr", "church", "le", "l'église"), ("fr", "mill", "du", "du moulin"),
    ("fr", "town_hall", "du", "de la mairie"), ("fr", "cow_shed", "du", "de l'étable"),
    ("fr", "mill", "au", "au moulin"), ("fr", "inn", "au", "à la taverne"),
    ("fr", "grocer", "au", "à l'épicerie"), ("fr", "grocer", "de", "d'épicerie"),
    ("fr", "inn", "un", "une taverne"), ("fr", "church", "Aucun", "Aucune église"),
    ("es", "church", "el", "la iglesia"), ("es", "mill", "del", "del molino"),
])
def test_a_building_with_its_article(lang: str, key: str, spec: str, expected: str) -> None:
    i18n.use(lang)
    assert format(i18n.word("building", key), spec) == expected


def test_water_takes_el_in_spanish_and_a_form_a_language_lacks_is_an_error() -> None:
    i18n.use("es")
    water = i18n.word("good", "water")
    assert (f"{water:el}", f"{water:un}", f"{water:del}") == ("el agua", "un agua", "del agua")
    i18n.use("de")
    with pytest.raises(ValueError, match="no article form 'le' in 'de'; there are der, den"):
        format(i18n.word("building", "mill"), "le")
    with pytest.raises(ValueError, match="no gender 'x'"):
        Noun("Mühle", "de", "x")
    i18n.use("en")
    assert type(i18n.word("building", "mill")) is str  # English needs no grammar


def test_a_name_survives_copy_and_pickle_with_its_gender() -> None:
    import copy
    import pickle

    mill = Noun("Mühle", "de", "f")
    for again in (copy.deepcopy(mill), pickle.loads(pickle.dumps(mill))):
        assert (again, again.gender, f"{again:den}") == ("Mühle", "f", "die Mühle")
    assert json.dumps({"b": mill}, ensure_ascii=False) == '{"b": "Mühle"}'


# --- whole sentences --------------------------------------------------------------------------

GERMAN = [
    (Message("type_twice", {"player": "red", "building": "town_hall"}),
     "Anna hat schon ein Gemeindehaus. Niemand wählt einen Gebäudetyp zweimal."),
    (Message("not_in_pool", {"building": "mill"}),
     "Unter den Startgebäuden ist keine Mühle mehr übrig."),
    (Message("not_held", {"player": "blue", "building": "cow_shed"}),
     "Ben hat keinen Kuhstall."),
    (Message("wrong_good", {"building": "dairy", "made": "milk", "good": "water"}),
     "Die Molkerei stellt Milch her, nicht Wasser."),
    (Message("pay.step", {"good": "brick", "building": "brickyard"}),
     "Ziegel von der Ziegelei"),
    (Message("table.supply_to_building", {"player": "red", "sex": "f", "building": "inn",
                                          "cell": (-1, 0), "village": "red"}),
     "Anna: stelle eine Figur (Frau) aus deinem Vorrat auf das Wirtshaus (Dorf von Anna, "
     "links der Dorfmitte)."),
    (Message("table.back.child", {"player": "blue", "sex": "m", "building": "mill",
                                  "cell": (-1, 0)}),
     "Ben: nimm das Kind (Junge) von der Mühle (links der Dorfmitte) zurück in den Vorrat."),
]
FRENCH = [
    (Message("type_twice", {"player": "red", "building": "town_hall"}),
     "Anna a déjà une mairie : personne ne prend un type deux fois."),
    (Message("not_held", {"player": "blue", "building": "cow_shed"}),
     "Ben n'a pas d'étable."),
    (Message("cost_unknown", {"building": "church"}),
     "Le coût de l'église n'est pas encore connu : saisis les ressources en haut à gauche de "
     "la tuile."),
    (Message("wrong_good", {"building": "dairy", "made": "milk", "good": "water"}),
     "La laiterie produit du beurre, pas de l'eau."),
    (Message("option.build", {"building": "mill"}), "Construire le moulin"),
    (Message("pay.step", {"good": "wood", "building": "woodcutter"}), "Bois du bûcheron"),
    (Message("no_worker", {"player": "red", "building": "grocer", "cell": (-1, 0),
                           "village": "blue"}),
     "Anna n'a pas d'habitant sur l'épicerie (à gauche de la place, village de Ben)."),
]

SPANISH = [
    (Message("not_held", {"player": "blue", "building": "church"}),
     "Ben no tiene ninguna iglesia."),
    (Message("type_twice", {"player": "red", "building": "mill"}),
     "Anna ya tiene un molino: nadie toma un tipo dos veces."),
    (Message("pay.step", {"good": "wood", "building": "woodcutter"}), "Madera del leñador"),
]
ITALIAN = [
    (Message("not_held", {"player": "blue", "building": "inn"}), "Ben non ha un'osteria."),
    (Message("pay.step", {"good": "milk", "building": "dairy"}), "Latte dai latticini"),
    (Message("occupied", {"building": "goat_shed", "cell": (-1, 0)}),
     "L'ovile (a sinistra del centro) ha già un abitante."),
    (Message("pay.step", {"good": "wood", "building": "woodcutter"}), "Legno dal boscaiolo"),
]


@pytest.mark.parametrize(("lang", "message", "expected"),
                         [("de", m, e) for m, e in GERMAN] + [("fr", m, e) for m, e in FRENCH]
                         + [("es", m, e) for m, e in SPANISH]
                         + [("it", m, e) for m, e in ITALIAN])
def test_sentences_read_whole(lang: str, message: Message, expected: str) -> None:
    i18n.use(lang)
    players(("red", "Anna"), ("blue", "Ben"))
    assert i18n.say(message) == expected


@pytest.mark.parametrize(("lang", "last", "expected"), [
    ("de", False, "Blau nimmt die Mühle"), ("de", True, "Blau nimmt den Brunnenmeister "
                                                         "(letztes Plättchen)"),
    ("fr", False, "Bleu prend le moulin"), ("fr", True, "Bleu prend l'église (dernière tuile)"),
])
def test_the_draft_says_who_takes_which_building(lang: str, last: bool, expected: str) -> None:
    """The setup screen's words (``_`` and ``format`` on the screen, not ``say``)."""
    i18n.use(lang)
    cat = load_catalogue()
    tmpl = i18n._("{who} takes the last {building}" if last else "{who} takes the {building}")
    key = ("well" if lang == "de" else "church") if last else "mill"
    assert tmpl.format(who=i18n.colour("blue"), building=i18n.building(cat, key)) == expected


def test_a_missing_good_takes_no_article_and_fails_nothing() -> None:
    i18n.use("fr")
    text = i18n.say(Message("not_buyable", {"good": None}))
    assert text.endswith("pas rien."), text
    assert articles.fill("{good:du}", good="rien") == "rien"


@pytest.mark.parametrize("lang", ["de", "fr", "es", "it"])
def test_every_message_with_a_name_reads_with_every_building_and_good(lang: str) -> None:
    """Every template that names a building or good, with each of them: no error, no field
    left, no article twice ("die die Mühle", "le la mairie")."""
    i18n.use(lang)
    players(("red", "Anna"))
    doubled = re.compile({"de": r"\b(der|die|das|den|dem|vom|zum)\s+(der|die|das|den|dem)\b",
                          "fr": r"\b(le|la|du|au|de)\s+(le|du|au)\b|\b(le|la|du|au)\s+(la\b|l')",
                          "es": r"\b(el|la|del|al)\s+(el|la|del|al)\b",
                          "it": r"\b(il|lo|la|del|sul|dal)\s+(il|lo|la)\b|\b(il|lo|la)\s+l'"
                          }[lang], re.I)
    for code, tmpl in engine_templates().items():
        names = fields(tmpl) & {"building", "good", "made", "input"}
        if not names:
            continue
        for i in range(max(len(BUILDINGS), len(GOODS))):
            params = sample_params(tmpl)
            for f in names:
                ids = BUILDINGS if f == "building" else GOODS
                params[f] = ids[i % len(ids)]
            text = i18n.say(Message(code, params))
            assert "{" not in text and not doubled.search(text), (code, text)


# --- the catalogue check ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_translation_asks_only_for_forms_its_language_has(lang: str) -> None:
    assert catalogues.problems(lang) == []


def test_the_check_names_a_wrong_field_a_wrong_form_and_an_article_on_a_player() -> None:
    allowed = {"who", "building"}
    assert articles.problems("{who} nimmt {building:den}", allowed, "de") == []
    assert articles.problems("{who} nimmt {building:le}", allowed, "de") == [
        "{building:le}: no article form 'le' in 'de'; there are " + ", ".join(FORMS["de"])]
    assert articles.problems("{who:den} nimmt {building}", allowed, "de") == [
        "{who:den}: only a name (building, good, input, made, source) takes an article"]
    assert articles.problems("{wer} nimmt {building}", allowed, "de") == [
        "{wer}: the English has no {wer}"]
    assert articles.problems("{building:the}", allowed, "en")[0].endswith("there are none")


def test_check_lists_a_translation_with_a_wrong_form(tmp_path: Any, monkeypatch: Any,
                                                    capsys: Any) -> None:
    import shutil

    for lang in i18n.LANGUAGES:
        src = catalogues.po_path(lang)
        dst = tmp_path / lang / "LC_MESSAGES" / src.name
        dst.parent.mkdir(parents=True)
        shutil.copy(src, dst)
    po = tmp_path / "de" / "LC_MESSAGES" / "helvetia.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr "{who} nimmt {building:den}"',
                               'msgstr "{who} nimmt {building:akk}"'), encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE", tmp_path)
    assert catalogues.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert "de: 0 missing, 1 with fields that do not fit" in out
    assert "'{who} takes the {building}' -> {building:akk}: no article form 'akk'" in out


# --- the stilted dodges are gone ----------------------------------------------------------------

DODGES = {"de": [r"hat schon: \{building", r"kein Gebäude \{building", r"keins mehr übrig",
                 r"Kosten von \{building", r"nimmt \{building\}"],
          "fr": [r"a déjà : \{building", r"sur le bâtiment \{building", r"de \{building\}",
                 r"prend \{building\}", r"Construire : \{building"],
          "es": [r"ya tiene: \{building\}", r"no tiene: \{building\}", r"no queda: \{building\}",
                 r"toma \{building\}", r"coste de \{building"],
          "it": [r"ha già: \{building\}", r"non ha: \{building\}", r"non resta: \{building\}",
                 r"prende \{building\}", r"costo di \{building", r"su \{building\}"]}


@pytest.mark.parametrize("lang", list(DODGES))
def test_no_template_dodges_the_article_any_more(lang: str) -> None:
    texts = [s for m in read(lang) if m.id
             for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    for pattern in DODGES[lang]:
        assert not [t for t in texts if re.search(pattern, t)], pattern


def test_fields_still_parse_with_a_spec() -> None:
    parsed = [f for _l, f, _s, _c in string.Formatter().parse("{who} nimmt {building:den}")]
    assert parsed == ["who", "building"]
