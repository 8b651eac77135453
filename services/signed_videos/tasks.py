from celery import shared_task
from django.conf import settings

from .services import PREPARE_TASK, signed_video_prepare, signed_videos_sweep


@shared_task(name=PREPARE_TASK, acks_late=True, time_limit=settings.SIGNED_VIDEO_DECODE_SECONDS + 300)
def prepare(video_id: int) -> str | None:
    return signed_video_prepare(video_id=video_id)


@shared_task(name="signed_videos.sweep", acks_late=True)
def sweep() -> dict[str, int]:
    return signed_videos_sweep()
