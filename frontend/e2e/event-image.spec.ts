import { expect, test } from '@playwright/test';
import { deflateSync } from 'node:zlib';

import { publishedEvent, signIn, toasts } from './admin';
import { expectNoAxeViolations } from './axe';
import { keepScreenshot } from './screenshots';

/** A real PNG drawn here (two colour bands), big enough for every width the server keeps. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (kind: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(Buffer.concat([Buffer.from(kind), body])));
    return Buffer.concat([length, Buffer.from(kind), body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const [r, g, b] = y < height / 2 ? [20, 110, 90] : [240, 190, 60];
    for (let x = 0; x < width; x += 1) rows.set([r, g, b], y * (width * 3 + 1) + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const ALT = 'Interpreters signing on a stage under green and gold lights';

test('staff upload a picture on the event form and visitors see it on the event page', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const title = `Picture Journey ${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
  const id = await publishedEvent(request, { title });

  await signIn(page);
  await page.goto(`/dashboard/edit-event/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Event');
  const upload = page.getByRole('group', { name: 'Uploaded picture' });
  await expect(upload).toContainText('No picture uploaded: the preset picture is shown.');

  await upload.getByLabel('Choose a picture').setInputFiles({ name: 'stage.png', mimeType: 'image/png', buffer: png(1800, 1000) });
  await expect(upload.getByText('New picture: stage.png')).toBeVisible();
  // Without a description the form says what is missing and goes to it.
  await page.getByRole('button', { name: 'Update Event' }).click();
  const alt = upload.getByLabel(/^Description of the picture/);
  await expect(alt).toBeFocused();
  await expect(upload).toContainText('Please describe the picture for people who cannot see it.');
  await alt.fill(ALT);
  await expectNoAxeViolations(page, 'event form with a chosen picture');
  await keepScreenshot(page, testInfo, 'event-form-picture-1280');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(toasts(page)).toContainText(`Event "${title}" updated successfully`);

  // The public page follows once the worker has cleared its cache.
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/management/public-events/${id}/`);
        return ((await response.json()) as { image: { alt: string } | null }).image?.alt ?? null;
      },
      { timeout: 10_000, intervals: [250, 500], message: 'the picture in the public event' },
    )
    .toBe(ALT);

  await page.goto(`/event/${id}`);
  const hero = page.getByRole('img', { name: ALT });
  await expect(hero).toBeVisible();
  // The page's main picture (its LCP on a phone): fetched at once and first, not lazily.
  await expect(hero).toHaveAttribute('loading', 'eager');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).toHaveAttribute('sizes', '100vw');
  const srcset = (await hero.getAttribute('srcset')) ?? '';
  expect(srcset.split(', ').map((item) => item.split(' ')[1])).toEqual(['480w', '960w', '1600w']);
  // The browser picked one of our files and drew it.
  await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  const current = await hero.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname);
  expect(current).toMatch(new RegExp(`^/api/media/events/${id}/[0-9a-f]{20}-(480|960|1600)\\.webp$`));
  const file = await request.get(current);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/webp');
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await expectNoAxeViolations(page, 'event page with an uploaded picture');
  await keepScreenshot(page, testInfo, 'event-page-picture-1280');

  // The card on /events shows it too, from the smaller files.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/events');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  const thumbnail = card.getByRole('img', { name: ALT });
  await expect(thumbnail).toHaveAttribute('sizes', '300px');
  await expect(thumbnail).toHaveAttribute('loading', 'lazy');
  await keepScreenshot(page, testInfo, 'events-card-picture-390');
});
