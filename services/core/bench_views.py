"""The benchmark's ceiling: the cheapest answer Django can give through the project's full
middleware stack. Mounted only by services.urls_bench (settings_bench), never in production."""

from django.http import JsonResponse


def ceiling(request):
    return JsonResponse({"ok": True})
