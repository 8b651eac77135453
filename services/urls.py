from django.contrib import admin
from django.urls import path, re_path

from services.api import api
from services.core.views import api_not_found, spa_index
from services.signed_videos.serving import signed_video_file

urlpatterns = [
    path("api/", api.urls),
    re_path(r"^api(?:/.*)?$", api_not_found),
    path("admin/", admin.site.urls),
    # Signed videos' files (compose's nginx serves this folder itself: nginx.common-server.conf).
    path("media/signed-videos/<str:name>", signed_video_file, name="signed-video-file"),
    # Everything else is a route of the single-page app.
    re_path(r"^(?!api/|admin/|static/|media/).*$", spa_index),
]
