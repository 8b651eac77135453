from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0004_event_place"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="image_variants",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="event",
            name="image_alt",
            field=models.CharField(blank=True, default="", max_length=250),
        ),
    ]
