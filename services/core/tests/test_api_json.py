"""The API's JSON (orjson, services/core/api.py ApiJSONRenderer) answers the values ninja's own
renderer (json.dumps with its encoder) answered: the dates staff and the site read, amounts,
ids and texts in every script stay what they were."""

import datetime
import decimal
import json
import uuid

from django.db import models
from django.utils.translation import gettext_lazy
from ninja import Schema
from ninja.renderers import JSONRenderer

from services.core.api import ApiJSONRenderer


class Colour(models.TextChoices):
    RED = "red", "Red"


class Size(models.IntegerChoices):
    SMALL = 1, "Small"


class Inner(Schema):
    when: datetime.datetime
    price: decimal.Decimal


UTC = datetime.UTC
KIGALI = datetime.timezone(datetime.timedelta(hours=2))

BODY = {
    "aware_utc_micro": datetime.datetime(2026, 11, 29, 5, 41, 7, 123456, tzinfo=UTC),
    "aware_utc_whole": datetime.datetime(2026, 11, 29, 5, 41, 7, tzinfo=UTC),
    "aware_kigali": datetime.datetime(2026, 11, 29, 7, 41, 7, 5000, tzinfo=KIGALI),
    "naive": datetime.datetime(2026, 1, 2, 3, 4, 5),
    "naive_micro": datetime.datetime(2026, 1, 2, 3, 4, 5, 999999),
    "date": datetime.date(1985, 1, 1),
    "time": datetime.time(18, 30, 0, 250000),
    "amount": decimal.Decimal("5000.50"),
    "id": uuid.UUID("12345678-1234-5678-1234-567812345678"),
    "lazy": gettext_lazy("Members"),
    "colour": Colour.RED,
    "size": Size.SMALL,
    "model": Inner(when=datetime.datetime(2026, 3, 4, 5, 6, 7, 891000, tzinfo=UTC), price="12.5"),
    "text": 'Kigali — Murakaza neza, café, 手话, \u2028 "quoted" \\ </script>',
    "numbers": [0, -1, 2**53 + 1, 1.5, 1e-7, True, False, None],
    "tuple": (1, "two"),
    "nested": {"rows": [{"a": 1}, {}], "empty": []},
    7: "an int key",
}


def test_the_api_answers_the_same_values_as_the_standard_encoder():
    standard = JSONRenderer().render(None, BODY, response_status=200)
    fast = ApiJSONRenderer().render(None, BODY, response_status=200)
    assert json.loads(fast) == json.loads(standard)
    answer = json.loads(fast)
    # Django's form of a moment: milliseconds, "Z" for UTC; other offsets kept.
    assert answer["aware_utc_micro"] == "2026-11-29T05:41:07.123Z"
    assert answer["aware_utc_whole"] == "2026-11-29T05:41:07Z"
    assert answer["aware_kigali"] == "2026-11-29T07:41:07.005+02:00"
    assert answer["date"] == "1985-01-01"
    assert answer["amount"] == "5000.50"
    assert answer["id"] == "12345678-1234-5678-1234-567812345678"
    assert answer["model"] == {"when": "2026-03-04T05:06:07.891Z", "price": "12.5"}


def test_a_staff_list_shows_moments_and_dates_as_before(staff_client):
    from services.members.models import Member

    Member.objects.create(
        full_name="Ada Uwase",
        email="ada@example.org",
        phone="+250780000001",
        date_of_birth=datetime.date(1990, 5, 17),
        gender="Female",
        nationality="Rwandan",
        address="Kigali",
        membership_type="Individual",
        payment_method="Mobile Money",
        agree_to_terms=True,
    )
    response = staff_client.get("/api/management/members/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    row = response.json()["results"][0]
    assert row["date_of_birth"] == "1990-05-17"
    assert row["created_at"].endswith("Z")
    assert len(row["created_at"]) in (len("2026-11-29T05:41:07Z"), len("2026-11-29T05:41:07.123Z"))
