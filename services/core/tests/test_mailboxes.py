import pytest

from services.core.mailboxes import mailbox_key


@pytest.mark.parametrize(
    ("address", "mailbox"),
    [
        ("Bob+1@Example.org", "bob@example.org"),
        ("bob+2@example.org", "bob@example.org"),
        ("BOB@example.org", "bob@example.org"),
        (" bob@example.org ", "bob@example.org"),
        ("bob+a+b@example.org", "bob@example.org"),
        ("+only-a-tag@example.org", "+only-a-tag@example.org"),  # nothing before the tag: kept whole
        ("first.last@example.org", "first.last@example.org"),  # dots are the provider's business
        ("bob@sub+domain.example.org", "bob@sub+domain.example.org"),  # a tag is in the local part only
    ],
)
def test_an_address_is_counted_as_mail_servers_deliver_it(address, mailbox):
    assert mailbox_key(address) == mailbox
