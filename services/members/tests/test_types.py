"""Each membership type asks for its own: a person their date of birth and gender, an institution
the person who speaks for it. The server holds the rule, on the public form and on staff's."""

import csv
import io

import pytest

from services.members.models import Member

from .helpers import APPLICATION, apply

pytestmark = pytest.mark.django_db
MEMBERS = "/api/management/members/"
INSTITUTION = {
    **{key: value for key, value in APPLICATION.items() if key not in ("date_of_birth", "gender")},
    "full_name": "Kigali Deaf School",
    "email": "office@kigali-deaf.example.org",
    "membership_type": "Institutional",
    "contact_person_name": "Claudine Mukamana",
    "contact_person_role": "Head teacher",
}


def test_an_institution_names_its_contact_person_and_no_birth_date(client):
    response = apply(client, INSTITUTION)
    assert response.status_code == 201
    member = response.json()["member"]
    assert (member["contact_person_name"], member["contact_person_role"]) == (
        "Claudine Mukamana",
        "Head teacher",
    )
    assert (member["date_of_birth"], member["gender"], member["gender_declared"]) == (None, "", "")


def test_an_institution_without_a_contact_person_is_refused_on_those_fields(client):
    response = apply(client, {**INSTITUTION, "contact_person_name": " ", "contact_person_role": ""})
    assert response.status_code == 400
    assert set(response.json()["fields"]) == {"contact_person_name", "contact_person_role"}
    assert not Member.objects.exists()


def test_a_birth_date_and_gender_sent_for_an_institution_are_not_kept(client):
    response = apply(client, {**INSTITUTION, "date_of_birth": "1990-01-01", "gender": "Female"})
    assert response.status_code == 201
    assert Member.objects.values_list("date_of_birth", "gender").get() == (None, "")


def test_a_person_still_gives_a_birth_date_and_gender_and_no_contact_person(client):
    response = apply(client, {**APPLICATION, "date_of_birth": "", "gender": ""})
    assert response.status_code == 400
    assert set(response.json()["fields"]) == {"date_of_birth", "gender"}
    kept = apply(client, {**APPLICATION, "contact_person_name": "Someone", "contact_person_role": "Boss"})
    assert kept.status_code == 201
    assert kept.json()["member"]["contact_person_name"] == ""


def test_staff_changing_a_person_to_an_institution_must_name_the_contact_person(client, staff_client):
    member_id = apply(client).json()["member"]["id"]
    url = f"{MEMBERS}{member_id}/"
    refused = staff_client.put(
        url, data={"membership_type": "Institutional"}, content_type="application/json"
    )
    assert refused.status_code == 400
    assert set(refused.json()["fields"]) == {"contact_person_name", "contact_person_role"}
    changed = staff_client.put(
        url,
        data={
            "membership_type": "Institutional",
            "contact_person_name": "Eric N.",
            "contact_person_role": "Chair",
        },
        content_type="application/json",
    )
    assert changed.status_code == 200
    assert (changed.json()["date_of_birth"], changed.json()["gender"]) == (None, "")
    # Back to a person: the birth date and gender must be given again.
    back = staff_client.put(url, data={"membership_type": "Individual"}, content_type="application/json")
    assert back.status_code == 400 and set(back.json()["fields"]) == {"date_of_birth", "gender"}


def test_staff_enter_an_institution_and_the_export_names_its_contact_person(staff_client):
    created = staff_client.post(MEMBERS, data=INSTITUTION, content_type="application/json")
    assert created.status_code == 201
    rows = list(
        csv.DictReader(io.StringIO(staff_client.get(f"{MEMBERS}export/").content.decode("utf-8-sig")))
    )
    assert rows[0]["Contact person"] == "Claudine Mukamana (Head teacher)"
