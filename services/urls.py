from django.contrib import admin
from django.urls import path, re_path

from services.api import api
from services.core.views import api_not_found, spa_index

urlpatterns = [
    path("api/", api.urls),
    re_path(r"^api(?:/.*)?$", api_not_found),
    path("admin/", admin.site.urls),
    # Everything else is a route of the single-page app.
    re_path(r"^(?!api/|admin/|static/).*$", spa_index),
]
