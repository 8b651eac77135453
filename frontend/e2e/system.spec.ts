import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

import { expect, test } from '@playwright/test';

import { signIn } from './admin';
import { expectNoAxeViolations } from './axe';

// The journeys' backend runs one Celery worker (.ci/e2e): the System page must find it online,
// asked over the broker. A second worker, started and killed here, must show offline.
test('staff open the System page and see the worker online with its queues', async ({ page }) => {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'System' }).click();
  await expect(page).toHaveURL(/\/dashboard\/system$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('System');

  const workers = page.getByRole('region', { name: 'Workers', exact: true });
  await expect(workers.getByText(/^\d+ of \d+ workers? online$/)).toBeVisible();
  await expect(workers.getByText(/Source: the workers' answers over the broker just now/)).toBeVisible();
  const online = workers.getByRole('listitem').filter({ has: page.getByText('Online', { exact: true }) });
  await expect(online.first()).toContainText('default, mail');
  await expect(workers.getByRole('alert')).toHaveCount(0);

  // Depths are counted on the embedded broker: numbers, not "Unknown".
  const figures = page.getByRole('region', { name: 'Queues and outbox', exact: true });
  await expect(figures.getByText('Reachable')).toBeVisible();
  for (const queue of ['default', 'mail']) {
    const value = figures.locator('div', { has: page.getByText(`Queue ${queue}`, { exact: true }) }).locator('dd');
    await expect(value).toHaveText(/^\d+ messages waiting$/);
  }
  await expect(page.getByRole('region', { name: 'Periodic tasks', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Failed e-mails', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Last 50 e-mails', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'system page');

  // It asks again by itself, and the figures stay on screen meanwhile.
  await page.waitForResponse((response) => response.url().endsWith('/api/management/system/') && response.ok(), {
    timeout: 15_000,
  });
  await expect(workers.getByText('Online', { exact: true }).first()).toBeVisible();
});

test('a worker killed with SIGKILL shows as offline', async ({ page }) => {
  test.setTimeout(120_000);
  // The same backend's environment (.ci/e2e exports it); a queue of its own, so it takes no task
  // of the other journeys.
  const root = resolve(process.cwd(), '..');
  const probe = spawn(
    resolve(root, '.venv/bin/python'),
    ['-m', 'celery', '-A', 'worker', 'worker', '-Q', 'e2e-probe', '--concurrency', '1', '--without-mingle',
      '--without-gossip', '-n', 'e2e-probe@%h', '--loglevel', 'WARNING'],
    { cwd: root, stdio: 'ignore' },
  );
  try {
    await signIn(page);
    await page.goto('/dashboard/system');
    const workers = page.getByRole('region', { name: 'Workers', exact: true });
    const item = workers.getByRole('listitem').filter({ hasText: 'e2e-probe@' });
    // The page asks every 10 s by itself: no reload needed.
    await expect(item).toContainText('Online', { timeout: 60_000 });
    probe.kill('SIGKILL');
    await expect(item).toContainText('Offline', { timeout: 45_000 });
    await expect(workers.getByText(/^\d+ of \d+ workers online$/)).toBeVisible();
  } finally {
    probe.kill('SIGKILL');
  }
});
