"""Reads of signed videos: staff's by id or target, and the public object of many targets at once
(two queries however many events or updates a list shows)."""

from typing import Any

from django.db.models import Prefetch, Q
from django.utils.translation import gettext as _

from services.core.errors import NotFound

from . import storage
from .models import SignedVideo, SignedVideoCaption


def signed_video_get(*, video_id: int) -> SignedVideo:
    video = SignedVideo.objects.filter(pk=video_id).prefetch_related("captions").first()
    if video is None:
        raise NotFound(_("This signed video does not exist."))
    return video


def signed_video_for_target(*, target: str) -> SignedVideo | None:
    return SignedVideo.objects.filter(target=target).prefetch_related("captions").first()


def captions_payload(video: SignedVideo) -> list[dict[str, str]]:
    return [
        {"language": caption.language, "src": storage.url(caption.file)} for caption in video.captions.all()
    ]


def public_payload(video: SignedVideo) -> dict[str, Any]:
    return {
        "id": video.pk,
        "src": storage.url(video.video),
        "poster": storage.url(video.poster),
        "captions": captions_payload(video),
        "transcript": video.transcript or None,
    }


def public_payloads(targets: list[str]) -> dict[str, dict[str, Any]]:
    """The ready videos of `targets`, by target (absent: none)."""
    if not targets:
        return {}
    videos = SignedVideo.objects.filter(target__in=targets, status=SignedVideo.Status.READY).prefetch_related(
        Prefetch("captions", queryset=SignedVideoCaption.objects.order_by("language"))
    )
    return {video.target: public_payload(video) for video in videos}


def public_payload_of(target: str) -> dict[str, Any] | None:
    return public_payloads([target]).get(target)


def with_signed_videos(objects, kind: str) -> list:
    """`objects` (events or updates) as a list, each with `signed_video` set to its public object
    or None: what their payloads carry."""
    objects = list(objects)
    found = public_payloads([f"{kind}:{item.pk}" for item in objects])
    for item in objects:
        item.signed_video = found.get(f"{kind}:{item.pk}")
    return objects


def ready_file(name: str) -> tuple[str, str] | None:
    """(storage name, content type) of a file that a ready video serves, or None (unknown name,
    deleted video, video not ready yet)."""
    if name.endswith(".vtt"):
        found = SignedVideoCaption.objects.filter(file=name, video__status=SignedVideo.Status.READY).exists()
        return (name, "text/vtt; charset=utf-8") if found else None
    video = (
        SignedVideo.objects.filter(status=SignedVideo.Status.READY)
        .filter(Q(video=name) | Q(poster=name))
        .only("video", "poster", "content_type")
        .first()
    )
    if video is None:
        return None
    if video.video == name:
        return name, video.content_type
    return name, "image/webp" if name.endswith(".webp") else "image/jpeg"
