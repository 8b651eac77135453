import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ToastRegion } from '../../../components/toast-region';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { EventFormPage } from '../pages/event-form-page';
import type { UploadedEventImage } from '../public-api';
import { eventsBackend, makeAdminEvent } from './mocks/handlers';

const IMAGE_URL = '*/api/management/events/:id/image/';
const UPLOADED: UploadedEventImage = {
  alt: 'Interpreters on stage',
  variants: [
    { url: '/api/media/events/1/aaaaaaaaaaaaaaaaaaaa-480.webp', width: 480, height: 270 },
    { url: '/api/media/events/1/bbbbbbbbbbbbbbbbbbbb-960.webp', width: 960, height: 540 },
  ],
};

interface Sent {
  method: string;
  id: string;
  alt: string | null;
  type: string | null;
}

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

/** The events API of the form, and the picture endpoint answering `answer` (or the saved picture). */
function renderForm(route: string, events = [makeAdminEvent({ id: 1 })], answer?: () => Response) {
  const backend = eventsBackend(events);
  const sent: Sent[] = [];
  server.use(
    ...backend.handlers,
    http.post(IMAGE_URL, async ({ request, params }) => {
      const form = await request.formData();
      // jsdom's File reaches the handler as another realm's Blob: its type survives, not its class.
      const file = form.get('image') as Blob | null;
      sent.push({ method: 'POST', id: String(params.id), alt: form.get('image_alt') as string, type: file?.type ?? null });
      return answer ? answer() : HttpResponse.json(makeAdminEvent({ id: Number(params.id), image: UPLOADED }));
    }),
    http.delete(IMAGE_URL, ({ params }) => {
      sent.push({ method: 'DELETE', id: String(params.id), alt: null, type: null });
      return HttpResponse.json(makeAdminEvent({ id: Number(params.id), image: null }));
    }),
  );
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/create-event" element={<EventFormPage />} />
        <Route path="/dashboard/edit-event/:eventId" element={<EventFormPage />} />
        <Route path="/dashboard/events" element={<p>Events list</p>} />
      </Routes>
      <CurrentPath />
      <ToastRegion />
    </>,
    { route },
  );
  return { ...view, sent, backend };
}

const toasts = () => screen.getByRole('region', { name: 'Notifications' });
const png = (name = 'stage.png', size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('Event form: the uploaded picture', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // jsdom has no object URLs: the preview gets a stand-in address.
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('previews a chosen file, asks for its description first, then sends both after the event', async () => {
    const { user, sent, backend } = renderForm('/dashboard/edit-event/1');
    const file = await screen.findByLabelText('Choose a picture');
    expect(screen.getByText('No picture uploaded: the preset picture is shown.')).toBeInTheDocument();

    await user.upload(file, png());
    expect(screen.getByText('New picture: stage.png')).toBeInTheDocument();
    expect(document.querySelector('.event-form__upload img')).toHaveAttribute('src', 'blob:preview');

    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    const alt = screen.getByLabelText(/^Description of the picture/);
    expect(screen.getByText('Please describe the picture for people who cannot see it.')).toBeInTheDocument();
    await waitFor(() => expect(alt).toHaveFocus());
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    expect(backend.requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(alt, '  Interpreters on stage ');
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'POST', id: '1', alt: 'Interpreters on stage', type: 'image/png' });
    expect(backend.requests.some((request) => request.method === 'PUT')).toBe(true);
    expect(await within(toasts()).findByText(/updated successfully/i)).toBeInTheDocument();
  });

  it('refuses a file that is not a picture or is too large before sending anything', async () => {
    const { user, sent } = renderForm('/dashboard/edit-event/1');
    const file = await screen.findByLabelText('Choose a picture');
    // The browser's file dialog offers pictures only (accept), but a file can still be dropped in.
    fireEvent.change(file, { target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] } });
    await user.type(screen.getByLabelText(/^Description of the picture/), 'A page');
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(screen.getByText('Choose a JPEG, PNG or WebP picture.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Replace the picture'), { target: { files: [png('huge.png', 9 * 1024 * 1024)] } });
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(screen.getByText('This picture is larger than 8 MB.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows the current picture and removes it on save', async () => {
    const { user, sent } = renderForm('/dashboard/edit-event/1', [makeAdminEvent({ id: 1, image: UPLOADED })]);
    expect(await screen.findByText('Current picture')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Description of the picture/)).toHaveValue('Interpreters on stage');
    expect(document.querySelector('.event-form__upload img')).toHaveAttribute('src', UPLOADED.variants[0]?.url);

    await user.click(screen.getByRole('button', { name: 'Remove the picture' }));
    expect(screen.getByText(/will be removed when you save/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', id: '1', alt: null, type: null }]));
  });

  it('sends a new description alone, and nothing when the picture is unchanged', async () => {
    const first = renderForm('/dashboard/edit-event/1', [makeAdminEvent({ id: 1, image: UPLOADED })]);
    await screen.findByText('Current picture');
    await first.user.click(screen.getByRole('button', { name: 'Update Event' }));
    await within(toasts()).findByText(/updated successfully/i);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/dashboard/events'), { timeout: 4000 });
    expect(first.sent).toEqual([]);
    first.unmount();

    const second = renderForm('/dashboard/edit-event/1', [makeAdminEvent({ id: 1, image: UPLOADED })]);
    const alt = await screen.findByLabelText(/^Description of the picture/);
    await second.user.clear(alt);
    await second.user.type(alt, 'The opening keynote');
    await second.user.click(screen.getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(second.sent).toHaveLength(1));
    expect(second.sent[0]).toMatchObject({ method: 'POST', alt: 'The opening keynote', type: null });
  });

  it("shows the server's refusal at the file field and stays on the form", async () => {
    const refusal = 'This file is not a picture we can use. Upload a JPEG, PNG or WebP image.';
    const { user } = renderForm('/dashboard/edit-event/1', undefined, () =>
      HttpResponse.json({ detail: refusal, code: 'validation_error', fields: { image: refusal } }, { status: 400 }),
    );
    await user.upload(await screen.findByLabelText('Choose a picture'), png());
    await user.type(screen.getByLabelText(/^Description of the picture/), 'Stage');
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(screen.getByLabelText('Replace the picture')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Replace the picture')).toHaveFocus();
    expect(screen.getByTestId('path').textContent).toBe('/dashboard/edit-event/1');
  });

  it('after creating, sends the picture of the new event', async () => {
    const { user, sent } = renderForm('/dashboard/create-event', []);
    await user.type(screen.getByLabelText(/^Title/), 'Summit');
    await user.type(screen.getByLabelText(/^Date/), '2027-05-20');
    await user.type(screen.getByLabelText(/^Location/), 'Kigali');
    await user.upload(screen.getByLabelText('Choose a picture'), png());
    await user.type(screen.getByLabelText(/^Description of the picture/), 'Stage');
    await user.click(screen.getByRole('button', { name: 'Save & Publish' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'POST', id: '1', alt: 'Stage', type: 'image/png' });
  });
});
