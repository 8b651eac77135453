/**
 * The association's public details come from the server (GET /api/config/, from
 * settings.ASSOCIATION): this file holds only what the server does not know.
 */
export interface SiteConfig {
  map_tile_url: string;
  map_attribution: string;
  association: { name: string; short_name: string; email: string; phone: string; address: string };
  /** The largest resource file staff may upload, in MB (RESOURCE_UPLOAD_MAX_MB). */
  resource_upload_max_mb: number;
  /** Whether the public forms send a solved bot challenge (PUBLIC_FORM_CHALLENGE; lib/public-form-challenge.ts). */
  public_form_challenge: boolean;
  /** Hours an unpaid seat is kept when an event sets none (REGISTRATION_PAYMENT_DEADLINE_HOURS); null: no deadline. */
  registration_payment_deadline_hours: number | null;
  /** The yearly membership fee of each type, whole Rwf (MEMBERSHIP_FEE_*). */
  membership_fees: Record<string, number | null>;
  /** Where members and registrants pay (PAYMENT_*). */
  payment: {
    mobile_money_number: string;
    mobile_money_name: string;
    bank_name: string;
    bank_account: string;
    bank_account_name: string;
  };
  /** `make run`'s demo details: every screen that shows them says they are not a real account. */
  demo: boolean;
}

export const SOCIAL_LINKS = {
  facebook: 'https://www.facebook.com/rnslia',
  x: 'https://x.com/rnslia',
  instagram: 'https://www.instagram.com/rnslia',
} as const;

/** A WhatsApp chat with the association's phone number (wa.me wants the digits only). */
export function whatsappChatUrl(phone: string, greeting: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(greeting)}`;
}
