import type { Schemas } from './api-types';

/**
 * The association's public details come from the server (GET /api/config/, from
 * settings.ASSOCIATION): this file holds only what the server does not know. The other fields are
 * the document's: resource_upload_max_mb (RESOURCE_UPLOAD_MAX_MB), public_form_challenge
 * (PUBLIC_FORM_CHALLENGE; lib/public-form-challenge.ts), registration_payment_deadline_hours (null:
 * no deadline), membership_fees (whole Rwf a year by type), demo (`make run`'s demo details: every
 * screen that shows them says they are not a real account).
 */
export type SiteConfig = Omit<Schemas['ConfigOut'], 'association' | 'payment'> & {
  /** The document declares a map of texts; the server sends these keys (settings.ASSOCIATION). */
  association: { name: string; short_name: string; email: string; phone: string; address: string };
  /** Where members and registrants pay (PAYMENT_*). */
  payment: {
    mobile_money_number: string;
    mobile_money_name: string;
    bank_name: string;
    bank_account: string;
    bank_account_name: string;
  };
};

export const SOCIAL_LINKS = {
  facebook: 'https://www.facebook.com/rnslia',
  x: 'https://x.com/rnslia',
  instagram: 'https://www.instagram.com/rnslia',
} as const;

/** A WhatsApp chat with the association's phone number (wa.me wants the digits only). */
export function whatsappChatUrl(phone: string, greeting: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(greeting)}`;
}
