import { mailtoHref } from '../../../lib/mailto';

/** A person's e-mail and phone, each a link that starts a message or a call. */
export function ContactLinks({ email, phone }: { email: string; phone: string }) {
  return (
    <>
      <a href={mailtoHref(email)} className="registrations-table__contact">
        {email}
      </a>
      <a href={`tel:${phone.replace(/\s+/g, '')}`} className="registrations-table__contact">
        {phone}
      </a>
    </>
  );
}
