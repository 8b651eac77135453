from django.contrib import admin

from .models import Heartbeat

admin.site.register(Heartbeat)
