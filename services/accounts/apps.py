from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "services.accounts"
    label = "accounts"
    verbose_name = "Accounts"

    def ready(self):
        from axes.signals import user_locked_out

        from .audit import follow_staff_accounts, locked_out

        follow_staff_accounts()
        # The lockout is decided by django-axes: recorded when it says so, wherever the attempt was.
        user_locked_out.connect(locked_out, dispatch_uid="accounts.audit_locked_out")
