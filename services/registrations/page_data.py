"""The ticket page's first data, carried in its HTML (services/core/preload.py): its holder,
opening it at the door on a weak connection, waits for one round trip fewer. It counts in the
ticket's own limit, as the API call it saves would."""

import orjson

from services.core.errors import NotFound
from services.core.preload import PageData
from services.core.throttling import ActionThrottle

from .schemas import TicketOut
from .tickets import ticket_answer


def ticket_page(request, match) -> PageData | None:
    if not ActionThrottle("ticket").allow_request(request):
        return None  # the app asks the API, which answers the limit's 429 and its wait
    code = match.group(1)
    try:
        answer = ticket_answer(code)
    except NotFound:
        return None  # the app asks the API, which answers the 404
    body = orjson.dumps(TicketOut.model_validate(answer).model_dump(mode="json"))
    # A person's name and seat: the page's HTML is no more kept than the API's answer.
    return PageData(api=f"tickets/{code}/", body=body, private=True)
