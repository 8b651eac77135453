from django.apps import AppConfig


class SignedVideosConfig(AppConfig):
    name = "services.signed_videos"
    label = "signed_videos"
    verbose_name = "Signed videos"
