import dataclasses

from django.utils.translation import gettext as _
from ninja import File, Form, Query, Router, Status, UploadedFile

from services.core.api import ErrorOut, MessageOut
from services.core.challenge import challenge_required
from services.core.paging import paginate
from services.core.throttling import ActionThrottle
from services.signed_videos.selectors import with_signed_videos

from . import public_reads, selectors, services
from .downloads import resource_file_response
from .schemas import (
    ContactIn,
    ContactMessageFilters,
    ContactMessagePageOut,
    ContentFilters,
    NewsItemIn,
    NewsItemOut,
    NewsItemPageOut,
    ResourceIn,
    ResourceOut,
    ResourcePageOut,
)
from .services import contact_message_submit

router = Router(tags=["content"])
# Resources and updates live at /api/resources/ and /api/updates/ (public reads, staff writes).
public_router = Router(tags=["content"])
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut}
UPLOAD_ERRORS = {**ERRORS, 413: ErrorOut, 415: ErrorOut}
PAGE_SIZES = (10, 20, 50)


@router.post(
    "contact-form/",
    auth=None,
    response={200: MessageOut, 400: ErrorOut, 429: ErrorOut},
    throttle=[ActionThrottle("contact", fail_open=True)],
    summary="Send a message to the association",
)
@challenge_required
def contact_form(request, payload: ContactIn):
    contact_message_submit(name=payload.name, email=payload.email, message=payload.message)
    return {"message": _("Your message has been sent successfully!")}


@router.get(
    "contact-messages/",
    response={200: ContactMessagePageOut, **ERRORS},
    summary="Contact messages, newest first: search (name, e-mail, text) and pages (staff)",
)
def contact_message_list(request, filters: Query[ContactMessageFilters]):
    return paginate(
        selectors.contact_message_list(search=filters.search),
        page=filters.page,
        page_size=filters.page_size,
        sizes=PAGE_SIZES,
    )


@router.delete(
    "contact-messages/{int:contact_message_id}/",
    response={200: MessageOut, **ERRORS},
    summary="Erase a contact message and the e-mails it led to (staff)",
)
def contact_message_erase(request, contact_message_id: int):
    services.contact_message_erase(contact_message_id=contact_message_id)
    return {"message": _("Message erased.")}


def _listed(request, filters: ContentFilters, *, cached, select):
    """SPEC's plain list (the cached one when nothing is searched), or a page when asked for."""
    if filters.page is None and filters.page_size is None:
        return cached(request) if not filters.search else list(select(search=filters.search))
    return paginate(
        select(search=filters.search), page=filters.page, page_size=filters.page_size, sizes=PAGE_SIZES
    )


# --- Resources ---------------------------------------------------------------------------


@public_router.get(
    "resources/",
    auth=None,
    response={200: list[ResourceOut] | ResourcePageOut, 400: ErrorOut},
    summary="Resources, newest first (a plain list; a page with page or page_size)",
)
def resource_list(request, filters: Query[ContentFilters]):
    return _listed(
        request, filters, cached=public_reads.resource_list_response, select=selectors.resource_list
    )


@public_router.post(
    "resources/",
    response={201: ResourceOut, **UPLOAD_ERRORS},
    summary="Add a resource: an uploaded file or a link (multipart/form-data)",
)
def resource_create(request, payload: Form[ResourceIn], file: File[UploadedFile | None] = None):
    resource = services.resource_create(
        title=payload.title, description=payload.description, url=payload.url, upload=file, by=request.auth
    )
    return Status(201, resource)


@public_router.get(
    "resources/{int:resource_id}/",
    auth=None,
    response={200: ResourceOut, 404: ErrorOut},
    summary="One resource",
)
def resource_detail(request, resource_id: int):
    return selectors.resource_get(resource_id=resource_id)


@public_router.get(
    "resources/{int:resource_id}/file/",
    auth=None,
    response={200: None, 404: ErrorOut},
    summary="Download a resource's uploaded file (an attachment named after its title)",
)
def resource_file(request, resource_id: int):
    return resource_file_response(selectors.resource_get(resource_id=resource_id))


@public_router.put(
    "resources/{int:resource_id}/",
    response={200: ResourceOut, **UPLOAD_ERRORS},
    summary="Edit a resource; a new file or link replaces the old one (multipart/form-data)",
)
def resource_update(
    request, resource_id: int, payload: Form[ResourceIn], file: File[UploadedFile | None] = None
):
    return services.resource_update(
        resource_id=resource_id,
        title=payload.title,
        description=payload.description,
        url=payload.url,
        upload=file,
    )


@public_router.delete(
    "resources/{int:resource_id}/",
    response={200: MessageOut, **ERRORS},
    summary="Delete a resource and its file",
)
def resource_delete(request, resource_id: int):
    services.resource_delete(resource_id=resource_id)
    return {"message": _("Resource deleted.")}


# --- Updates -----------------------------------------------------------------------------


@public_router.get(
    "updates/",
    auth=None,
    response={200: list[NewsItemOut] | NewsItemPageOut, 400: ErrorOut},
    summary="Updates, newest date first (a plain list; a page with page or page_size)",
)
def news_item_list(request, filters: Query[ContentFilters]):
    found = _listed(
        request, filters, cached=public_reads.news_item_list_response, select=selectors.news_item_list
    )
    if isinstance(found, list):  # searched
        return with_signed_videos(found, "update")
    if hasattr(found, "results"):  # a page
        found = dataclasses.replace(found, results=with_signed_videos(found.results, "update"))
    return found  # the cached list: carries them already


@public_router.post("updates/", response={201: NewsItemOut, **ERRORS}, summary="Add an update")
def news_item_create(request, payload: NewsItemIn):
    return Status(201, services.news_item_create(**payload.dict()))


@public_router.get(
    "updates/{int:update_id}/", auth=None, response={200: NewsItemOut, 404: ErrorOut}, summary="One update"
)
def news_item_detail(request, update_id: int):
    return with_signed_videos([selectors.news_item_get(update_id=update_id)], "update")[0]


@public_router.put(
    "updates/{int:update_id}/", response={200: NewsItemOut, **ERRORS}, summary="Edit an update"
)
def news_item_update(request, update_id: int, payload: NewsItemIn):
    return services.news_item_update(update_id=update_id, **payload.dict())


@public_router.delete(
    "updates/{int:update_id}/", response={200: MessageOut, **ERRORS}, summary="Delete an update"
)
def news_item_delete(request, update_id: int):
    services.news_item_delete(update_id=update_id)
    return {"message": _("Update deleted.")}
