"""Two saves of one member's profile at the same moment (two tabs, a double click), in separate
processes on one database: both answer, one profile stays, no 500 from the one-to-one."""

import pytest

from conftest import process_env
from services.core.tests.children import database, in_child, manage, released_together

SETUP = """
from django.utils import timezone
from services.members.models import Member
from services.members.periods import approval_period
member = Member.objects.create(
    full_name='Aline Uwase', email='aline@example.org', phone='+250780000001', date_of_birth='1985-01-01',
    gender='Female', nationality='Rwandan', address='Kigali', membership_type='Individual',
    payment_method='Mobile Money', agree_to_terms=True, approval_status='Approved',
    approved_at=timezone.now())
approval_period(member, by=None, now=timezone.now())
member.save()
print('ok')
"""

SAVE = """
import os
from services.interpreting.directory import my_profile_save
from services.members.models import Member
member = Member.objects.get(email='aline@example.org')
data = {'display_name': os.environ['NAME'], 'sign_languages': ['Rwandan Sign Language'],
        'districts': ['Huye'], 'listed': True, 'consent': True}
print(my_profile_save(member=member, data=data).pk)
"""

COUNT = """
from services.interpreting.models import InterpreterProfile
from services.outbox.models import OutboxMessage
changed = OutboxMessage.objects.filter(topic='interpreter_profile.changed')
print(InterpreterProfile.objects.count(), changed.count())
"""


@pytest.mark.parametrize("engine", ["postgresql", "sqlite"])
def test_two_saves_at_once_leave_one_profile(engine, tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    with database(engine, tmp_path) as url:
        env = process_env(DATABASE_URL=url, DATA_DIR=str(data_dir), REDIS_URL="")
        manage(env, "migrate", "--noinput", "-v0")
        assert in_child(env, SETUP) == ["ok"]
        saves = released_together(
            SAVE, [{**env, "NAME": "Aline U."}, {**env, "NAME": "Aline"}], tmp_path / "go"
        )
        assert saves[0] == saves[1]  # the same profile, created by one and changed by the other
        assert in_child(env, COUNT) == ["1", "2"]  # and each save told the public lists
