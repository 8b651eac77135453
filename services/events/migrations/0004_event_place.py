"""Each event's own place: the `coordinates` JSON becomes two decimal fields (both or neither, in
range), and an optional call-for-abstracts address."""

from decimal import Decimal, InvalidOperation

import django.core.validators
from django.db import migrations, models


def _degrees(value, limit):
    try:
        number = Decimal(str(value)).quantize(Decimal("0.000001"))
    except (InvalidOperation, TypeError, ValueError):
        return None
    return number if number.is_finite() and -limit <= number <= limit else None


def copy_coordinates(apps, schema_editor):
    Event = apps.get_model("events", "Event")
    for event in Event.objects.exclude(coordinates=None).only("pk", "coordinates").iterator():
        point = event.coordinates if isinstance(event.coordinates, dict) else {}
        lat, lng = _degrees(point.get("lat"), 90), _degrees(point.get("lng"), 180)
        if lat is not None and lng is not None:  # a half or out-of-range point is no place
            Event.objects.filter(pk=event.pk).update(latitude=lat, longitude=lng)


def copy_back(apps, schema_editor):
    Event = apps.get_model("events", "Event")
    for event in Event.objects.exclude(latitude=None).only("pk", "latitude", "longitude").iterator():
        point = {"lat": float(event.latitude), "lng": float(event.longitude)}
        Event.objects.filter(pk=event.pk).update(coordinates=point)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0003_event_payment_deadline"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="latitude",
            field=models.DecimalField(
                blank=True,
                decimal_places=6,
                max_digits=9,
                null=True,
                validators=[
                    django.core.validators.MinValueValidator(Decimal("-90")),
                    django.core.validators.MaxValueValidator(Decimal("90")),
                ],
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="longitude",
            field=models.DecimalField(
                blank=True,
                decimal_places=6,
                max_digits=9,
                null=True,
                validators=[
                    django.core.validators.MinValueValidator(Decimal("-180")),
                    django.core.validators.MaxValueValidator(Decimal("180")),
                ],
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="call_for_abstracts_url",
            field=models.URLField(blank=True, default="", max_length=500),
        ),
        migrations.RunPython(copy_coordinates, copy_back),
        migrations.RemoveField(model_name="event", name="coordinates"),
        migrations.AddConstraint(
            model_name="event",
            constraint=models.CheckConstraint(
                condition=models.Q(("latitude__isnull", True), ("longitude__isnull", True))
                | models.Q(
                    ("latitude__gte", Decimal("-90")),
                    ("latitude__isnull", False),
                    ("latitude__lte", Decimal("90")),
                    ("longitude__gte", Decimal("-180")),
                    ("longitude__isnull", False),
                    ("longitude__lte", Decimal("180")),
                ),
                name="event_place_both_or_neither_in_range",
            ),
        ),
    ]
