"""Nothing missing, nothing stale: the server's catalogues hold exactly the texts the code marks for
translation, every one translated in every language, with the right plural forms and placeholders."""

import shutil
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import translation
from django.utils.translation import gettext, ngettext

from conftest import ROOT, need
from services.core.catalogues import PLURAL_FORMS, CatalogueError, compile_catalogues, format_faults

LANGUAGES = [code for code, _name in settings.LANGUAGES]
TRANSLATED = [code for code in LANGUAGES if code != "en"]  # English is the source: msgid = text


def catalogue(language: str) -> polib.POFile:
    return polib.pofile(str(ROOT / "services" / "locale" / language / "LC_MESSAGES" / "django.po"))


def keys(entries) -> set[tuple[str, str, str]]:
    return {(entry.msgctxt or "", entry.msgid, entry.msgid_plural or "") for entry in entries}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> set[tuple[str, str, str]]:
    """What `make messages` finds in the code today, extracted into a scratch folder."""
    need(
        shutil.which("xgettext") is not None, "gettext's xgettext is not installed (apt-get install gettext)"
    )
    scratch = tmp_path_factory.mktemp("locale")
    with pytest.MonkeyPatch.context() as patch, translation.override("en"):
        patch.chdir(ROOT)
        patch.setattr(settings, "LOCALE_PATHS", [scratch])
        call_command("messages_extract", locale=["en"], verbosity=0)
    return keys(polib.pofile(str(scratch / "en" / "LC_MESSAGES" / "django.po")))


def test_the_code_marks_texts_for_translation(extracted):
    assert len(extracted) > 150
    assert ("", "Full name is required", "") in extracted  # Python
    assert ("", "Dear %(name)s,", "") in extracted  # e-mail templates


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_catalogue_holds_every_text_of_the_code_and_nothing_else(extracted, language):
    po = catalogue(language)
    present = keys(entry for entry in po if not entry.obsolete)
    assert not extracted - present, (
        f"missing in {language} (run `make messages`): {sorted(extracted - present)}"
    )
    assert not present - extracted, (
        f"stale in {language} (run `make messages`): {sorted(present - extracted)}"
    )
    assert not po.obsolete_entries(), f"obsolete entries in {language}: run `make messages`"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_catalogue_names_its_language_and_plural_rule(language):
    po = catalogue(language)
    assert po.metadata["Language"] == language
    assert po.metadata["Plural-Forms"] == PLURAL_FORMS[language]
    assert po.metadata["Content-Type"] == "text/plain; charset=UTF-8"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_text_is_translated_and_none_is_a_guess(language):
    po = catalogue(language)
    nplurals = int(PLURAL_FORMS[language].split("nplurals=")[1].split(";")[0])
    untranslated = [entry.msgid for entry in po if not entry.translated()]
    assert not untranslated, f"untranslated or fuzzy in {language}: {untranslated}"
    for entry in po:
        if entry.msgid_plural:
            assert sorted(entry.msgstr_plural) == list(range(nplurals)), entry.msgid
            assert all(text.strip() for text in entry.msgstr_plural.values()), entry.msgid


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders_the_code_fills_in(language):
    po = catalogue(language)
    path = Path(po.fpath)
    assert format_faults(path, po) == []


def test_a_translation_that_loses_a_placeholder_is_refused(tmp_path):
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Plural-Forms": PLURAL_FORMS["fr"]}
    po.append(polib.POEntry(msgid="Dear %(name)s,", msgstr="Bonjour,", flags=["python-format"]))
    po.append(polib.POEntry(msgid="%(n)d%% full", msgstr="plein à %(n)d %", flags=["python-format"]))
    po.save(str(folder / "django.po"))
    with pytest.raises(CatalogueError) as error:
        compile_catalogues(tmp_path)
    assert "Dear %(name)s," in str(error.value) and "lone %" in str(error.value)
    assert not (folder / "django.mo").exists()


def test_compiled_catalogues_translate_with_the_plural_rule_of_each_language():
    compile_catalogues()  # up to date already: nothing is rewritten, and nothing fails
    message = (
        "This event has reached its maximum capacity (%(seats)d seat). Please contact the organizer "
        "before registering."
    )
    plural = message.replace("seat)", "seats)")
    with translation.override("fr"):
        assert gettext("Full name is required") == "Le nom complet est obligatoire"
        assert "(%(seats)d place)" in ngettext(message, plural, 0)  # French: 0 is singular
        assert "(%(seats)d places)" in ngettext(message, plural, 2)
    with translation.override("rw"):
        assert gettext("Full name is required") == "Amazina yombi arakenewe"
        assert "umwanya %(seats)d" in ngettext(message, plural, 1)
        assert "imyanya %(seats)d" in ngettext(message, plural, 0)
    with translation.override("sw"):
        assert gettext("Full name is required") == "Jina kamili linahitajika"
    with translation.override("en"):
        assert ngettext(message, plural, 1).startswith("This event has reached")
