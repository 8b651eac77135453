import { expect, test, type Locator, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';

import { publishedEvent, signIn } from './admin';
import { expectNoAxeViolations } from './axe';
import { expectNothingOverflows } from './routes';
import { keepScreenshot } from './screenshots';

// A 2-second 180×320 H.264/AAC MP4 (27 KB) and its English captions, made once with the ffmpeg of
// the imageio-ffmpeg wheel: ffmpeg -f lavfi -i testsrc2=size=180x320:rate=15:duration=2
// -f lavfi -i sine=frequency=440:duration=2 -c:v libx264 -profile:v baseline -pix_fmt yuv420p
// -crf 35 -c:a aac -b:a 32k -movflags +faststart -shortest signed-video.mp4
const VIDEO = fileURLToPath(new URL('fixtures/signed-video.mp4', import.meta.url));
const CAPTIONS = fileURLToPath(new URL('fixtures/signed-video.en.vtt', import.meta.url));
const TRANSCRIPT = 'Welcome to the event. Doors open at nine; the talks are signed and captioned.';
const WATCH = 'Watch in Rwandan Sign Language';

/** Presses Tab until `target` has the focus: the keyboard's own way there (at most 60 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Each caption track of the page's player: its language and whether it shows. */
const trackModes = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('.signed-video video');
    return video ? [...video.textTracks].map((track) => `${track.language}:${track.mode}`) : [];
  });

test('staff add a signed video with captions to an event; a visitor watches it by keyboard', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(150_000);
  const title = `Signed Journey ${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
  const id = await publishedEvent(request, { title });

  // Staff: the event's edit screen, its Signed video section.
  await signIn(page);
  await page.goto(`/dashboard/edit-event/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Event');
  const section = page.getByRole('region', { name: 'Signed video' });
  await section.getByLabel(/^Video file/).setInputFiles(VIDEO);
  await section.getByRole('button', { name: 'Upload the video' }).click();
  // The worker checks and prepares it (poster, duration); the section asks again every 3 s.
  await expect(section.getByText(/^Ready: /)).toBeVisible({ timeout: 60_000 });
  await section.getByLabel('Language').selectOption('en');
  await section.getByLabel(/^Caption file/).setInputFiles(CAPTIONS);
  await section.getByRole('button', { name: 'Add captions' }).click();
  await expect(section.getByText('English captions added.')).toBeVisible();
  await section.getByLabel('What the video says, as text').fill(TRANSCRIPT);
  await section.getByRole('button', { name: 'Save the transcript' }).click();
  await expect(section.getByText('Transcript saved.')).toBeVisible();
  await expectNoAxeViolations(page, 'event form with its signed video');
  await keepScreenshot(page, testInfo, 'signed-video-manager-1280');

  // The public event carries it once the cache has moved on.
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/management/public-events/${id}/`);
        const video = ((await response.json()) as { signed_video?: { captions: unknown[]; transcript: string | null } | null }).signed_video;
        return video ? `${video.captions.length} ${video.transcript ?? ''}` : null;
      },
      { timeout: 15_000, intervals: [250, 500], message: 'the signed video in the public event' },
    )
    .toBe(`1 ${TRANSCRIPT}`);

  // A visitor on a phone: the first visit fetches neither the player nor a byte of video.
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  const fetched: string[] = [];
  visitor.on('request', (sent) => fetched.push(`${sent.resourceType()} ${sent.url()}`));
  await visitor.goto(`/event/${id}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  const watch = visitor.getByRole('button', { name: WATCH });
  await expect(watch).toBeVisible();
  await visitor.waitForLoadState('networkidle');
  expect(fetched.filter((line) => /^media |\.(mp4|webm|vtt)(\?|$)/.test(line)), 'video bytes on a first visit').toEqual([]);
  expect(fetched.filter((line) => line.includes('signed-video-player')), 'the player on a first visit').toEqual([]);
  await expectNoAxeViolations(visitor, 'event page with its Watch button');

  // Keyboard only: the button, the player, the transcript, back.
  await tabTo(visitor, watch);
  await visitor.keyboard.press('Enter');
  const player = visitor.getByRole('region', { name: 'Video in Rwandan Sign Language' });
  await expect(player).toBeFocused();
  await expect(watch).toHaveAttribute('aria-expanded', 'true');
  // English captions, the page's language, are on without asking.
  await expect.poll(() => trackModes(visitor), { message: 'the caption tracks' }).toEqual(['en:showing']);
  // The whole picture at the phone's width, letterboxed rather than cropped.
  const video = player.locator('video');
  const box = await video.boundingBox();
  expect(box?.width ?? 0, 'the video spans the content width').toBeGreaterThan(330);
  expect(await video.evaluate((element) => getComputedStyle(element).objectFit)).toBe('contain');

  const toggle = player.getByRole('button', { name: 'Show transcript' });
  await tabTo(visitor, toggle);
  await visitor.keyboard.press('Enter');
  // The same button, now saying what it does next.
  await expect(player.getByRole('button', { name: 'Hide transcript' })).toHaveAttribute('aria-expanded', 'true');
  await expect(player.getByRole('button', { name: 'Hide transcript' })).toBeFocused();
  await expect(player.getByText(TRANSCRIPT)).toBeVisible();
  await expectNothingOverflows(visitor, 'event page with the player open');
  await expectNoAxeViolations(visitor, 'event page with the player and transcript open');
  await keepScreenshot(visitor, testInfo, 'signed-video-player-390');
  await visitor.keyboard.press('Enter');
  await expect(player.getByRole('button', { name: 'Show transcript' })).toHaveAttribute('aria-expanded', 'false');
  await expect(player.getByText(TRANSCRIPT)).toBeHidden();

  await tabTo(visitor, player.getByRole('button', { name: 'Close the video' }));
  await visitor.keyboard.press('Enter');
  await expect(player).toHaveCount(0);
  await expect(watch).toBeFocused();
  await visitorContext.close();
});
