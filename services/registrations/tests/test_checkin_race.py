"""Two door devices come back online at the same moment and sync the same 50 tickets, in opposite
orders (so that each one's writes meet the other's), from two processes, on PostgreSQL and on the
embedded SQLite file: each ticket is checked in exactly once, and every other scan is kept as an
attempt answered "already checked in"."""

import pytest

from conftest import process_env
from services.core.tests.children import database, in_child, manage, released_together

TICKETS = 50

SETUP = """
import datetime
from services.events.models import Event
from services.registrations import tickets
from services.registrations.models import Registration
event = Event.objects.create(title='Door', location='Kigali', status='Published',
                             date=datetime.date.today() + datetime.timedelta(days=1))
Registration.objects.bulk_create([
    Registration(event=event, full_name=f'P {i}', email=f'p{i}@example.org', phone=f'+25078{i:07d}',
                 preferred_language='English', registration_status='Approved')
    for i in range(COUNT)
])
tickets.tickets_issue_missing()
ids = Registration.objects.order_by('pk').values_list('pk', flat=True)
print(event.pk, *[tickets.ticket_code(pk) for pk in ids])
""".replace("COUNT", str(TICKETS))

DEVICE = """
import json, os
from django.utils import timezone
from services.registrations.checkins import checkins_sync
codes = os.environ['CODES'].split()
device = os.environ['DEVICE']
if device == 'door-b':
    codes = codes[::-1]
at = timezone.now().isoformat()
results = []
batch = int(os.environ['BATCH'])
for start in range(0, len(codes), batch):
    scans = [{'code': code, 'nonce': f'{device}-{code}', 'scanned_at': at, 'device': device}
             for code in codes[start:start + batch]]
    results += checkins_sync(event_id=int(os.environ['EVENT']), body=json.dumps(scans), by=None)
results = [r['result'] for r in results]
print(results.count('checked_in'), results.count('already_checked_in'))
"""

COUNT = """
from services.registrations.models import CheckIn, ScanAttempt
print(CheckIn.objects.count(), CheckIn.objects.values('ticket').distinct().count())
print(ScanAttempt.objects.count(), ScanAttempt.objects.filter(result='already_checked_in').count())
"""


@pytest.mark.parametrize("engine", ["postgresql", "sqlite"])
def test_two_devices_syncing_the_same_tickets_check_each_in_once(engine, tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    with database(engine, tmp_path) as url:
        env = process_env(DATABASE_URL=url, DATA_DIR=str(data_dir), REDIS_URL="")
        manage(env, "migrate", "--noinput", "-v0")
        event_id, *codes = in_child(env, SETUP)
        # Ten syncs each, as a device sends its queue; both at once.
        devices = [
            {**env, "CODES": " ".join(codes), "DEVICE": device, "EVENT": event_id, "BATCH": "5"}
            for device in ("door-a", "door-b")
        ]
        answers = [
            [int(word) for word in words] for words in released_together(DEVICE, devices, tmp_path / "go")
        ]
        assert sum(checked_in for checked_in, _already in answers) == TICKETS
        for checked_in, already in answers:
            assert checked_in + already == TICKETS
        check_ins, tickets_in, attempts, already = (int(word) for word in in_child(env, COUNT))
        assert (check_ins, tickets_in) == (TICKETS, TICKETS)
        assert (attempts, already) == (2 * TICKETS, TICKETS)
