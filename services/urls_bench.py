"""URLs of `make bench` only (services.settings_bench): the normal site plus the ceiling view.
The ceiling comes first because the single-page app's catch-all would otherwise answer it.
`?pad=N` adds N characters to the ceiling's JSON body, so that .ci/bench can make its response as
long as the endpoint it is compared with: the load generator then pays the same per response."""

from django.http import JsonResponse
from django.urls import path

from services.core.bench_views import ceiling
from services.urls import urlpatterns as site_urlpatterns

PAD_MAX = 1_000_000


def ceiling_padded(request):
    pad = request.GET.get("pad", "")
    if not pad.isdigit() or int(pad) == 0:
        return ceiling(request)
    return JsonResponse({"ok": True, "pad": "x" * min(int(pad), PAD_MAX)})


urlpatterns = [
    path("bench/ceiling/", ceiling_padded, name="bench-ceiling"),
    *site_urlpatterns,
]
