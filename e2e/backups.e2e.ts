/**
 * Settings › Backups in Chromium (issue 38): the owner backs the running shop up, sees the
 * archive listed with its size and age, downloads it, sets how many to keep; `npm run
 * backup` beside the running shop writes one too; `npm run restore` makes a new data folder
 * from the download, and a shop started on it serves the same catalog. Screenshots at 1280 and 768 px: e2e/artifacts/settings-backups-*.png.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, collectPageErrors, DESKTOP, MOBILE } from './support/browser';
import { ROOT, startShop } from './support/server';
import { ADMIN, ADMIN_ENV, shootBoth, signInAsAdmin, toast } from './support/admin';
import { useShop } from './support/use-shop';

const { shop, browser } = useShop({ env: ADMIN_ENV });
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'wanderer-e2e-backups-'));
});

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** `node scripts/start.mjs COMMAND …` as `npm run COMMAND` runs it; answers its exit code and output. */
function runCommand(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), ...args], {
      cwd: ROOT,
      env: { ...(process.env as Record<string, string>), NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('Settings › Backups', () => {
  it('backs the running shop up, lists, downloads, keeps N; the download restores into a shop that serves', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signInAsAdmin(page, shop.url, '/admin/settings', ADMIN);

    const card = page.getByTestId('backups');
    await card.getByRole('heading', { name: 'Backups' }).waitFor();
    await card.getByText('No backups yet.').waitFor();
    await card.getByText('Daily, into DATA_DIR/backups.').waitFor();

    await card.getByRole('button', { name: 'Back up now' }).click();
    await toast(page, 'Backup started');
    const row = card.locator('tbody tr').first();
    await row.waitFor({ timeout: 60_000 });
    await expect.poll(() => row.textContent()).toMatch(/Made by hand/);
    expect(await row.textContent()).toMatch(/just now|seconds? ago|minute ago/);
    expect(await row.textContent()).toMatch(/\d+(\.\d)? (KB|MB)/);
    await card.getByRole('button', { name: 'Back up now' }).waitFor();

    // How many to keep: a bad number is refused in words, a good one saved.
    const keep = card.getByLabel('Backups to keep');
    expect(await keep.inputValue()).toBe('7');
    await keep.fill('0');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Keep between 1 and 365 backups.').waitFor();
    await keep.fill('3');
    await card.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Backup settings saved');

    await card.scrollIntoViewIfNeeded();
    await shootBoth(page, 'settings-backups');
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['768', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(200);
      await card.screenshot({ path: join(ARTIFACTS, `settings-backups-card-${label}.png`) });
    }
    await page.setViewportSize(DESKTOP);

    // The owner downloads it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: /Download/ }).click(),
    ]);
    const archive = join(scratch, download.suggestedFilename());
    await download.saveAs(archive);
    expect(download.suggestedFilename()).toMatch(/^wanderer-manual-\d{8}-\d{9}-[0-9a-f]{6}\.tar$/);
    expect((await stat(archive)).size).toBeGreaterThan(10_000);
    expect(errors).toEqual([]);
    await context.close();

    // `npm run backup` beside the running shop: the shop, which holds its embedded
    // database, writes the archive where the command says.
    const fromShell = await runCommand(['backup', join(scratch, 'cli.tar')], {
      DATA_DIR: shop.dataDir,
      PORT: String(shop.port),
    });
    expect(fromShell.code, fromShell.output).toBe(0);
    expect(fromShell.output).toContain(`Backup written to ${join(scratch, 'cli.tar')}`);
    expect((await stat(join(scratch, 'cli.tar'))).size).toBeGreaterThan(10_000);

    // `npm run restore` into a folder with something in it is refused; into a new one, it restores.
    const refusedRestore = await runCommand(['restore', archive, '--data-dir', shop.dataDir], {});
    expect(refusedRestore.code).toBe(1);
    expect(refusedRestore.output).toContain('is not empty');
    const restoredDir = join(scratch, 'restored');
    const restored = await runCommand(['restore', archive, '--data-dir', restoredDir], {});
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('every checksum matching');

    const second = await startShop({ dataDir: restoredDir });
    try {
      const products = async (url: string) => (await (await fetch(`${url}/api/products`)).json()) as unknown[];
      expect(await products(second.url)).toEqual(await products(shop.url));
    } finally {
      await second.stop();
    }
  });
});
