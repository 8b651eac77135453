import pytest

from services.interpreting import reference
from services.interpreting.models import InterpreterProfile
from services.members.tests.helpers import approved


def test_rwanda_has_thirty_districts_in_five_provinces_each_with_a_centre_inside_the_country():
    assert len(reference.DISTRICT_NAMES) == len(set(reference.DISTRICT_NAMES)) == 30
    assert {province for _, province, _, _ in reference.DISTRICTS} == {
        "Kigali City",
        "Northern",
        "Southern",
        "Eastern",
        "Western",
    }
    for _, _, latitude, longitude in reference.DISTRICTS:
        assert -2.9 < latitude < -1.0 and 28.8 < longitude < 31.0


def test_values_are_accepted_in_any_capitals_and_answered_as_written():
    assert reference.normalise("  rwandan  sign LANGUAGE ", reference.LANGUAGES) == "Rwandan Sign Language"
    assert reference.normalise("gasabo", reference.DISTRICT_NAMES) == "Gasabo"
    assert reference.normalise("Atlantis", reference.DISTRICT_NAMES) is None
    assert reference.normalise(3, reference.DISTRICT_NAMES) is None
    known, unknown = reference.normalise_all(["huye", "Gasabo", "HUYE", "Mars"], reference.DISTRICT_NAMES)
    assert known == ["Gasabo", "Huye"] and unknown == ["Mars"]


@pytest.mark.django_db
def test_a_profile_is_found_by_each_of_its_languages_districts_and_settings_and_by_no_other():
    profile = InterpreterProfile.objects.create(
        member=approved(1),
        display_name="Aline",
        sign_languages=["Rwandan Sign Language"],
        spoken_languages=["Kinyarwanda"],
        districts=["Gasabo"],
        settings=["medical"],
    )
    serving = InterpreterProfile.objects.serving
    assert list(serving(language="Rwandan Sign Language", district="Gasabo", setting="medical")) == [profile]
    assert not serving(setting="media").exists()  # "media" is not "medical"
    assert not serving(district="Huye").exists()
    profile.districts = ["Huye"]
    profile.save(update_fields=["districts"])
    assert serving(district="Huye").get() == profile
