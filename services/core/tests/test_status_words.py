"""core.status_words: one word per stored status or type, the stored English value itself in English,
translated in the reader's language, agreeing with its noun where the language needs it."""

import pytest
from django.utils import translation

from services.core.status_words import WORDS, status_word
from services.events.models import Event
from services.members.models import Member
from services.registrations.models import Registration

LANGUAGES = ("en", "rw", "fr", "sw")


@pytest.mark.parametrize(
    ("kind", "values"),
    [
        ("registration", Registration.Status.values),
        ("member", Member.Approval.values),
        ("event", Event.Status.values),
        ("membership_type", Member.MembershipType.values),
    ],
)
def test_every_stored_value_has_a_word_and_in_english_it_is_the_value(kind, values):
    assert set(WORDS[kind]) == set(values)
    with translation.override("en"):
        assert [status_word(kind, value) for value in values] == list(values)


@pytest.mark.parametrize("language", ("rw", "fr", "sw"))
def test_every_word_is_translated(language):
    with translation.override(language):
        for kind, words in WORDS.items():
            for value in words:
                assert status_word(kind, value) != value, (language, kind, value)


def test_the_words_of_each_language():
    expected = {
        "rw": ("Byemejwe", "Byemejwe", "Umushinga", "Umuntu ku giti cye"),
        "fr": ("Approuvée", "Approuvé", "Brouillon", "Individuel"),
        "sw": ("Imeidhinishwa", "Imeidhinishwa", "Rasimu", "Binafsi"),
    }
    for language, words in expected.items():
        with translation.override(language):
            found = (
                status_word("registration", "Approved"),  # une inscription approuvée
                status_word("member", "Approved"),  # un membre approuvé
                status_word("event", "Draft"),
                status_word("membership_type", "Individual"),
            )
        assert found == words, language


def test_an_unknown_value_is_written_as_it_is():
    with translation.override("fr"):
        assert status_word("registration", "Archived") == "Archived"
    with pytest.raises(KeyError):
        status_word("ticket", "Pending")
