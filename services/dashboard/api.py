"""Aggregate figures for the dashboard home and the reports (reads only)."""

from ninja import Router

router = Router(tags=["dashboard"])
