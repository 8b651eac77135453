import { expect, test, type Page } from '@playwright/test';

import { isoDateIn, signIn, toasts } from './admin';
import { expectNoAxeViolations } from './axe';

/** Types into the list's search box and waits for the row of `title` (the search is debounced). */
async function searchFor(page: Page, title: string) {
  await page.getByRole('searchbox', { name: 'Search events' }).fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  return row;
}

test('an administrator creates, publishes, edits, cancels and deletes an event', async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `Journey Workshop ${Date.now()}`;
  const edited = `${title} (edited)`;

  await signIn(page);
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events Management');
  await expect(page.getByRole('table', { name: 'Events' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
  await expectNoAxeViolations(page, 'events list');

  // 1. Create and publish.
  await page.getByRole('link', { name: 'Create New Event' }).click();
  await expect(page).toHaveURL(/\/dashboard\/create-event$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create New Event');
  await expectNoAxeViolations(page, 'create form');

  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Date/).fill(isoDateIn(60));
  await page.getByLabel(/^Location/).fill('Kigali Convention Center');
  await page.getByLabel(/^Price/).fill('2500');
  // The event's own place: a click on the map (it loads on demand) fills latitude and longitude.
  await expect(page.locator('.leaflet-container')).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose on the map' }).click();
  const placeMap = page.getByRole('region', { name: "Map: click to set the event's place" });
  await expect(placeMap).toBeVisible();
  await expectNoAxeViolations(page, 'create form, place map');
  await placeMap.click(); // its middle
  await expect(page.getByLabel('Latitude')).not.toHaveValue('');
  const picked = [Number(await page.getByLabel('Latitude').inputValue()), Number(await page.getByLabel('Longitude').inputValue())];
  // The map opens on Rwanda: the click lands there.
  expect(picked[0]).toBeGreaterThan(-3);
  expect(picked[0]).toBeLessThan(-1);
  expect(picked[1]).toBeGreaterThan(28.5);
  expect(picked[1]).toBeLessThan(31.2);
  await expect(placeMap.getByRole('button', { name: "The event's place" })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Speakers').fill('Ada, , Bo');
  await page.getByRole('button', { name: 'Next' }).click();
  const agenda = page.getByRole('tabpanel', { name: 'Agenda' });
  await agenda.getByLabel('Time').fill('09:00');
  await agenda.getByLabel('Activity').fill('Opening session');
  await expectNoAxeViolations(page, 'create form, agenda tab');
  await page.getByRole('button', { name: 'Next' }).click();
  // The default FAQs are kept.
  await expect(page.getByRole('tabpanel', { name: 'FAQs' }).getByLabel('Question')).toHaveCount(3);

  await page.getByRole('button', { name: 'Save & Publish' }).click();
  await expect(toasts(page)).toContainText(`Event "${title}" created successfully with status: Published`);
  await expect(page).toHaveURL(/\/dashboard\/events$/, { timeout: 5_000 });

  let row = await searchFor(page, title);
  await expect(row.getByText('Published', { exact: true })).toBeVisible();

  // The public listing follows (the worker clears its cache after the change).
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/management/public-events/');
        const events = (await response.json()) as { title: string; speakers: string[]; latitude: number; longitude: number }[];
        const found = events.find((event) => event.title === title);
        return found ? [found.speakers, found.latitude, found.longitude] : null;
      },
      { timeout: 5_000, intervals: [250, 500], message: 'the new event in the public listing' },
    )
    .toEqual([['Ada', 'Bo'], picked[0], picked[1]]);

  // 2. Edit the title.
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Event');
  await expect(page.getByLabel(/^Title/)).toHaveValue(title);
  await expect(page.locator('.event-form-page__status')).toContainText('Published');
  await expectNoAxeViolations(page, 'edit form');
  await page.getByLabel(/^Title/).fill(edited);
  // Typed instead: the place of the Hôtel des Mille Collines.
  await page.getByLabel('Latitude').fill('-1.9469');
  await page.getByLabel('Longitude').fill('30.0619');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(toasts(page)).toContainText(`Event "${edited}" updated successfully`);
  await expect(page).toHaveURL(/\/dashboard\/events$/, { timeout: 5_000 });
  await expect
    .poll(
      async () => {
        const events = (await (await request.get('/api/management/public-events/')).json()) as {
          title: string;
          latitude: number;
          longitude: number;
        }[];
        const found = events.find((event) => event.title === edited);
        return found ? [found.latitude, found.longitude] : null;
      },
      { timeout: 5_000, intervals: [250, 500], message: 'the typed place in the public listing' },
    )
    .toEqual([-1.9469, 30.0619]);

  // 3. Cancel it through the status modal.
  row = await searchFor(page, edited);
  await row.getByRole('button', { name: `Change status of ${edited}` }).click();
  const statusDialog = page.getByRole('dialog', { name: 'Change Event Status' });
  await expect(statusDialog.getByRole('radio', { name: /Published/ })).toBeChecked();
  await expectNoAxeViolations(page, 'status modal');
  await statusDialog.getByRole('radio', { name: /Cancelled/ }).check();
  await statusDialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(toasts(page)).toContainText('Event status changed to Cancelled successfully');
  await expect(statusDialog).toBeHidden();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();

  // 4. Delete it, after the confirmation.
  await row.getByRole('button', { name: `Delete ${edited}` }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete Event' });
  await expect(deleteDialog).toContainText(`Are you sure you want to delete "${edited}"?`);
  await expectNoAxeViolations(page, 'delete modal');
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page)).toContainText(`Event "${edited}" was deleted successfully`);
  await expect(page.getByRole('row').filter({ hasText: edited })).toHaveCount(0);
  await expect(page.getByText('No events found')).toBeVisible();
  await expectNoAxeViolations(page, 'events list, empty search');

  await expect
    .poll(
      async () => {
        const response = await request.get('/api/management/public-events/');
        return ((await response.json()) as { title: string }[]).some((event) => event.title.startsWith(title));
      },
      { timeout: 5_000, intervals: [250, 500], message: 'the deleted event gone from the public listing' },
    )
    .toBe(false);
});
