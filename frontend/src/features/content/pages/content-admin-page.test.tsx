import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ToastRegion } from '../../../components/toast-region';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { contentBackend, contentFailure, makeReceivedMessage } from '../admin/mocks/handlers';
import { makeLinkResource, makeResource, makeUpdate } from '../mocks/handlers';
import { ContentAdminPage } from './content-admin-page';

type Backend = ReturnType<typeof contentBackend>;

function CurrentSearch() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderPage(backend: Backend, route = '/dashboard/content', user: Parameters<typeof renderWithProviders>[1] = {}) {
  server.use(...backend.handlers);
  return renderWithProviders(
    <>
      <Routes>
        <Route
          path="/dashboard/content"
          element={
            <>
              <ContentAdminPage />
              <CurrentSearch />
            </>
          }
        />
      </Routes>
      <ToastRegion />
    </>,
    { route, ...user },
  );
}

const officeBackend = () =>
  contentBackend({
    resources: [makeResource(), makeLinkResource()],
    updates: [makeUpdate(), makeUpdate({ id: 2, title: 'Office closed', link: '', description: '' })],
  });

const toasts = () => screen.getByRole('region', { name: 'Notifications' });
const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};
const pdf = (name = 'report.pdf', size?: number) => {
  const file = new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('Content admin page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('lists the resources, then the updates on their tab (arrow keys too)', async () => {
    const { user } = renderPage(officeBackend());
    expect(screen.getByRole('heading', { level: 1, name: 'Content' })).toBeInTheDocument();
    const resourcesTab = screen.getByRole('tab', { name: 'Resources' });
    expect(resourcesTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Loading resources...')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Resources' });
    const upload = rowOf('Code of Ethics');
    expect(within(upload).getByText('The principles every member follows.')).toBeInTheDocument();
    expect(within(upload).getByRole('link', { name: /^Code of Ethics\.pdf/ })).toHaveAttribute(
      'href',
      '/api/resources/1/file/',
    );
    expect(within(upload).getByText('PDF · 12 kB')).toBeInTheDocument();
    expect(within(upload).getByText('Nov 20, 2026')).toBeInTheDocument();
    const link = rowOf('UN Convention');
    expect(within(link).getByRole('link', { name: /example\.org/ })).toHaveAttribute('href', 'https://example.org/convention');
    expect(within(table).getByRole('button', { name: 'Edit UN Convention' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 2 of 2 resources')).toBeInTheDocument();

    resourcesTab.focus();
    await user.keyboard('{ArrowRight}');
    const updatesTab = screen.getByRole('tab', { name: 'Updates' });
    expect(updatesTab).toHaveFocus();
    expect(updatesTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('search')).toHaveTextContent('?tab=updates');
    await screen.findByRole('table', { name: 'Updates' });
    expect(within(rowOf('Certification exams announced')).getByText('Nov 3, 2026')).toBeInTheDocument();
    expect(within(rowOf('Certification exams announced')).getByRole('link', { name: /Open link/ })).toHaveAttribute(
      'href',
      'https://example.org/exams',
    );
    expect(within(rowOf('Office closed')).getByText('None')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Updates' })).toBeInTheDocument();
  });

  it('uploads a new PDF resource: the file and fields are sent, the row and a toast appear', async () => {
    const backend = contentBackend();
    const { user } = renderPage(backend);
    expect(await screen.findByText('No resources yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Resource' });
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    expect(title).toHaveFocus();
    expect(within(dialog).getByRole('radio', { name: 'Upload a file' })).toBeChecked();
    expect(within(dialog).getByText(/at most 10 MB\./)).toBeInTheDocument();
    const input = within(dialog).getByLabelText(/^File/);
    expect(input).toHaveAttribute('accept', expect.stringContaining('.pdf'));

    await user.type(title, 'Annual Report 2025');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description (optional)' }), 'Our year.');
    await user.upload(input, pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts()).toHaveTextContent('Resource "Annual Report 2025" added successfully');
    expect(await screen.findByRole('rowheader', { name: /^Annual Report 2025/ })).toBeInTheDocument();
    const [sent] = backend.sentResources;
    expect(sent).toMatchObject({ title: 'Annual Report 2025', description: 'Our year.', url: null });
    expect(sent?.file?.type).toBe('application/pdf');
  });

  it('checks the form first: required fields, then the file type and size, each on its field', async () => {
    const backend = contentBackend();
    // A browser's file picker may offer "All files" beside the accepted types.
    const { user } = renderPage(backend, undefined, { user: { applyAccept: false } });
    await screen.findByText('No resources yet');
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Resource' });

    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    expect(title).toHaveAccessibleDescription('Please enter a title.');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveFocus();
    const file = within(dialog).getByLabelText(/^File/);
    expect(file).toHaveAccessibleDescription(expect.stringContaining('Choose a file to upload.'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');

    // A chosen file is checked at once.
    await user.upload(file, pdf('notes.txt'));
    expect(file).toHaveAccessibleDescription(
      expect.stringContaining('This file type is not allowed. Use PDF, Office documents or images.'),
    );
    await user.upload(file, pdf('huge.pdf', 11 * 1024 * 1024));
    expect(file).toHaveAccessibleDescription(expect.stringContaining('This file is too large. The limit is 10 MB.'));

    // A link instead: its address is required.
    await user.click(within(dialog).getByRole('radio', { name: 'Link to a document on another website' }));
    await user.type(title, 'Dictionary');
    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));
    const address = within(dialog).getByRole('textbox', { name: /^Web address of the document/ });
    expect(address).toHaveAccessibleDescription(expect.stringContaining('Enter the web address of the document.'));
    expect(address).toHaveFocus();
    expect(backend.sentResources).toEqual([]);
  });

  it("shows the server's field message on its field, focused, with a toast", async () => {
    const { user } = renderPage(contentBackend());
    server.use(
      http.post('*/api/resources/', () =>
        HttpResponse.json(
          {
            detail: 'This file type is not allowed. Use PDF, Office documents or images.',
            code: 'validation_error',
            fields: { file: 'This file type is not allowed. Use PDF, Office documents or images.' },
          },
          { status: 400 },
        ),
      ),
    );
    await screen.findByText('No resources yet');
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Resource' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Renamed page');
    await user.upload(within(dialog).getByLabelText(/^File/), pdf('page.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));

    const file = within(dialog).getByLabelText(/^File/);
    await waitFor(() => expect(file).toHaveAttribute('aria-invalid', 'true'));
    expect(file).toHaveAccessibleDescription(
      expect.stringContaining('This file type is not allowed. Use PDF, Office documents or images.'),
    );
    expect(file).toHaveFocus();
    expect(toasts()).toHaveTextContent(
      'Failed to save the resource: This file type is not allowed. Use PDF, Office documents or images.',
    );
    expect(screen.getByRole('dialog', { name: 'Add Resource' })).toBeInTheDocument();
  });

  it('edits a resource without resending its file', async () => {
    const backend = officeBackend();
    const { user } = renderPage(backend);
    await screen.findByRole('table', { name: 'Resources' });
    await user.click(screen.getByRole('button', { name: 'Edit Code of Ethics' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Resource' });
    expect(within(dialog).getByText(/Current file: Code of Ethics\.pdf \(PDF · 12 kB\)/)).toBeInTheDocument();
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Code of Ethics 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts()).toHaveTextContent('Resource "Code of Ethics 2026" updated successfully');
    expect(backend.sentResources).toEqual([
      { title: 'Code of Ethics 2026', description: 'The principles every member follows.', url: null, file: null },
    ]);
    expect(await screen.findByRole('rowheader', { name: /^Code of Ethics 2026/ })).toBeInTheDocument();
  });

  it('deletes a resource after the question, then focuses Add Resource', async () => {
    const backend = officeBackend();
    const { user } = renderPage(backend);
    await screen.findByRole('table', { name: 'Resources' });
    await user.click(screen.getByRole('button', { name: 'Delete Code of Ethics' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Resource' });
    expect(dialog).toHaveTextContent('Delete "Code of Ethics"? Its file is deleted too');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts()).toHaveTextContent('Resource "Code of Ethics" was deleted successfully');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^Code of Ethics/ })).not.toBeInTheDocument());
    expect(backend.deleted).toEqual(['resource 1']);
    expect(screen.getByRole('button', { name: 'Add Resource' })).toHaveFocus();
  });

  it('says so when a delete fails, and keeps the row', async () => {
    const backend = officeBackend();
    const { user } = renderPage(backend);
    await screen.findByRole('table', { name: 'Resources' });
    server.use(contentFailure('delete', 'resources'));
    await user.click(screen.getByRole('button', { name: 'Delete UN Convention' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(toasts()).findByText(/Failed to delete the resource: The server is having a bad day\./)).toBeInTheDocument();
    expect(rowOf('UN Convention')).toBeInTheDocument();
  });

  it('adds an update with today as the default date and shows a server link error on its field', async () => {
    const backend = contentBackend();
    const { user } = renderPage(backend, '/dashboard/content?tab=updates');
    expect(await screen.findByText('No updates yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Update' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Update' });
    const date = within(dialog).getByLabelText(/^Date/);
    expect((date as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Exams');
    const link = within(dialog).getByRole('textbox', { name: /^Read More link/ });
    await user.type(link, 'exams.example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Save Update' }));

    await waitFor(() => expect(link).toHaveAttribute('aria-invalid', 'true'));
    expect(link).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid web address starting with http:// or https://.'),
    );
    expect(link).toHaveFocus();

    await user.clear(link);
    await user.type(link, 'https://exams.example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Save Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts()).toHaveTextContent('Update "Exams" added successfully');
    expect(await screen.findByRole('rowheader', { name: /^Exams/ })).toBeInTheDocument();
  });

  it('shows a failed list with Try Again', async () => {
    server.use(contentFailure('get', 'resources'));
    const { user } = renderWithProviders(
      <>
        <ContentAdminPage />
        <ToastRegion />
      </>,
      { route: '/dashboard/content' },
    );
    expect(await screen.findByText('Failed to load resources. Please try again.')).toBeInTheDocument();
    server.resetHandlers();
    server.use(...contentBackend({ resources: [makeResource()] }).handlers);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Resources' })).toBeInTheDocument();
  });

  it('lists the messages visitors sent on their own tab, searches them and erases one after the question', async () => {
    const long = `Hello, ${'I would like to know more about the training. '.repeat(6)}Thank you.`;
    const backend = contentBackend({
      messages: [
        makeReceivedMessage(),
        makeReceivedMessage({ id: 2, name: 'Bosco Habimana', email: 'bosco@example.org', message: long }),
      ],
    });
    const { user } = renderPage(backend, '/dashboard/content?tab=messages');
    expect(screen.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Messages from visitors' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'From',
      'Message',
      'Received',
      'Actions',
    ]);
    const aline = rowOf('Aline Uwase');
    expect(within(aline).getByRole('link', { name: 'aline@example.org' })).toHaveAttribute('href', 'mailto:aline@example.org');
    expect(within(aline).getByText('When is the next interpreter training?')).toBeInTheDocument();
    // A long message shows its beginning; the whole text opens on request.
    const bosco = rowOf('Bosco Habimana');
    expect(within(bosco).getByText(/^Hello, I would like.*…$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Resource' })).not.toBeInTheDocument();
    expect(within(aline).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: 'Search messages' });
    expect(search).toHaveAttribute('placeholder', 'Search by name, e-mail or message');
    await user.type(search, 'bosco@');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^Aline/ })).not.toBeInTheDocument());
    await user.clear(search);
    await waitFor(() => expect(screen.getAllByRole('rowheader')).toHaveLength(2));

    await user.click(within(rowOf('Aline Uwase')).getByRole('button', { name: 'Delete the message from Aline Uwase' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Message' });
    expect(dialog).toHaveTextContent('Delete the message from Aline Uwase (aline@example.org)?');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts()).toHaveTextContent('The message from Aline Uwase (aline@example.org) was deleted');
    expect(backend.deleted).toEqual(['message 1']);
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^Aline/ })).not.toBeInTheDocument());
    // No Add button on this list: the focus goes back to its search box.
    expect(search).toHaveFocus();
  });
});
