"""The directory's endpoints (docs/interpreting.md, The directory): public reads (mounted at the
root), the member's own profile (mounted at my-membership/, a member session) and staff's
(mounted at management/)."""

from django.http import FileResponse
from django.utils.translation import gettext as _
from ninja import File, Query, Router
from ninja.files import UploadedFile

from services.core.api import ErrorOut
from services.core.errors import NotFound
from services.core.paging import paginate
from services.members.my_membership import member_auth
from services.members.throttling import MemberThrottle

from . import directory, photos, public_reads
from .models import InterpreterProfile
from .schemas import (
    DistrictCountOut,
    InterpreterFilters,
    InterpreterOut,
    InterpreterPageOut,
    InterpreterProfileIn,
    MyInterpreterOut,
    StaffInterpreterFilters,
    StaffInterpreterOut,
    StaffInterpreterPageOut,
)

public_router = Router(tags=["interpreters"])  # mounted at the root
my_router = Router(tags=["my membership"], auth=member_auth)  # mounted at my-membership/
staff_router = Router(tags=["interpreters"])  # mounted at management/
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut}
SAVE_ERRORS = {**ERRORS, 429: ErrorOut}  # the member's own saves have a limit


@public_router.get(
    "interpreters/",
    auth=None,
    response={200: InterpreterPageOut, 400: ErrorOut},
    summary="The directory: listed interpreters, by name, filtered by language, district and setting, paged",
)
def interpreter_list(request, filters: Query[InterpreterFilters]):
    return public_reads.list_response(request, **filters.dict())


@public_router.get(
    "interpreters/districts/",
    auth=None,
    response={200: list[DistrictCountOut]},
    summary="How many listed interpreters serve each of the 30 districts (with its centre, for the map)",
)
def interpreter_districts(request):
    return public_reads.districts_response(request)


@public_router.get(
    "interpreters/{int:profile_id}/",
    auth=None,
    response={200: InterpreterOut, 404: ErrorOut},
    summary="One listed interpreter (as in the list)",
)
def interpreter_detail(request, profile_id: int):
    return public_reads.detail_response(request, profile_id=profile_id)


@public_router.get(
    "media/interpreters/{int:profile_id}/{name}",
    auth=None,
    response={200: None, 404: ErrorOut},
    summary="A listed interpreter's photo (WebP)",
)
def interpreter_photo(request, profile_id: int, name: str):
    path = photos.path_of(profile_id, name)
    if path is None or not InterpreterProfile.objects.listed().filter(pk=profile_id, photo=name).exists():
        raise NotFound(_("This image does not exist."))
    response = FileResponse(path.open("rb"), content_type="image/webp")
    # Named by its bytes, but it must leave with a withdrawn consent: browsers check each time.
    response["Cache-Control"] = "public, no-cache"
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    return response


@my_router.get(
    "interpreter-profile/",
    response={200: MyInterpreterOut, **ERRORS},
    summary="The signed-in member's interpreter profile (null: none yet), and the consent's wording",
)
def my_profile(request):
    return directory.my_payload(request.auth)


@my_router.put(
    "interpreter-profile/",
    response={200: MyInterpreterOut, **SAVE_ERRORS},
    throttle=[MemberThrottle("interpreter_profile_save")],
    summary="Create or change one's interpreter profile; listed with consent, or withdrawn",
)
def my_profile_save(request, payload: InterpreterProfileIn):
    directory.my_profile_save(member=request.auth, data=payload.dict())
    return directory.my_payload(request.auth)


@my_router.post(
    "interpreter-profile/photo/",
    response={200: MyInterpreterOut, **SAVE_ERRORS},
    throttle=[MemberThrottle("interpreter_profile_save")],
    summary="Set one's photo (JPEG, PNG or WebP; checked, resized, stripped of its metadata)",
)
def my_photo_set(request, photo: File[UploadedFile | None] = None):
    directory.my_photo_set(member=request.auth, upload=photo)
    return directory.my_payload(request.auth)


@my_router.delete(
    "interpreter-profile/photo/",
    response={200: MyInterpreterOut, **SAVE_ERRORS},
    throttle=[MemberThrottle("interpreter_profile_save")],
    summary="Remove one's photo",
)
def my_photo_remove(request):
    directory.my_photo_remove(member=request.auth)
    return directory.my_payload(request.auth)


@staff_router.get(
    "interpreters/",
    response={200: StaffInterpreterPageOut, **ERRORS},
    summary="Every interpreter profile (listed or not), by name, paged; ?status=listed|unlisted|hidden",
)
def staff_interpreter_list(request, filters: Query[StaffInterpreterFilters]):
    found = paginate(
        directory.staff_queryset(search=filters.search, status=filters.status),
        page=filters.page,
        page_size=filters.page_size,
    )
    return {**found.__dict__, "results": [directory.staff_payload(profile) for profile in found.results]}


@staff_router.post(
    "interpreters/{int:member_id}/verify/",
    response={200: StaffInterpreterOut, **ERRORS},
    summary="Mark a profile's certification verified by the association",
)
def staff_interpreter_verify(request, member_id: int):
    return directory.staff_payload(directory.profile_verify(member_id=member_id, by=request.auth))


@staff_router.post(
    "interpreters/{int:member_id}/hide/",
    response={200: StaffInterpreterOut, **ERRORS},
    summary="Hide a profile from the public directory",
)
def staff_interpreter_hide(request, member_id: int):
    return directory.staff_payload(directory.profile_hide(member_id=member_id, by=request.auth))


@staff_router.post(
    "interpreters/{int:member_id}/unhide/",
    response={200: StaffInterpreterOut, **ERRORS},
    summary="Show a hidden profile again (if it is listed)",
)
def staff_interpreter_unhide(request, member_id: int):
    return directory.staff_payload(directory.profile_unhide(member_id=member_id, by=request.auth))
