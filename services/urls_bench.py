"""URLs of `make bench` only (services.settings_bench): the normal site plus the ceiling view.
The ceiling comes first because the single-page app's catch-all would otherwise answer it."""

from django.urls import path

from services.core.bench_views import ceiling
from services.urls import urlpatterns as site_urlpatterns

urlpatterns = [
    path("bench/ceiling/", ceiling, name="bench-ceiling"),
    *site_urlpatterns,
]
