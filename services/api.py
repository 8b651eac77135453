"""The NinjaAPI root mounted at /api/; each domain adds its router here."""

from services.accounts.api import router as accounts_router
from services.accounts.auth import staff_auth
from services.audit.api import router as audit_router
from services.content.api import public_router as content_public_router
from services.content.api import router as content_router
from services.core.api import (
    ApiJSONRenderer,
    JsonParser,
    docs_access,
    install_error_handlers,
    install_staff_cache_control,
)
from services.core.api import router as core_router
from services.core.openapi import DocumentedNinjaAPI
from services.dashboard.api import desk_router as payment_desk_router
from services.dashboard.api import reports_router as dashboard_reports_router
from services.dashboard.api import router as dashboard_router
from services.events.api import media_router as events_media_router
from services.events.api import router as events_router
from services.interpreting.api import my_router as interpreter_profile_router
from services.interpreting.api import public_router as interpreters_public_router
from services.interpreting.api import staff_router as interpreters_staff_router
from services.interpreting.requests_api import my_router as my_interpreting_router
from services.interpreting.requests_api import public_router as interpreting_public_router
from services.interpreting.requests_api import router as interpreting_router
from services.members.api import my_router as my_membership_router
from services.members.api import public_router as members_public_router
from services.members.api import router as members_router
from services.members.api import verify_router
from services.ops.api import router as ops_router
from services.privacy.api import router as privacy_router
from services.registrations.api import public_router as registrations_public_router
from services.registrations.api import router as registrations_router
from services.signed_videos.api import public_router as signed_videos_public_router
from services.signed_videos.api import router as signed_videos_router

api = DocumentedNinjaAPI(
    title="Association portal API",
    version="1.0",
    description="Public website and admin portal of the national association of sign language interpreters.",
    urls_namespace="api",
    docs_url="/docs",
    docs_decorator=docs_access,
    parser=JsonParser(),
    renderer=ApiJSONRenderer(),
    # Every operation needs a staff access token unless it says auth=None (the public ones).
    auth=staff_auth,
)
install_error_handlers(api)
install_staff_cache_control(api)

api.add_router("", ops_router)
api.add_router("", core_router)
# The interpreter directory's public reads, early: Django tries the API's patterns in order, and
# the hottest public reads should not walk past every staff route first (.ci/bench).
api.add_router("", interpreters_public_router)
api.add_router("users/", accounts_router)
api.add_router("management/", content_router)
api.add_router("management/", events_router)
api.add_router("media/", events_media_router)
api.add_router("management/", registrations_router)
api.add_router("", registrations_public_router)
api.add_router("management/", members_router)
api.add_router("users/", members_public_router)
api.add_router("", verify_router)
api.add_router("my-membership/", my_membership_router)
api.add_router("", content_public_router)
api.add_router("dashboard/", dashboard_router)
api.add_router("management/", dashboard_reports_router)
api.add_router("management/", payment_desk_router)
api.add_router("", privacy_router)
api.add_router("management/", audit_router)

# The interpreter directory (services/interpreting/api.py): the member's own profile (member
# session), staff's verify and hide; its public reads are mounted near the top (above).
api.add_router("my-membership/", interpreter_profile_router)
api.add_router("management/", interpreters_staff_router)
# Interpreter requests, offers and the report (docs/interpreting.md, Requests).
api.add_router("", interpreting_public_router)
api.add_router("management/", interpreting_router)
api.add_router("my-membership/", my_interpreting_router)
# Signed videos (docs/content.md): staff's uploads, captions and transcripts; the public read.
api.add_router("management/", signed_videos_router)
api.add_router("", signed_videos_public_router)
