import { describe, expect, it } from 'vitest';

import { mailtoHref } from './mailto';

describe('mailtoHref', () => {
  it('links to the address as it is', () => {
    expect(mailtoHref('info@rnslia.org.rw')).toBe('mailto:info@rnslia.org.rw');
    expect(mailtoHref('jean.bosco+events@example.org')).toBe('mailto:jean.bosco%2Bevents@example.org');
  });

  it('never lets an address add recipients, a subject or a body', () => {
    const href = mailtoHref('info?bcc=victim@example.org&body=Pay here');
    expect(href).toBe('mailto:info%3Fbcc%3Dvictim@example.org%26body%3DPay%20here');
    expect(new URL(href).search).toBe('');
  });
});
