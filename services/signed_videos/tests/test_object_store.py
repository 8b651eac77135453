"""An S3-compatible store in place of the disk by settings alone (docs/operations.md): the
addresses the public answers carry are the store's, built without a request to it."""

from services.signed_videos import storage

S3 = {
    "BACKEND": "storages.backends.s3.S3Storage",
    "OPTIONS": {
        "bucket_name": "portal-signed-videos",
        "custom_domain": "videos.example.org",
        "querystring_auth": False,
        "access_key": "demo-access-key",
        "secret_key": "demo-secret-key",
    },
}


def test_an_object_store_set_in_settings_serves_the_files_addresses(settings):
    settings.STORAGES = {**settings.STORAGES, "signed_videos": S3}
    assert type(storage.signed_video_storage()).__name__ == "S3Storage"
    assert storage.url("v3-0123abcd.mp4") == "https://videos.example.org/v3-0123abcd.mp4"
