"""The interpreter's own profile on their page (member session): who may have one, what is
refused, the consent recorded as shown, withdrawal reaching the cached public list through the
outbox's real handler, the photo's checks, and erasure."""

import io
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from PIL import Image

from services.audit.models import Entry as AuditEntry
from services.interpreting import photos, public_cache
from services.interpreting.models import InterpreterProfile
from services.members.models import Member
from services.members.tests.helpers import approved, bearer, make_member, signed_in
from services.registrations.tests.helpers import deliver_all

from .helpers import PROFILE

pytestmark = pytest.mark.django_db
MINE = "/api/my-membership/interpreter-profile/"
PHOTO = MINE + "photo/"
LIST = "/api/interpreters/"


@pytest.fixture(autouse=True)
def _fresh_cache():
    public_cache.invalidate()
    yield
    public_cache.invalidate()


def put(client, access, payload):
    return client.put(MINE, data=payload, content_type="application/json", **bearer(access))


def listed_names(client):
    return [item["display_name"] for item in client.get(LIST).json()["results"]]


def picture(width=600, height=600, kind="JPEG", exif=None) -> bytes:
    image = Image.new("RGB", (width, height), (200, 80, 40))
    image.paste((20, 120, 200), (0, 0, width // 2, height // 3))
    buffer = io.BytesIO()
    image.save(buffer, kind, **({"exif": exif} if exif is not None else {}))
    return buffer.getvalue()


def test_a_member_fills_the_profile_consents_and_is_listed_then_withdraws(client):
    member = approved(1)
    access = signed_in(client, member)
    first = client.get(MINE, **bearer(access)).json()
    assert first["eligible"] is True and first["profile"] is None and "directory" in first["consent_wording"]

    response = put(client, access, PROFILE)
    assert response.status_code == 200, response.content
    profile = response.json()["profile"]
    # Stored as written in the vocabularies, whatever the capitals sent.
    assert profile["sign_languages"] == ["Rwandan Sign Language"]
    assert profile["spoken_languages"] == ["Kinyarwanda", "English"]
    assert profile["districts"] == ["Gasabo", "Kicukiro"]
    assert profile["settings"] == ["medical"] and profile["certification_level"] == "Certified"
    assert profile["public"] is True and profile["consent_at"]
    stored = InterpreterProfile.objects.get(member=member)
    assert stored.consent_text == first["consent_wording"]  # the wording shown, recorded
    deliver_all()
    assert listed_names(client) == ["Aline U."]

    # Withdrawing: gone from the (cached) list once the outbox's handler ran.
    withdrawn = put(client, access, {**PROFILE, "listed": False, "consent": False}).json()["profile"]
    assert withdrawn["public"] is False and withdrawn["consent_at"] is None
    assert listed_names(client) == ["Aline U."]  # the cache still holds the old page ...
    assert deliver_all() >= 1  # ... until the worker's handler changes its version
    assert listed_names(client) == []
    assert client.get(f"/api/interpreters/{stored.pk}/").status_code == 404
    assert AuditEntry.objects.filter(verb="interpreter.profile_saved").count() == 2


def test_listed_needs_the_consent(client):
    access = signed_in(client, approved(1))
    response = put(client, access, {**PROFILE, "consent": False})
    assert response.status_code == 400 and "consent" in response.json()["fields"]
    assert not InterpreterProfile.objects.exists()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"districts": ["Gasabo", "Atlantis"]}, "districts"),
        ({"sign_languages": ["Klingon"]}, "sign_languages"),
        ({"spoken_languages": ["Rwandan Sign Language"]}, "spoken_languages"),
        ({"settings": ["space"]}, "settings"),
        ({"certification_level": "Grand master"}, "certification_level"),
        ({"districts": []}, "districts"),
        ({"sign_languages": []}, "sign_languages"),
        ({"display_name": ""}, "display_name"),
        ({"display_name": "Aline\nCall me"}, "display_name"),
        ({"display_name": "Aline www.example.com"}, "display_name"),
        ({"display_name": "Aline \u202eU"}, "display_name"),
        ({"bio": "x" * 601}, "bio"),
        ({"bio": "ok\x07"}, "bio"),
        ({"years_of_practice": 200}, "years_of_practice"),
    ],
)
def test_bad_input_answers_the_envelope_naming_the_field(client, change, field):
    access = signed_in(client, approved(1))
    response = put(client, access, {**PROFILE, **change})
    assert response.status_code == 400, response.content
    assert field in response.json()["fields"]
    assert not InterpreterProfile.objects.exists()


def test_a_wrong_type_answers_400_not_500(client):
    access = signed_in(client, approved(1))
    assert put(client, access, {**PROFILE, "districts": "Gasabo"}).status_code == 400
    assert put(client, access, {**PROFILE, "years_of_practice": "many"}).status_code == 400


@pytest.mark.parametrize("kind", ["institutional", "lapsed"])
def test_a_member_who_is_no_practising_individual_cannot_have_a_profile(client, kind):
    if kind == "institutional":
        member = approved(1, membership_type="Institutional", organization="RNUD")
    else:
        member = approved(1)
        Member.objects.filter(pk=member.pk).update(membership_end=timezone.localdate() - timedelta(days=60))
    access = signed_in(client, member)
    assert client.get(MINE, **bearer(access)).json()["eligible"] is False
    response = put(client, access, PROFILE)
    assert response.status_code == 403 and response.json()["code"] == "not_eligible"
    assert not InterpreterProfile.objects.exists()


def test_a_pending_applicant_has_no_session_and_anonymous_callers_get_401(client):
    make_member(1)  # pending: no sign-in link works for them
    assert client.put(MINE, data=PROFILE, content_type="application/json").status_code == 401
    assert client.get(MINE).status_code == 401


def test_the_photo_is_checked_resized_stripped_and_shown_only_while_listed(
    client, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    member = approved(1)
    access = signed_in(client, member)
    assert (
        client.post(PHOTO, {"photo": SimpleUploadedFile("a.jpg", picture())}, **bearer(access)).status_code
        == 404
    )
    put(client, access, PROFILE)

    html = SimpleUploadedFile("me.jpg", b"<html><script>alert(1)</script></html>", content_type="image/jpeg")
    refused = client.post(PHOTO, {"photo": html}, **bearer(access))
    assert refused.status_code == 400 and "photo" in refused.json()["fields"]
    tiny = client.post(
        PHOTO, {"photo": SimpleUploadedFile("t.png", picture(50, 50, "PNG"))}, **bearer(access)
    )
    assert tiny.status_code == 400

    exif = Image.Exif()
    exif[0x010F] = "SecretCamera"  # Make
    big = SimpleUploadedFile("p.jpg", picture(1200, 1500, exif=exif))
    response = client.post(PHOTO, {"photo": big}, **bearer(access))
    assert response.status_code == 200, response.content
    url = response.json()["profile"]["photo_url"]
    assert url.startswith("/api/media/interpreters/") and url.endswith(".webp")
    deliver_all()
    assert client.get(LIST).json()["results"][0]["photo_url"] == url
    served = client.get(url)
    assert served.status_code == 200 and served["Content-Type"] == "image/webp"
    data = b"".join(served.streaming_content)
    image = Image.open(io.BytesIO(data))
    assert image.format == "WEBP" and image.width == 320
    assert b"SecretCamera" not in data and not image.getexif()

    # Withdrawn: the file is no longer served.
    put(client, access, {**PROFILE, "listed": False, "consent": False})
    assert client.get(url).status_code == 404

    # Removed: the file goes.
    profile = InterpreterProfile.objects.get(member=member)
    name = profile.photo
    with django_capture_on_commit_callbacks(execute=True):
        assert client.delete(PHOTO, **bearer(access)).json()["profile"]["photo_url"] is None
    assert not (photos.folder(profile.pk) / name).exists()


def test_erasing_the_member_removes_the_profile_its_photo_and_the_cached_list(
    client, settings, tmp_path, django_capture_on_commit_callbacks
):
    from services.privacy.services import personal_data_erase

    settings.MEDIA_ROOT = tmp_path
    member = approved(1)
    access = signed_in(client, member)
    put(client, access, PROFILE)
    client.post(PHOTO, {"photo": SimpleUploadedFile("p.jpg", picture())}, **bearer(access))
    profile = InterpreterProfile.objects.get(member=member)
    deliver_all()
    assert listed_names(client) == ["Aline U."]
    assert photos.folder(profile.pk).exists()

    with django_capture_on_commit_callbacks(execute=True):
        personal_data_erase(email=member.email)
    assert not InterpreterProfile.objects.exists()
    assert not photos.folder(profile.pk).exists()
    deliver_all()
    assert listed_names(client) == []


def test_one_member_saving_over_and_over_is_limited_and_another_member_is_not(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "interpreter_profile_save": "3/h"}
    access = signed_in(client, approved(1))
    answers = [put(client, access, PROFILE).status_code for _ in range(3)]
    answers.append(client.delete(PHOTO, **bearer(access)).status_code)  # the photo counts too
    assert answers == [200, 200, 200, 429]
    assert put(client, access, PROFILE).json()["code"] == "throttled"
    # The same client address, another member: their own count.
    assert put(client, signed_in(client, approved(2)), PROFILE).status_code == 200
