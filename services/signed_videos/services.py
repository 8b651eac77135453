"""Signed videos: an upload checked by its content, kept aside until the worker decoded it all
and made its poster (prepare), then public; captions, transcript and deletion (docs/content.md)."""

import hashlib
import time
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from services.core.errors import ApplicationError, Conflict, NotFound, ValidationFailed
from services.core.public_cache import PublicCache
from services.core.queue import enqueue, enqueue_after_commit
from services.core.text import FORBIDDEN_MESSAGE, has_forbidden_characters
from services.outbox.services import publish

from . import pending, probing, storage, uploads
from .captions import MAX_BYTES as CAPTIONS_MAX_BYTES
from .captions import CaptionsRefused, captions_checked
from .domain_events import SignedVideoChanged
from .models import LANGUAGES, SignedVideo, SignedVideoCaption
from .posters import PosterRefused, poster_webp
from .targets import target_checked

PREPARE_TASK = "signed_videos.prepare"
POSTER_AT_SECONDS = 1.0
public_cache = PublicCache("signed_videos:public")


def too_large() -> ApplicationError:
    limit = settings.SIGNED_VIDEO_MAX_MB
    return ApplicationError(
        _("This video is too large. The limit is %(limit)d MB.") % {"limit": limit},
        code="request_too_large",
        status=413,
        fields={"file": _("The limit is %(limit)d MB.") % {"limit": limit}},
    )


def _changed(target: str) -> None:
    publish(SignedVideoChanged(target=target))
    # Now, and again once committed: a read between the two may have cached the old answer.
    public_cache.invalidate()
    transaction.on_commit(public_cache.invalidate)


def _pending_file(*, file, upload_key: str | None, user_id: int) -> Path:
    """The video as a pending file: the uploaded file copied, or a finished resumable upload."""
    if file is not None:
        if file.size > uploads.max_bytes():
            raise too_large()
        if not file.size:
            raise ValidationFailed(_("This file is empty."), fields={"file": _("This file is empty.")})
        return pending.received(file)
    if upload_key:
        try:
            upload = uploads.upload_get(upload_key, user_id=user_id)
        except NotFound as error:
            raise ValidationFailed(error.message, fields={"upload": error.message}) from None
        if not upload.complete:
            message = _("This upload is not finished yet.")
            raise ValidationFailed(message, fields={"upload": message})
        return pending.adopted(uploads.upload_taken(upload))
    message = _("Choose a video file.")
    raise ValidationFailed(message, fields={"file": message})


def _taken() -> Conflict:
    return Conflict(
        _("This page already has a signed video. Delete it before adding another."),
        fields={"target": _("This page already has a signed video.")},
    )


def signed_video_create(
    *, target: str, file=None, upload_key: str | None = None, poster=None, by
) -> SignedVideo:
    """Checks the target, the video (by its content) and the poster; keeps the video aside and asks
    the worker to prepare it. Nothing stays behind when anything is refused."""
    target = target_checked(target)
    if SignedVideo.objects.filter(target=target).exists():
        raise _taken()
    poster_bytes = None
    if poster is not None:
        try:
            poster_bytes = poster_webp(b"".join(poster.chunks()))
        except PosterRefused as refusal:
            raise ValidationFailed(str(refusal), fields={"poster": str(refusal)}) from None
    path = _pending_file(file=file, upload_key=upload_key, user_id=by.pk)
    poster_name = ""
    try:
        try:
            probed = probing.probe(path)
        except probing.VideoRefused as refusal:
            raise ValidationFailed(str(refusal), fields={"file": str(refusal)}) from None
        with transaction.atomic():
            try:
                with transaction.atomic():  # two uploads for one target at once: the second is refused
                    video = SignedVideo.objects.create(
                        target=target,
                        pending=path.name,
                        size_bytes=path.stat().st_size,
                        duration_seconds=probed.duration_seconds,
                        content_type=probed.container.content_type,
                        created_by=by,
                    )
            except IntegrityError:
                raise _taken() from None
            if poster_bytes is not None:
                name = storage.name_for(
                    video.pk, hashlib.sha256(poster_bytes).hexdigest(), "webp", part="poster"
                )
                video.poster = poster_name = storage.save_bytes(name, poster_bytes)
                video.save(update_fields=["poster"])
            enqueue_after_commit(PREPARE_TASK, video.pk)
    except BaseException:
        path.unlink(missing_ok=True)
        storage.delete(poster_name)
        raise
    return video


def _discard(video_id: int, names: list[str]) -> None:
    """Files a run stored but did not publish, unless the row holds them (a run of the same video
    that finished first stored the same names: they are its)."""
    kept = SignedVideo.objects.filter(pk=video_id).values_list("video", "poster").first() or ()
    storage.delete(*(name for name in names if name not in kept))


def signed_video_prepare(*, video_id: int) -> str | None:
    """The worker's part: decode the whole video, make a poster when none was uploaded, move the
    checked video into the storage; ready (public) or failed with a reason. Outside any
    transaction while ffmpeg runs. Returns the status reached, or None when there was nothing to do."""
    video = SignedVideo.objects.filter(pk=video_id, status=SignedVideo.Status.PROCESSING).first()
    if video is None:
        return None
    path = pending.path_of(video.pending)
    if path is None:
        return None  # another run took it
    # Started: the sweep hands it out again only once this run's time limit has passed.
    SignedVideo.objects.filter(pk=video.pk).update(updated_at=timezone.now())
    container = probing.container_named("webm" if video.content_type == "video/webm" else "mp4")
    stored: list[str] = []
    try:
        probing.decode_all(path, container)
        poster_name = video.poster
        if not poster_name:
            at = POSTER_AT_SECONDS if (video.duration_seconds or 0) > POSTER_AT_SECONDS else 0
            frame = probing.frame_png(path, container, at_seconds=at)
            try:
                data = poster_webp(frame)
                poster_name = storage.save_bytes(
                    storage.name_for(video.pk, hashlib.sha256(data).hexdigest(), "webp", part="poster"), data
                )
                stored.append(poster_name)
            except PosterRefused:
                poster_name = ""  # a frame too small to be a poster: the player shows the first frame
        name = storage.save_path(
            storage.name_for(video.pk, storage.digest_of_path(path), container.extension), path
        )
        stored.append(name)
    except FileNotFoundError:
        _discard(video.pk, stored)
        if path.exists():
            raise  # something else is missing (the ffmpeg binary)
        # Another run of the same video finished first: it published the file, then removed it.
        return None
    except probing.VideoRefused as refusal:
        updated = SignedVideo.objects.filter(pk=video.pk, status=SignedVideo.Status.PROCESSING).update(
            status=SignedVideo.Status.FAILED, error=str(refusal), pending="", poster=""
        )
        if updated:
            storage.delete(video.poster)
        path.unlink(missing_ok=True)
        return SignedVideo.Status.FAILED
    except Exception:
        _discard(video.pk, stored)
        raise
    with transaction.atomic():
        updated = SignedVideo.objects.filter(pk=video.pk, status=SignedVideo.Status.PROCESSING).update(
            status=SignedVideo.Status.READY, video=name, poster=poster_name, pending=""
        )
        if updated:
            _changed(video.target)
    if not updated:  # deleted meanwhile, or another run finished first
        _discard(video.pk, stored)
    path.unlink(missing_ok=True)
    return SignedVideo.Status.READY if updated else None


def _video_locked(video_id: int) -> SignedVideo:
    video = SignedVideo.objects.select_for_update().filter(pk=video_id).first()
    if video is None:
        raise NotFound(_("This signed video does not exist."))
    return video


def caption_put(*, video_id: int, language: str, file) -> SignedVideoCaption:
    if language not in LANGUAGES:
        message = _("Choose one of the site's languages.")
        raise ValidationFailed(message, fields={"language": message})
    if file is None:
        message = _("Choose a caption file (WebVTT).")
        raise ValidationFailed(message, fields={"file": message})
    if file.size > CAPTIONS_MAX_BYTES:  # refused before its bytes are read
        raise ValidationFailed(
            _("This caption file is too large. The limit is 1 MB."), fields={"file": _("The limit is 1 MB.")}
        )
    try:
        data = captions_checked(b"".join(file.chunks()))
    except CaptionsRefused as refusal:
        raise ValidationFailed(str(refusal), fields={"file": str(refusal)}) from None
    with transaction.atomic():
        video = _video_locked(video_id)
        name = storage.name_for(video.pk, hashlib.sha256(data).hexdigest(), "vtt", part=language)
        name = storage.save_bytes(name, data)
        caption = SignedVideoCaption.objects.filter(video=video, language=language).first()
        old = caption.file if caption else ""
        if caption is None:
            caption = SignedVideoCaption.objects.create(video=video, language=language, file=name)
        else:
            caption.file = name
            caption.save(update_fields=["file"])
        if old and old != name:
            transaction.on_commit(lambda: storage.delete(old))
        _changed(video.target)
    return caption


def caption_delete(*, video_id: int, language: str) -> None:
    with transaction.atomic():
        video = _video_locked(video_id)
        caption = SignedVideoCaption.objects.filter(video=video, language=language).first()
        if caption is None:
            raise NotFound(_("This video has no captions in this language."))
        caption.delete()
        transaction.on_commit(lambda: storage.delete(caption.file))
        _changed(video.target)


def transcript_put(*, video_id: int, transcript: str | None) -> SignedVideo:
    text = (transcript or "").replace("\r\n", "\n").strip()
    if len(text) > SignedVideo.TRANSCRIPT_MAX:
        message = _("The transcript is too long. The limit is %(limit)d characters.") % {
            "limit": SignedVideo.TRANSCRIPT_MAX
        }
        raise ValidationFailed(message, fields={"transcript": message})
    if has_forbidden_characters(text):
        raise ValidationFailed(FORBIDDEN_MESSAGE, fields={"transcript": str(FORBIDDEN_MESSAGE)})
    with transaction.atomic():
        video = _video_locked(video_id)
        video.transcript = text
        video.save(update_fields=["transcript", "updated_at"])
        _changed(video.target)
    return video


def _files_of(video: SignedVideo, captions: list[str]) -> list[str]:
    return [video.video, video.poster, *captions]


def signed_video_delete(*, video_id: int) -> None:
    """The row and every file (video, poster, captions, a pending upload): their addresses 404."""
    with transaction.atomic():
        video = _video_locked(video_id)
        _delete_locked(video)


def _delete_locked(video: SignedVideo) -> None:
    names = _files_of(video, list(video.captions.values_list("file", flat=True)))
    pending_name = video.pending
    video.delete()
    _changed(video.target)

    def remove():
        storage.delete(*names)
        if path := pending.path_of(pending_name):
            path.unlink(missing_ok=True)

    transaction.on_commit(remove)


def signed_video_forget(*, target: str) -> None:
    """When an event or an update is deleted, its signed video goes with it (their services call this)."""
    video = SignedVideo.objects.select_for_update().filter(target=target).first()
    if video is not None:
        _delete_locked(video)


def signed_videos_sweep() -> dict[str, int]:
    """The beat's sweep: resumable uploads that expired, pending files no video points at any more
    (a web process stopped mid-request), and videos whose preparation never ran or was lost (the
    broker was down, a worker killed), handed to a worker again."""
    now = timezone.now()
    stale = now - timedelta(seconds=settings.SIGNED_VIDEO_DECODE_SECONDS + 300)
    waiting = SignedVideo.objects.filter(status=SignedVideo.Status.PROCESSING, updated_at__lt=stale)
    again = 0
    for video_id in waiting.values_list("pk", flat=True):
        SignedVideo.objects.filter(pk=video_id).update(updated_at=now)  # one new try per period
        enqueue(PREPARE_TASK, video_id)
        again += 1
    kept = set(SignedVideo.objects.exclude(pending="").values_list("pending", flat=True))
    orphans = 0
    old = time.time() - 3600
    for path in pending.folder("pending").iterdir():
        if path.name not in kept and path.stat().st_mtime < old:
            path.unlink(missing_ok=True)
            orphans += 1
    return {"uploads_expired": uploads.uploads_expire(), "pending_removed": orphans, "prepared_again": again}
