"""One address, one person: how caps on e-mails "per address" count an address."""


def mailbox_key(address: str) -> str:
    """The mailbox an address delivers to, as mail servers read it: the whole address in lower
    case and without a `+tag` of its local part, so that `Bob+1@Example.org`, `bob+2@example.org`
    and `BOB@example.org` count as one. For counting only (caps per person); e-mails still go to
    the address as typed."""
    address = address.strip().lower()
    local, at, domain = address.rpartition("@")
    if not at:
        return address
    base = local.split("+", 1)[0]
    return f"{base or local}@{domain}"
