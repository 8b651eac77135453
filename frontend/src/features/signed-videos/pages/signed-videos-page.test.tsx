import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { makeStaffSignedVideo, signedVideoHandlers } from '../mocks/handlers';
import { SignedVideosPage } from './signed-videos-page';

describe('/dashboard/signed-videos', () => {
  it("shows each site page's video, or the upload form where there is none", async () => {
    server.use(
      signedVideoHandlers.staffVideo((target) =>
        target === 'page:about' ? makeStaffSignedVideo({ target: 'page:about', status: 'failed', error: 'The file is not a video.' }) : null,
      ),
    );
    renderWithProviders(<SignedVideosPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Signed videos' })).toBeInTheDocument();
    const sections = ['Home', 'About', 'Services', 'Membership'].map((name) => screen.getByRole('region', { name }));
    const [home, about, services, membership] = sections as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    for (const empty of [home, services, membership]) {
      expect(await within(empty).findByRole('button', { name: 'Upload the video' })).toBeInTheDocument();
    }
    expect(await within(about).findByText(/The video could not be prepared: The file is not a video\./)).toBeInTheDocument();
    expect(within(about).getByRole('button', { name: 'Remove the video' })).toBeInTheDocument();
  });
});
