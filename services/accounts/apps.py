from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "services.accounts"
    label = "accounts"
    verbose_name = "Accounts"
