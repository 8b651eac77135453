"""E-mails that carry a single-use link (a waiting-list offer, the link that keeps a seat): the link
is scrubbed once the e-mail fails for good, so sending it again needs a fresh one. The domain that
sent the e-mail registers, for its template, a function that makes the fresh context (a new link,
the old one void), or None when the link has no use any more (the seat or place has ended). It runs
inside the retry's transaction, with the e-mail's row locked."""

from collections.abc import Callable

from .models import Notification

FreshContext = Callable[[Notification], dict | None]
_fresh_links: dict[str, FreshContext] = {}


def fresh_link_for(template: str):
    def register(make_context: FreshContext) -> FreshContext:
        _fresh_links[template] = make_context
        return make_context

    return register


def fresh_link_maker(template: str) -> FreshContext | None:
    return _fresh_links.get(template)
