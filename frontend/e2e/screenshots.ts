import type { Page, PageScreenshotOptions, TestInfo } from '@playwright/test';

// Full-page pictures of every screen, for a person to look at: they cost a second or more each and
// assert nothing, so journeys take them only when asked (`E2E_SCREENSHOTS=1 bash .ci/e2e`).
// Playwright keeps a picture of any failing journey in every run.
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** Saves a full-page picture under the test's output folder and attaches it to the report. */
export async function keepScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: PageScreenshotOptions = {},
): Promise<void> {
  if (!SCREENSHOTS) return;
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true, ...options });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
