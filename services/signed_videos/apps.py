from django.apps import AppConfig


class SignedVideosConfig(AppConfig):
    name = "services.signed_videos"
    label = "signed_videos"
    verbose_name = "Signed videos"

    def ready(self):
        from services.audit.registry import audit_follow

        from .models import SignedVideo, SignedVideoCaption

        # Staff's uploads, captions, transcripts and deletions in the activity log; the worker's
        # preparation (status, files) is a plain update and not recorded.
        audit_follow(
            SignedVideo,
            object_type="signed_video",
            exclude=["created_at", "updated_at", "pending", "transcript"],
            label=lambda video: video.target,
        )
        audit_follow(
            SignedVideoCaption,
            object_type="signed_video_caption",
            exclude=["created_at"],
            label=lambda caption: f"{caption.language} captions",
        )
