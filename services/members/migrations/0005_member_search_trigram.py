"""The staff search of members (name or e-mail, any case: `UPPER(column) LIKE UPPER('%term%')`, what
Django's icontains writes on PostgreSQL) served by trigram indexes on PostgreSQL. Only there: the
pg_trgm extension and GIN exist nowhere else, and SQLite keeps its plain scan (docs/decisions.md).
The indexes are not in the model's state, so that makemigrations never tries them on SQLite."""

from django.db import migrations

INDEXES = {
    "member_name_trgm": "full_name",
    "member_email_trgm": "email",
}


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    # Trusted since PostgreSQL 13: the database's owner may create it.
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for name, column in INDEXES.items():
        schema_editor.execute(
            f'CREATE INDEX IF NOT EXISTS "{name}" ON "members_member" USING gin ((UPPER("{column}"::text)) gin_trgm_ops)'
        )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in INDEXES:
        schema_editor.execute(f'DROP INDEX IF EXISTS "{name}"')


class Migration(migrations.Migration):
    dependencies = [
        ("members", "0004_member_contact_person"),
    ]

    operations = [migrations.RunPython(create, drop, elidable=False)]
