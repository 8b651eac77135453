// The association's public contact details. The backend holds the same values
// (settings.ASSOCIATION); keep them in step.
export const SITE = {
  shortName: 'RNSLIA',
  email: 'info@rnslia.org.rw',
  phone: '+250 788 000 000',
  phoneHref: 'tel:+250788000000',
  // Placeholder number for the floating chat link (international format, digits only).
  whatsappNumber: '250788000000',
  social: {
    facebook: 'https://www.facebook.com/rnslia',
    x: 'https://x.com/rnslia',
    instagram: 'https://www.instagram.com/rnslia',
  },
} as const;

export function whatsappChatUrl(greeting: string): string {
  return `https://wa.me/${SITE.whatsappNumber}?text=${encodeURIComponent(greeting)}`;
}
