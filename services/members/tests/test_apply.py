"""Applying through the public form: every rule is the server's, with the field at fault."""

import pytest

from services.members.models import Member
from services.outbox.models import OutboxMessage

from .helpers import APPLICATION, apply

pytestmark = pytest.mark.django_db


def test_an_application_is_pending_with_the_consent_recorded(client):
    response = apply(client)
    assert response.status_code == 201
    member = response.json()["member"]
    assert (member["approval_status"], member["is_active_member"], member["membership_number"]) == (
        "Pending",
        False,
        None,
    )
    assert member["phone"] == "+250788222333"
    assert (member["gender"], member["gender_declared"]) == ("Other", "Non-binary")
    assert member["areas_of_interest"] == ["Advocacy", "Training"]
    assert member["agree_to_terms"] is True and member["terms_accepted_at"]
    assert OutboxMessage.objects.get().topic == "member.applied"


def test_the_terms_must_be_agreed(client):
    for terms in (False, None):
        response = apply(client, {**APPLICATION, "agree_to_terms": terms})
        assert response.status_code == 400
        assert response.json()["detail"] == "You must agree to the terms and conditions to proceed."
        assert (
            response.json()["fields"]["agree_to_terms"]
            == "You must agree to the terms and conditions to proceed."
        )
    assert not Member.objects.exists()


@pytest.mark.parametrize(
    "field",
    [
        "full_name",
        "email",
        "phone",
        "date_of_birth",
        "gender",
        "nationality",
        "address",
        "membership_type",
        "payment_method",
    ],
)
def test_each_required_field(client, field):
    response = apply(client, {**APPLICATION, field: " "})
    assert response.status_code == 400
    assert response.json()["fields"] == {field: "This field is required."}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"email": "jean@"}, "email"),
        ({"phone": "12"}, "phone"),
        ({"gender": "Unknown"}, "gender"),
        ({"membership_type": "Family"}, "membership_type"),
        ({"payment_method": "Cash"}, "payment_method"),
        ({"areas_of_interest": ["Cooking"]}, "areas_of_interest"),
        ({"experience_years": -1}, "experience_years"),
        ({"experience_years": "five"}, "experience_years"),
        ({"experience_years": 81}, "experience_years"),
        ({"date_of_birth": "2999-01-01"}, "date_of_birth"),
        ({"date_of_birth": "1850-01-01"}, "date_of_birth"),
        ({"date_of_birth": "17/05/1990"}, "date_of_birth"),
        ({"full_name": "A" * 151}, "full_name"),
        ({"reason_for_joining": "x" * 2001}, "reason_for_joining"),
    ],
)
def test_each_rule_names_its_field(client, change, field):
    response = apply(client, {**APPLICATION, **change})
    assert response.status_code == 400
    assert field in response.json()["fields"]
    assert not Member.objects.exists()


@pytest.mark.parametrize("gender", ["Male", "Female", "Prefer Not to Say"])
def test_the_public_form_genders_read_right_for_the_admin(client, gender):
    member = apply(client, {**APPLICATION, "gender": gender}).json()["member"]
    assert member["gender_declared"] == gender
    assert member["gender"] == (gender if gender in ("Male", "Female") else "Other")


def test_one_application_per_email(client):
    assert apply(client).status_code == 201
    again = apply(client, {**APPLICATION, "email": "JEAN.BOSCO@example.org", "phone": "0788 999 000"})
    assert again.status_code == 409
    assert again.json()["fields"] == {"email": "A membership application with this email already exists."}


def test_applying_has_its_own_named_limit(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "membership": "2/h"}
    codes = [apply(client, {**APPLICATION, "email": f"a{i}@example.org"}).status_code for i in range(3)]
    assert codes == [201, 201, 429]


def test_control_characters_are_refused(client):
    response = apply(client, {**APPLICATION, "address": "Kigali\x00"})
    assert (response.status_code, response.json()["code"]) == (400, "forbidden_characters")


def test_a_visitor_cannot_record_a_payment(client):
    """Staff record payments; a transaction id typed (or scripted) into the public form is not
    kept, so no application arrives looking paid."""
    response = apply(client, {**APPLICATION, "transaction_id": "MP2611-FAKE"})
    assert response.status_code == 201
    assert response.json()["member"]["transaction_id"] == ""
    assert Member.objects.get().transaction_id == ""


def test_the_public_form_does_not_offer_a_transaction_id():
    from services.api import api

    schema = api.get_openapi_schema()
    body = schema["paths"]["/api/users/register/"]["post"]["requestBody"]["content"]["application/json"]
    name = body["schema"]["$ref"].rsplit("/", 1)[1]
    fields = schema["components"]["schemas"][name]["properties"]
    assert "transaction_id" not in fields and "approval_status" not in fields
    assert {"full_name", "email", "payment_method", "agree_to_terms"} <= set(fields)
