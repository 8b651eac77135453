import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { createRequire } from 'node:module';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// The engine is the project's own axe-core devDependency (package.json overrides the copy
// @axe-core/playwright would bring): checked on every run, so an older bundled engine cannot
// slip back in unnoticed.
const AXE_VERSION: string = (createRequire(import.meta.url)('axe-core/package.json') as { version: string }).version;
let versionReported = false;

/** Runs axe-core on the page as it is now and fails on any WCAG 2.2 A/AA violation. */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  // Judge the page at rest: a background refresh dims a list (aria-busy) and fades it back in,
  // and a colour caught mid-transition reads as low contrast. Endless spinners don't count.
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const report = results.violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n');
      return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
  expect(results.testEngine.version, 'axe-core engine that ran').toBe(AXE_VERSION);
  if (!versionReported) {
    versionReported = true;
    console.log(`axe-core ${results.testEngine.version}`);
  }
  // Guard against a silent no-op (e.g. axe not injected): some checks must have run.
  expect(results.passes.length, `axe ran no checks on ${label}`).toBeGreaterThan(0);
  expect(results.violations, `Accessibility violations on ${label}:\n${report}`).toEqual([]);
}
