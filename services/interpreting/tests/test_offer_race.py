"""Two interpreters accept the last place of a team at the same moment, from two processes, on
PostgreSQL and on the embedded SQLite file: one gets it, the other is told it was filled, and the
request never has more interpreters than it needs (two rounds of the same race)."""

import os

import pytest

from conftest import process_env
from services.core.tests.children import in_child, manage, postgres_database, released_together

# A team request (three hours) offered to three interpreters, the first of whom accepted: the
# other two hold the tokens of the last place.
OFFERED = """
from django.utils import timezone
from services.interpreting import requests
from services.interpreting.models import InterpreterProfile
from services.interpreting.tests.helpers import body
from services.members.tests.helpers import approved
from services.notifications.models import Notification
profiles = list(InterpreterProfile.objects.select_related('member').order_by('pk'))
for i in range(len(profiles) + 1, 4):
    profiles.append(InterpreterProfile.objects.create(
        member=approved(i, full_name=f'Interpreter {i}'), display_name=f'I {i}.',
        sign_languages=['Rwandan Sign Language'], spoken_languages=['Kinyarwanda'], districts=['Gasabo'],
        settings=['medical'], listed=True, consent_at=timezone.now()))
members = [profile.member for profile in profiles]
request = requests.request_submit(body(duration_minutes=180, start_time='START'))
requests.offers_make(request_id=request.pk, member_ids=[m.pk for m in members], by=None)
mails = Notification.objects.filter(template='interpreter_offer')
links = [mails.filter(recipient=m.email).latest('pk').context['accept_link'] for m in members]
tokens = [link.split('#token=')[1].split('&')[0] for link in links]
requests.offer_answer(token=tokens[0], accept=True)
print(request.pk, *tokens[1:])
"""

ACCEPT = """
import os
from services.interpreting import requests
try:
    requests.offer_answer(token=os.environ['TOKEN'], accept=True)
    print('accepted')
except requests.OfferFilled:
    print('filled')
"""

COUNT = """
import os
from services.interpreting.models import InterpreterOffer, InterpreterRequest
from services.notifications.models import Notification
request = InterpreterRequest.objects.get(pk=int(os.environ['REQUEST']))
told = Notification.objects.filter(
    template='interpreter_request_assigned', context__reference=request.reference)
accepted = InterpreterOffer.objects.filter(request=request, status='accepted')
print(request.status, accepted.count(), told.count())
"""


@pytest.mark.parametrize("engine", ["postgresql", "sqlite"])
def test_two_interpreters_accepting_the_last_place_at_once_one_gets_it(engine, tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    if engine == "sqlite":
        race(f"sqlite:///{tmp_path / 'children.sqlite3'}", data_dir, tmp_path)
    else:
        with postgres_database(f"wtreq_race_{os.getpid()}_{tmp_path.name[-12:]}".lower()) as url:
            race(url, data_dir, tmp_path)


def race(url: str, data_dir, tmp_path) -> None:
    env = process_env(DATABASE_URL=url, DATA_DIR=str(data_dir), REDIS_URL="")
    manage(env, "migrate", "--noinput", "-v0")
    for round_ in range(2):  # each round a new request, at another hour (no clash)
        request_id, *tokens = in_child(env, OFFERED.replace("START", f"{8 + 4 * round_:02d}:00"))
        children = [{**env, "TOKEN": token} for token in tokens]
        answers = released_together(ACCEPT, children, tmp_path / f"go{round_}")
        assert sorted(words[0] for words in answers) == ["accepted", "filled"]
        assert in_child({**env, "REQUEST": request_id}, COUNT) == ["assigned", "2", "1"]
