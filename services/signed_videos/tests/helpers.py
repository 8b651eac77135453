from django.core.files.uploadedfile import SimpleUploadedFile

from services.signed_videos.services import signed_video_prepare

STAFF = "/api/management/signed-videos/"
PUBLIC = "/api/signed-videos/"


def upload(client, data: bytes, *, target="page:about", name="clip.mp4", poster=None, **headers):
    body = {"target": target, "file": SimpleUploadedFile(name, data, "video/mp4")}
    if poster is not None:
        body["poster"] = poster
    return client.post(STAFF, data=body, **headers)


def ready_video(client, data: bytes, *, target="page:about", name="clip.mp4") -> dict:
    """Uploaded and prepared, as the worker does it: the staff object."""
    response = upload(client, data, target=target, name=name)
    assert response.status_code == 202, response.content
    signed_video_prepare(video_id=response.json()["id"])
    return client.get(f"{STAFF}{response.json()['id']}/").json()


def captions(client, video_id: int, data: bytes, language="en", **headers):
    return client.post(
        f"{STAFF}{video_id}/captions/",
        data={"language": language, "file": SimpleUploadedFile("c.vtt", data, "text/vtt")},
        **headers,
    )


VTT = (
    b"WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\nWelcome to the <b>association</b>.\n\n"
    b"00:00:01.500 --> 00:00:02.000\n<v Amina>Thank you.\n"
)
