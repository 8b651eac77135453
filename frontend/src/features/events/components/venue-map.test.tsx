import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { makePublicEvent, publicEventHandlers, TEST_SITE_CONFIG } from '../mocks/public-handlers';
import { venueOf } from './venue';
import { VenueSection } from './venue-section';

// An event at the Hôtel des Mille Collines: its own place, not anyone else's.
const WORKSHOP = makePublicEvent({
  title: 'Legal Interpreting Workshop',
  location: 'Hôtel des Mille Collines, KN 6 Ave, Kiyovu, Kigali',
  latitude: -1.9469,
  longitude: 30.0619,
});

function renderVenue(event = WORKSHOP) {
  return renderWithProviders(<VenueSection location={event.location} venue={venueOf(event)} />, { route: '/event/2' });
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

    const marker = await within(map).findByRole('button', { name: 'Legal Interpreting Workshop' });
    expect(marker).toHaveClass('venue-map__pin');
    expect(marker.querySelector('svg')).not.toBeNull();
    expect(container.querySelector('img.leaflet-marker-icon')).toBeNull(); // no marker image fetched
  });

  it("opens a popup with the event, its location and directions to the event's own place", async () => {
    server.use(publicEventHandlers.config());
    const { user } = renderVenue();
    const map = await screen.findByRole('region', { name: 'Map of the venue' });
    await user.click(await within(map).findByRole('button', { name: 'Legal Interpreting Workshop' }));

    const popup = (await waitFor(() => {
      const element = map.querySelector('.leaflet-popup-content');
      expect(element).not.toBeNull();
      return element;
    })) as HTMLElement;
    // The popup's text is React content portalled into Leaflet's node once the popup has opened.
    expect(await within(popup).findByText('Legal Interpreting Workshop')).toBeInTheDocument();
    expect(await within(popup).findByText('Hôtel des Mille Collines, KN 6 Ave, Kiyovu, Kigali')).toBeInTheDocument();
    expect(await within(popup).findByRole('link', { name: /^Get Directions/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=-1.9469,30.0619',
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
    expect(within(venue).getByText('Hôtel des Mille Collines, KN 6 Ave, Kiyovu, Kigali')).toBeInTheDocument();
    const directions = within(venue).getByRole('link', { name: /^Get Directions/ });
    expect(directions).toHaveAttribute('target', '_blank');
    expect(directions).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=-1.9469,30.0619');
  });

  it('shows only the location text for an event without a place: no map, no directions, no default venue', async () => {
    server.use(publicEventHandlers.config());
    renderVenue(makePublicEvent({ location: 'Online', latitude: null, longitude: null }));
    const venue = screen.getByRole('region', { name: 'Venue' });
    expect(within(venue).getByText('Online')).toBeInTheDocument();
    expect(within(venue).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading map...')).not.toBeInTheDocument();
    expect(document.querySelector('.leaflet-container')).toBeNull();
    expect(venue).not.toHaveTextContent(/Convention/);
  });
});
