/**
 * The crash drill at full size (issue 10, "Must show" 4): 200 checkouts to paid against the
 * real shop with Printful live (a local fake) and test payments allowed, the shop killed
 * with SIGKILL at random moments and once more after the last payment. Prints how many
 * kills, how long after the last restart every paid order had its Printful submission and
 * its confirmation e-mail, and any order with other than exactly one of each.
 * `BENCH_CHECKOUTS=n` changes the count; the suite runs a smaller drill (e2e/crash-recovery).
 */
import { cpus, loadavg } from 'node:os';
import { runCrashDrill } from '../e2e/support/crash-checkouts.js';

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 200);

async function main(): Promise<void> {
  const started = performance.now();
  const report = await runCrashDrill({
    checkouts: CHECKOUTS,
    concurrency: 8,
    killEveryMs: [2000, 8000],
    log: (line) => console.log(`  ${line}`),
  });
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log('');
  console.log(
    `checkouts paid        ${report.paidOrders} (${report.pendingOrders} orders left pending: checkouts a kill cut off, never paid)`,
  );
  console.log(`kills (SIGKILL)       ${report.kills}, the last right after the last payment`);
  console.log(
    `recovered             ${report.recovered ? 'yes' : 'NO'}: every paid order submitted and e-mailed ${seconds(report.recoveredMs)} after the last restart`,
  );
  console.log(`submissions ≠ 1       ${report.wrongSubmissions.length}`);
  for (const line of report.wrongSubmissions) console.log(`  ${line}`);
  console.log(`e-mails ≠ 1           ${report.wrongEmails.length}`);
  for (const line of report.wrongEmails) console.log(`  ${line}`);
  console.log(`print files wrong     ${report.wrongPrintFiles.length}`);
  for (const line of report.wrongPrintFiles) console.log(`  ${line}`);
  console.log(`unpaid with work      ${report.unpaidWithWork.length}`);
  console.log(
    `machine               ${cpus().length} cores, load average ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' / ')} at the end`,
  );
  console.log(`wall clock            ${seconds(performance.now() - started)}`);
  const clean =
    report.recovered &&
    report.wrongSubmissions.length +
      report.wrongEmails.length +
      report.wrongPrintFiles.length +
      report.unpaidWithWork.length ===
      0;
  if (!clean) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
