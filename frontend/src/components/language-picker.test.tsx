import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import i18n from '../lib/i18n';
import { LanguagePicker } from './language-picker';

describe('LanguagePicker', () => {
  it('offers each language named in itself, in its own language', () => {
    render(<LanguagePicker languages={['en', 'rw', 'fr', 'sw']} />);
    const picker = screen.getByRole('combobox', { name: 'Language' });
    const options = within(picker).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('lang')])).toEqual([
      ['Ikinyarwanda', 'rw'],
      ['English', 'en'],
      ['Français', 'fr'],
      ['Kiswahili', 'sw'],
    ]);
    expect(picker).toHaveValue('en');
  });

  it('switches the language at once, marks the page and remembers the choice', async () => {
    const user = userEvent.setup();
    render(<LanguagePicker languages={['en', 'rw']} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Ikinyarwanda');
    expect(i18n.language).toBe('rw');
    expect(document.documentElement).toHaveAttribute('lang', 'rw');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(window.localStorage.getItem('language')).toBe('rw');
    // The picker's own label now speaks Kinyarwanda too.
    expect(await screen.findByRole('combobox', { name: 'Ururimi' })).toHaveValue('rw');
  });

  it('keeps its label for screen readers when compact', () => {
    render(<LanguagePicker compact languages={['en', 'fr']} />);
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByText('Language')).toHaveClass('visually-hidden');
  });

  it('shows nothing while the site offers one language only', () => {
    const { container } = render(<LanguagePicker languages={['en']} />);
    expect(container).toBeEmptyDOMElement();
  });
});
