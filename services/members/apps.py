from django.apps import AppConfig


class MembersConfig(AppConfig):
    name = "services.members"
    label = "members"
    verbose_name = "Members"

    def ready(self):
        from django.db.models.signals import post_delete, post_save

        from services.audit.registry import audit_follow

        from .models import CpdCredit, Member, MembershipPeriod, Renewal
        from .selectors import MEMBER_TOTALS

        for signal in (post_save, post_delete):  # the list's kept totals
            signal.connect(MEMBER_TOTALS.stale, sender=Member, dispatch_uid=f"member-totals-{signal}")

        audit_follow(
            Member,
            object_type="member",
            # What names or reaches the person, or tells of them alone: masked in the activity list,
            # "[erased]" once they are erased. The transaction id traces the payer's mobile money
            # account. Type, status, nationality, occupation and the like stay: a report's words.
            personal=[
                "full_name",
                "email",
                "phone",
                "date_of_birth",
                "gender",
                "address",
                "contact_person_name",
                "contact_person_role",
                "reason_for_joining",
                "skills",
                "certifications",
                "transaction_id",
            ],
            # The card's code is no fact about the person, and its sealed form stays out of the trail.
            exclude=["created_at", "updated_at", "verify_code_hash", "verify_code_sealed"],
            label=lambda member: member.trail_label,
        )
        # A CPD credit added or revoked by staff: who and when, the reason and note (docs/members.md).
        audit_follow(
            CpdCredit,
            object_type="cpd_credit",
            personal=["note", "revoked_reason"],
            exclude=["created_at", "verify_code_hash", "verify_code_sealed"],
            label=lambda credit: f"{credit.member.trail_label}: {credit.title[:60]}",
            # Named by its member, as the periods: erased with the member's trail.
            object_id=lambda credit: credit.member_id,
        )
        audit_follow(
            MembershipPeriod,
            object_type="membership_period",
            # The transaction id traces the payer's mobile money account, as on the member.
            personal=["transaction_id"],
            exclude=["created_at"],
            label=lambda period: f"{period.member.trail_label}: {period.start}–{period.end}",
            # Named by its member: the member's periods are found (and erased) by the member's id.
            object_id=lambda period: period.member_id,
        )
        audit_follow(
            Renewal,
            object_type="renewal",
            personal=["transaction_id"],  # traces the payer's account, as the member's does
            exclude=["created_at", "updated_at"],
            label=lambda renewal: renewal.reference,
        )
