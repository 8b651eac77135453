/**
 * A `mailto:` link to one address and nothing else: characters that would add headers or a body
 * (`?bcc=…`, `&body=…`) are percent-encoded, so they stay part of the address.
 */
export function mailtoHref(address: string): string {
  return `mailto:${encodeURIComponent(address.trim()).replace(/%40/g, '@')}`;
}
