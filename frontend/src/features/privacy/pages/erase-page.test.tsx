import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '../../../testing/render';
import { server } from '../../../testing/server';
import { storeTestSession } from '../../../testing/session';
import { privacyBackend } from '../mocks/handlers';

async function openPage(backend: ReturnType<typeof privacyBackend>) {
  server.use(...backend.handlers);
  storeTestSession();
  const view = renderRoute('/dashboard/privacy');
  await screen.findByRole('heading', { level: 1, name: 'Personal data' });
  const field = await screen.findByLabelText('E-mail address');
  const submit = await screen.findByRole('button', { name: 'Erase...' });
  return { ...view, field, submit };
}

describe('Personal data page (staff)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('is reached from the sidebar and states the automatic erasure periods', async () => {
    await openPage(privacyBackend());
    const nav = screen.getByRole('navigation', { name: 'Dashboard navigation' });
    expect(within(nav).getByRole('link', { name: 'Personal data' })).toHaveAttribute('aria-current', 'page');
    const automatic = await screen.findByRole('region', { name: 'Erased automatically' });
    expect(within(automatic).getByText(/contact messages: 180 days after they end/)).toBeInTheDocument();
    expect(within(automatic).getByText(/stored e-mails: 30 days after sending/)).toBeInTheDocument();
  });

  it.each([
    ['', 'Please enter the e-mail address to erase.'],
    ['jane at example', 'Please enter a valid e-mail address.'],
  ])('checks %j before asking, and takes the focus to the field', async (typed, text) => {
    const backend = privacyBackend();
    const { user, field, submit } = await openPage(backend);
    if (typed) await user.type(field, typed);
    await user.click(submit);
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent(text);
    expect(field).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(field).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.erased).toEqual([]);
  });

  it('asks first, naming the address and saying it cannot be undone; cancelling erases nothing', async () => {
    const backend = privacyBackend();
    const { user, field, submit } = await openPage(backend);
    await user.type(field, 'Grace@Example.org');
    await user.click(submit);
    const dialog = screen.getByRole('dialog', { name: 'Erase everything about this address?' });
    expect(dialog).toHaveTextContent('Grace@Example.org');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.erased).toEqual([]);
    expect(field).toHaveValue('Grace@Example.org');
  });

  it('erases: Erasing... while it runs, then how much of each kind went, with the focus on it', async () => {
    const backend = privacyBackend({
      held: true,
      found: { 'grace@example.org': { registrations: 2, waitlist_entries: 1, members: 1, contact_messages: 3, interpreter_requests: 2, emails: 9, events: 1 } },
    });
    const { user, field, submit } = await openPage(backend);
    await user.type(field, '  grace@example.org ');
    await user.click(submit);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Erase everything' }));
    expect(await within(dialog).findByRole('button', { name: 'Erasing...' })).toBeDisabled();
    backend.release();

    const heading = await screen.findByRole('heading', { name: 'Erased everything about grace@example.org' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(backend.erased).toEqual(['grace@example.org']);
    const result = heading.closest('section') as HTMLElement;
    const counts = within(result)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(counts).toEqual([
      ['Registrations', '2'],
      ['Waiting-list places', '1'],
      ['Membership records', '1'],
      ['Contact messages', '3'],
      ['Interpreter requests', '2'],
      ['Stored e-mails', '9'],
      ['Other records naming the address', '1'],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it('says when nothing was kept about the address', async () => {
    const { user, field, submit } = await openPage(privacyBackend());
    await user.type(field, 'nobody@example.org');
    await user.click(submit);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Erase everything' }));
    expect(await screen.findByRole('heading', { name: 'Nothing was kept about nobody@example.org.' })).toBeInTheDocument();
    expect(screen.queryByRole('term')).not.toBeInTheDocument();
  });
});
