"""The one rule for an event's seats: every seat figure an answer shows comes from `Seats`.

Built from counts and the event's maximum: the public pages from the counters stored on the
event (`of_event` over `with_stored_counts`), staff views and the seat checks from the rows
(services/registrations/capacity.py counts them and builds `Seats`). Held seats are Pending
(within their hold) and Approved; Rejected, Expired and Cancelled hold nothing. Nothing else in
`services/` does arithmetic on `maximum_attendees` (services/events/tests/test_seats.py checks)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Seats:
    total: int  # held: Pending + Approved
    pending: int
    approved: int
    waiting: int  # confirmed places on the waiting list
    offered: int  # held for open waiting-list offers
    maximum: int | None  # None: unlimited

    @property
    def open(self) -> int | None:
        """Seats a newcomer can take: none while people wait, since freed seats go to them;
        None when unlimited."""
        if self.maximum is None:
            return None
        if self.waiting:
            return 0
        return max(0, self.maximum - self.total - self.offered)

    @property
    def available(self) -> int | None:
        """The maximum less the Approved seats (the staff counter and SPEC's `available_seats`);
        None when unlimited."""
        if self.maximum is None:
            return None
        return max(0, self.maximum - self.approved)

    @property
    def free_for_waitlist(self) -> int:
        """Seats to offer to the people waiting (every one of them when unlimited)."""
        if self.maximum is None:
            return self.waiting
        return max(0, self.maximum - self.total - self.offered)

    def has_seat(self, *, offer: bool = False) -> bool:
        """Can one more registration take a seat? A claimed offer already holds one of the
        offered seats, so it needs only a seat not held by a registration."""
        if self.maximum is None:
            return True
        if offer:
            return self.total < self.maximum
        return bool(self.open)

    def counters(self) -> dict[str, int]:
        """The counters stored on the event row, by column."""
        return {
            "registrations_total": self.total,
            "registrations_pending": self.pending,
            "registrations_approved": self.approved,
            "waitlist_waiting": self.waiting,
            "waitlist_offered": self.offered,
        }

    @classmethod
    def of_event(cls, event) -> "Seats":
        """The seats of an event row as the API reads it: the registration counts annotated on
        it (`total/approved/pending_registrations_count`: stored counters for the public, row
        counts for staff; 0 when not annotated) and the waiting list's stored counters."""
        return cls(
            total=getattr(event, "total_registrations_count", 0),
            pending=getattr(event, "pending_registrations_count", 0),
            approved=getattr(event, "approved_registrations_count", 0),
            waiting=getattr(event, "waitlist_waiting", 0),
            offered=getattr(event, "waitlist_offered", 0),
            maximum=event.maximum_attendees,
        )
