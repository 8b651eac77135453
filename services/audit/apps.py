from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "services.audit"
    label = "audit"
    verbose_name = "Audit trail"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # A CSV download anywhere (services/core/csv.py) is a read of personal data: recorded here.
        from services.core.csv import csv_exported

        from .recording import export_recorded

        csv_exported.connect(export_recorded, dispatch_uid="audit.export_recorded")
