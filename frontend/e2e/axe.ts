import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { createRequire } from 'node:module';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// The engine is the project's own axe-core devDependency (package.json overrides the copy
// @axe-core/playwright would bring): checked on every run, so an older bundled engine cannot
// slip back in unnoticed.
const AXE_VERSION: string = (createRequire(import.meta.url)('axe-core/package.json') as { version: string }).version;
let versionReported = false;

interface Watch {
  axeWatch?: { moved: boolean };
}

/**
 * Waits until the page is at rest: a background refresh dims a list (aria-busy) and fades it back
 * in, and a colour caught mid-transition reads as low contrast. Endless spinners don't count.
 * From that moment on, the page notes whether a refresh or a transition starts.
 */
async function pageAtRest(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window as Watch;
    if (state.axeWatch) return;
    const watch = { moved: false };
    const moved = () => (watch.moved = true);
    document.addEventListener('transitionrun', moved, true);
    document.addEventListener('animationstart', moved, true);
    new MutationObserver(moved).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['aria-busy'],
      subtree: true,
    });
    state.axeWatch = watch;
  });
  await page.waitForFunction(
    () => {
      const atRest =
        !document.querySelector('[aria-busy="true"]') &&
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity);
      const { axeWatch } = window as Watch;
      if (atRest && axeWatch) axeWatch.moved = false; // in the same turn as the check: no gap
      return atRest;
    },
    undefined,
    { timeout: 10_000 },
  );
}

const movedMeanwhile = (page: Page) => page.evaluate(() => (window as Watch).axeWatch?.moved ?? false);

/** Runs axe-core on the page at rest and fails on any WCAG 2.2 A/AA violation. */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  // Pages poll: on a busy machine a refresh can start while axe reads the colours (seconds). A
  // verdict with violations is kept only when nothing moved during the run; else axe runs again.
  let results: Awaited<ReturnType<AxeBuilder['analyze']>>;
  for (let attempt = 1; ; attempt += 1) {
    await pageAtRest(page);
    results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    if (results.violations.length === 0 || attempt === 3 || !(await movedMeanwhile(page))) break;
  }
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
