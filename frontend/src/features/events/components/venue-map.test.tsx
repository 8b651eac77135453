import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { publicEventHandlers, TEST_SITE_CONFIG } from '../mocks/public-handlers';
import { venueOf } from './venue';
import { VenueSection } from './venue-section';

function renderVenue() {
  return renderWithProviders(<VenueSection venue={venueOf()} />, { route: '/event' });
}

describe('Venue map', () => {
  it("shows 'Loading map...', then the Leaflet map with the configured tiles and our own marker", async () => {
    server.use(publicEventHandlers.config());
    const { container } = renderVenue();
    expect(screen.getByRole('status')).toHaveTextContent('Loading map...');

    const map = await screen.findByRole('region', { name: 'Map of the venue' });
    expect(map).toHaveClass('leaflet-container');
    expect(screen.queryByText('Loading map...')).not.toBeInTheDocument();

    // Tiles come from the configured address, never a hard-coded host.
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')).not.toBeNull());
    const tile = container.querySelector('img.leaflet-tile') as HTMLImageElement;
    expect(tile.src.startsWith(TEST_SITE_CONFIG.map_tile_url.split('{z}')[0] as string)).toBe(true);
    expect(tile.src).toMatch(/\/15\/\d+\/\d+\.png$/); // zoom 15
    // Leaflet adds the attribution and the marker to the map itself, after React's render.
    expect(await within(map).findByText(/OpenStreetMap contributors/)).toBeInTheDocument();

    const marker = await within(map).findByRole('button', { name: 'Kigali Convention Center' });
    expect(marker).toHaveClass('venue-map__pin');
    expect(marker.querySelector('svg')).not.toBeNull();
    expect(container.querySelector('img.leaflet-marker-icon')).toBeNull(); // no marker image fetched
  });

  it('opens a popup with the name, description, address and directions', async () => {
    server.use(publicEventHandlers.config());
    const { user } = renderVenue();
    const map = await screen.findByRole('region', { name: 'Map of the venue' });
    await user.click(await within(map).findByRole('button', { name: 'Kigali Convention Center' }));

    const popup = (await waitFor(() => {
      const element = map.querySelector('.leaflet-popup-content');
      expect(element).not.toBeNull();
      return element;
    })) as HTMLElement;
    // The popup's text is React content portalled into Leaflet's node once the popup has opened.
    expect(await within(popup).findByText('Kigali Convention Center')).toBeInTheDocument();
    expect(await within(popup).findByText(/landmark conference venue/)).toBeInTheDocument();
    expect(await within(popup).findByText('KG 2 Roundabout, Kimihurura, Kigali, Rwanda')).toBeInTheDocument();
    expect(await within(popup).findByRole('link', { name: /^Get Directions/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=-1.95,30.0587',
    );
  });

  it('expands and collapses the map', async () => {
    server.use(publicEventHandlers.config());
    const { user } = renderVenue();
    await screen.findByRole('region', { name: 'Map of the venue' });
    const frame = document.querySelector('.venue-map__frame') as HTMLElement;

    await user.click(await screen.findByRole('button', { name: 'Expand map' }));
    expect(frame).toHaveClass('venue-map__frame--expanded');
    await user.click(screen.getByRole('button', { name: 'Collapse map' }));
    expect(frame).not.toHaveClass('venue-map__frame--expanded');
  });

  it('keeps the address and directions as text, outside the map', () => {
    server.use(publicEventHandlers.config());
    renderVenue();
    const venue = screen.getByRole('region', { name: 'Venue' });
    expect(within(venue).getByText('KG 2 Roundabout, Kimihurura, Kigali, Rwanda')).toBeInTheDocument();
    expect(within(venue).getByRole('link', { name: /^Get Directions/ })).toHaveAttribute('target', '_blank');
  });
});
