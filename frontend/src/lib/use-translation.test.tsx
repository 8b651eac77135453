import { act, render, screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { server } from '../testing/server';
import i18n, { type TFunction } from './i18n';
import { useTranslation } from './use-translation';

function Texts({ onT }: { onT?: (t: TFunction) => void }) {
  const { t } = useTranslation(['common', 'contact']);
  useEffect(() => {
    onT?.(t);
  }, [onT, t]);
  return (
    <p>
      {t('nav.contact')} / {t('contact:formHeading')}
    </p>
  );
}

describe('useTranslation', () => {
  afterEach(async () => {
    server.resetHandlers();
    await i18n.changeLanguage('en');
    await i18n.reloadResources(['en'], ['contact']);
  });

  it('reads the first namespace by default and others by prefix', () => {
    render(<Texts />);
    expect(screen.getByText('Contact Us / Send us a message')).toBeInTheDocument();
  });

  it('fetches a namespace nobody loaded yet and shows its texts when it arrives', async () => {
    // As on a first visit: a fresh engine, with English `common` only.
    vi.resetModules();
    const fresh = await import('./use-translation');
    function FirstVisit() {
      const { t } = fresh.useTranslation(['common', 'contact']);
      return (
        <p>
          {t('nav.contact')} / {t('contact:formHeading')}
        </p>
      );
    }
    let fetches = 0;
    server.use(
      http.get('*/locales/en/contact.json', async () => {
        fetches += 1;
        await delay(20);
        return HttpResponse.json({ formHeading: 'Write to us' });
      }),
    );
    render(<FirstVisit />);
    expect(await screen.findByText('Contact Us / Write to us')).toBeInTheDocument();
    expect(fetches).toBe(1);
  });

  it('keeps the same t between renders, and gives a new one when the language changes', async () => {
    const seen: TFunction[] = [];
    const remember = (t: TFunction) => seen.push(t);
    const { rerender } = render(<Texts onT={remember} />);
    rerender(<Texts onT={remember} />);
    expect(new Set(seen).size).toBe(1);
    await act(() => i18n.changeLanguage('fr'));
    expect(new Set(seen).size).toBe(2);
  });
});
