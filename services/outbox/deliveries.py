"""Running one handler on one message, once: the delivery row is locked, the handler runs in the
same transaction as the row that marks it done, and a failure is recorded with the time of the
next attempt (transient) or makes the delivery dead (permanent, or too many attempts).

The schedule (settings): attempt n waits OUTBOX_RETRY_BASE_SECONDS * 2^(n-1), at most an hour:
30 s, 1, 2, 4, 8, 16, 32 min by default; after OUTBOX_HANDLER_MAX_ATTEMPTS (8) the delivery is
dead, about an hour after the first failure."""

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, F, OuterRef
from django.utils import timezone

from .domain_event import event_from_payload
from .models import Delivery, OutboxMessage

logger = logging.getLogger(__name__)


class PermanentError(Exception):
    """Raised by a handler when trying again cannot help (the data is wrong)."""


# Faults of the code or the data: a retry would fail the same way, so ops are told at once.
PERMANENT_ERRORS = (PermanentError, LookupError, TypeError, ValueError, AttributeError)


def retry_delay(attempts: int) -> timedelta:
    seconds = settings.OUTBOX_RETRY_BASE_SECONDS * 2 ** max(attempts - 1, 0)
    return timedelta(seconds=min(seconds, 3600))


def delivery_run(*, message_id: str, handler_name: str, handler, complete: bool = True) -> bool:
    """Run `handler` on the message unless its delivery is done, dead, or running elsewhere right
    now; True when it ran to the end now. `complete=False`: the caller marks the message complete
    afterwards (messages_complete, once for a batch)."""
    try:
        with transaction.atomic():
            delivery = (
                # Only the delivery row: locking the joined message too would make a second
                # handler of the same message skip its own delivery while this one runs.
                Delivery.objects.select_for_update(skip_locked=True, of=("self",))
                .select_related("message")
                .filter(message_id=message_id, handler=handler_name, status=Delivery.Status.PENDING)
                .first()
            )
            if delivery is None:
                return False
            message = delivery.message
            handler(event_from_payload(message.topic, message.payload), message)
            now = timezone.now()
            delivery.status = Delivery.Status.DONE
            delivery.attempts += 1
            delivery.completed_at = now
            delivery.last_error = ""
            delivery.save(update_fields=["status", "attempts", "completed_at", "last_error", "updated_at"])
            if complete:
                message_complete_if_done(message_id=message.pk, now=now)
            return True
    except Exception as exc:
        delivery_failed(message_id=message_id, handler_name=handler_name, exc=exc)
        return False


def deliveries_run_once(*, pairs: list[tuple[str, str]], handler, key) -> int:
    """Run `handler` once per `key(event)` for the pending deliveries among `pairs` (handler
    name, message id), all of which it handles (subscribe's `once_per`): in one transaction,
    which marks every one of them done. A failure undoes it all and runs each delivery alone
    (delivery_run), so that the failure is recorded on its own delivery. Returns how many ran."""
    try:
        with transaction.atomic():
            first: dict = {}
            done = []
            for delivery in _pending_locked(pairs).values():
                event = event_from_payload(delivery.message.topic, delivery.message.payload)
                first.setdefault(key(event), (event, delivery.message))
                done.append(delivery.pk)
            for once in sorted(first, key=repr):  # one order for every worker: locks in turn
                handler(*first[once])
            _done(done, timezone.now())
            return len(done)
    except Exception:
        logger.warning("%d deliveries run together failed; each runs alone", len(pairs), exc_info=True)
    return sum(
        delivery_run(message_id=message_id, handler_name=name, handler=handler, complete=False)
        for name, message_id in pairs
    )


def delivery_failed(*, message_id: str, handler_name: str, exc: Exception) -> None:
    with transaction.atomic():
        delivery = (
            Delivery.objects.select_for_update()
            .filter(message_id=message_id, handler=handler_name, status=Delivery.Status.PENDING)
            .first()
        )
        if delivery is not None:
            _failure_record(delivery, exc)


def _failure_record(delivery: Delivery, exc: Exception) -> None:
    """The failed attempt on `delivery` (locked by the caller): tried again when due, or dead."""
    permanent = isinstance(exc, PERMANENT_ERRORS)
    delivery.attempts += 1
    delivery.last_error = f"{type(exc).__name__}: {exc}"[:2000]
    if permanent or delivery.attempts >= settings.OUTBOX_HANDLER_MAX_ATTEMPTS:
        delivery.status = Delivery.Status.DEAD
    else:
        delivery.next_attempt_at = timezone.now() + retry_delay(delivery.attempts)
    delivery.save(update_fields=["attempts", "last_error", "status", "next_attempt_at", "updated_at"])
    log = logger.error if delivery.status == Delivery.Status.DEAD else logger.warning
    log(
        "%s on %s, attempt %s (%s): %s",
        *(delivery.handler, delivery.message_id, delivery.attempts, delivery.status, exc),
    )


def _pending_locked(pairs) -> dict[tuple[str, str], Delivery]:
    """The pending deliveries among `pairs` (handler name, message id) that no other worker holds,
    locked (the delivery rows only, as in delivery_run), with their messages."""
    wanted = set(pairs)
    rows = (
        Delivery.objects.select_for_update(skip_locked=True, of=("self",))
        .select_related("message")
        .filter(
            message_id__in=[message_id for _name, message_id in wanted],
            handler__in=[name for name, _message_id in wanted],
            status=Delivery.Status.PENDING,
        )
        .order_by("message__created_at")
    )
    return {pair: row for row in rows if (pair := (row.handler, str(row.message_id))) in wanted}


def _done(pks: list[int], now) -> None:
    Delivery.objects.filter(pk__in=pks).update(
        status=Delivery.Status.DONE,
        attempts=F("attempts") + 1,
        completed_at=now,
        last_error="",
        updated_at=now,
    )


def deliveries_run(*, runs: list[tuple[str, str, object]]) -> int:
    """Run several deliveries (handler name, message id, handler) in one transaction, as
    delivery_run runs one: each handler in a savepoint of its own, so that one that raises is
    undone alone and its failure recorded on its delivery; the others are marked done together
    at the end. One lock, one update and one commit for the batch instead of one each per
    delivery; a worker killed midway undoes the batch, which the sweep hands out again. Returns
    how many ran to the end now."""
    handlers = {(name, message_id): handler for name, message_id, handler in runs}
    with transaction.atomic():
        locked = _pending_locked(handlers)
        done = []
        for pair, handler in handlers.items():
            delivery = locked.get(pair)
            if delivery is None:  # done, dead, or running elsewhere right now
                continue
            message = delivery.message
            try:
                with transaction.atomic():
                    handler(event_from_payload(message.topic, message.payload), message)
            except Exception as exc:
                _failure_record(delivery, exc)
                continue
            done.append(delivery.pk)
        _done(done, timezone.now())
    return len(done)


def messages_complete(*, message_ids) -> int:
    """Mark complete the relayed ones of `message_ids` whose deliveries are all done: one statement,
    run after the deliveries' own transactions committed. Of two workers finishing a message's last
    two deliveries at once, the one whose statement runs last sees both done."""
    unfinished = Delivery.objects.filter(message=OuterRef("pk")).exclude(status=Delivery.Status.DONE)
    waiting = OutboxMessage.objects.filter(
        pk__in=list(message_ids), relayed_at__isnull=False, completed_at__isnull=True
    )
    return waiting.exclude(Exists(unfinished)).update(completed_at=timezone.now())


def message_complete_if_done(*, message_id, now=None) -> bool:
    """Mark the message complete once it has been relayed and no delivery is left pending or dead.
    The message row is locked first, so that two handlers finishing together see each other."""
    if (
        OutboxMessage.objects.select_for_update().filter(pk=message_id, completed_at__isnull=True).first()
        is None
    ):
        return False
    unfinished = Delivery.objects.filter(message_id=message_id).exclude(status=Delivery.Status.DONE)
    if unfinished.exists():
        return False
    return bool(
        OutboxMessage.objects.filter(
            pk=message_id, relayed_at__isnull=False, completed_at__isnull=True
        ).update(completed_at=now or timezone.now())
    )
