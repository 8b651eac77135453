from django.apps import AppConfig


class InterpretingConfig(AppConfig):
    name = "services.interpreting"
    label = "interpreting"
    verbose_name = "Interpreter directory and requests"

    def ready(self):
        from . import directory  # noqa: F401  (the profile's signals)

        _follow_requests_in_audit_trail()
        from services.members.export_parts import export_part

        from .selectors import member_export

        export_part("interpreting", member_export)


def _follow_requests_in_audit_trail():
    """Staff decisions on requests (offered, completed, unfilled) in the audit trail; the
    requester's details are personal values there."""
    from services.audit.registry import audit_follow

    from .models import InterpreterRequest

    audit_follow(
        InterpreterRequest,
        object_type="interpreter_request",
        personal=["full_name", "email", "phone", "address", "video_link", "deafblind_needs", "notes"],
        exclude=["created_at", "reminded_at", "cancel_salt"],
        label=lambda request: request.reference,
    )
