import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import i18n from '../../../lib/i18n';
import en from '../../../locales/en/site.json';
import fr from '../../../locales/fr/site.json';
import rw from '../../../locales/rw/site.json';
import sw from '../../../locales/sw/site.json';
import { renderWithProviders } from '../../../testing/render';
import { ServicesPage } from './services-page';

/** Every key path of a catalogue, with list lengths and `{{placeholders}}`, but not the words. */
function shape(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return [`${path}[${value.length}]`, ...value.flatMap((item, index) => shape(item, `${path}.${index}`))];
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => shape(item, path ? `${path}.${key}` : key));
  }
  const placeholders = String(value).match(/\{\{\w+\}\}/g) ?? [];
  return [`${path} ${placeholders.sort().join(' ')}`.trim()];
}

describe('The site texts in Kinyarwanda, French and Kiswahili', () => {
  it.each([
    ['rw', rw],
    ['fr', fr],
    ['sw', sw],
  ])('%s has exactly the English keys, lists and placeholders', (_language, catalogue) => {
    expect(shape(catalogue)).toEqual(shape(en));
  });

  it('show on the page in the chosen language', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderWithProviders(<ServicesPage />, { route: '/services' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nos services' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 services affichés sur 12');
    expect(screen.getByRole('button', { name: 'Voir plus' })).toBeInTheDocument();
  });
});
