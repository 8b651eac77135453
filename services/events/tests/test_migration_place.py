"""0004_event_place copies each event's old {"lat", "lng"} into its latitude and longitude."""

from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("events", "0003_event_payment_deadline")]
AFTER = [("events", "0004_event_place")]


@pytest.mark.django_db(transaction=True)
def test_the_old_coordinates_become_the_events_place():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps.get_model("events", "Event")
    common = {"location": "Kigali", "date": "2027-01-01"}
    kept = old.objects.create(title="Kept", coordinates={"lat": -1.9546, "lng": 30.0939}, **common)
    half = old.objects.create(title="Half", coordinates={"lat": -1.9546}, **common)
    wrong = old.objects.create(title="Wrong", coordinates={"lat": 120, "lng": 30}, **common)
    none = old.objects.create(title="None", **common)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps.get_model("events", "Event")
    place = {e.pk: (e.latitude, e.longitude) for e in new.objects.all()}
    assert place[kept.pk] == (Decimal("-1.954600"), Decimal("30.093900"))
    assert place[half.pk] == place[wrong.pk] == place[none.pk] == (None, None)
    # Back to the latest state for the tests that follow.
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
