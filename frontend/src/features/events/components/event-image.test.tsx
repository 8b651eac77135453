import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { eventImage } from '../../../lib/event-images';
import { EventPicture } from './event-image';

const UPLOADED = {
  alt: 'Interpreters on stage at the opening',
  variants: [
    { url: '/api/media/events/7/aaaaaaaaaaaaaaaaaaaa-480.webp', width: 480, height: 320 },
    { url: '/api/media/events/7/bbbbbbbbbbbbbbbbbbbb-960.webp', width: 960, height: 640 },
    { url: '/api/media/events/7/cccccccccccccccccccc-1600.webp', width: 1600, height: 1067 },
  ],
};

describe('EventPicture', () => {
  it('offers every width of the uploaded picture, lazily, with its description', () => {
    render(<EventPicture fixed={eventImage('workshop1')} uploaded={UPLOADED} className="card" sizes="300px" width={300} height={169} />);
    const image = screen.getByRole('img', { name: 'Interpreters on stage at the opening' });
    expect(image).toHaveAttribute(
      'srcset',
      '/api/media/events/7/aaaaaaaaaaaaaaaaaaaa-480.webp 480w, /api/media/events/7/bbbbbbbbbbbbbbbbbbbb-960.webp 960w, /api/media/events/7/cccccccccccccccccccc-1600.webp 1600w',
    );
    expect(image).toHaveAttribute('sizes', '300px');
    expect(image).toHaveAttribute('src', UPLOADED.variants[1]?.url); // the middle one without srcset
    expect(image).toHaveAttribute('loading', 'lazy');
    // The picture's own shape, so the page does not jump when it arrives.
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '1067');
  });

  it('shows the preset picture when nothing was uploaded', () => {
    render(<EventPicture fixed={eventImage('workshop1')} uploaded={null} className="card" sizes="300px" width={300} height={169} />);
    const image = screen.getByRole('img', { name: 'Workshop' });
    expect(image.getAttribute('src')).toContain('workshop1');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '300');
  });
});
