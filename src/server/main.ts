/** `npm start`: configuration, migrations, storage, seed, HTTP, and the in-process workers. */
import 'dotenv/config';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseInUseError, openDatabase } from './db/client.js';
import { MigrationFailedError } from './db/migrator.js';
import { createLogger } from './logger.js';

/** pg-boss gives running jobs 10 s; the rest of the shutdown needs far less. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

/** Set by the first SIGTERM or SIGINT; from then on the shutdown decides how the process exits. */
let stopping = false;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  const started = Date.now();
  // Opening the embedded database takes a few hundred milliseconds; it runs while the
  // rest of the server's code loads.
  const opening = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // A database another process holds is refused at once, not after the rest has loaded.
  opening.catch((error: unknown) => {
    if (!(error instanceof DatabaseInUseError)) return;
    console.error(error.message);
    process.exit(1);
  });
  const [
    { buildApp },
    { closeContext, createContext },
    { createJobHandlers, startRecoverySweep, warmRenderEngines },
    { closeAllPools },
    auth,
    backups,
    settings,
    seed,
  ] = await Promise.all([
    import('./app.js'),
    import('./context.js'),
    import('./job-wiring.js'),
    import('./infra/worker-pools.js'),
    import('./modules/auth/index.js'),
    import('./modules/backups/index.js'),
    import('./modules/settings/index.js'),
    import('./seed/seed.js'),
  ]);
  // The render engines warm up while the database opens and the shop seeds: started after
  // listening, the first visitor's artwork could find the kernels still cold (2–3× a warm one).
  if (config.runWorkers) warmRenderEngines(log);
  const database = await opening;
  // A release with new migrations backs the shop up first, then migrates in one transaction.
  const upgrade = await backups.upgradeDatabase({ config, database, log });
  if (upgrade.applied.length > 0) {
    log.info({ from: upgrade.from, applied: upgrade.applied, backup: upgrade.backup }, 'database upgraded');
  }
  const context = await createContext(config, log, { database, startJobsLater: true });
  await seed.seedData(context);
  await settings.applyStoredSecrets(context);
  const stopWatchingSecrets = settings.watchStoredSecrets(context);
  if (config.admin) {
    const result = await auth.ensureAdmin(context.db, config.admin.email, config.admin.password);
    if (result !== 'unchanged') log.info(`admin account ${config.admin.email}: ${result}`);
  }
  const app = await buildApp(context);
  let stopRecovery = async () => {};
  let stopBackups = async () => {};
  // The start-up work that follows listening; a shutdown lets it finish before closing what it uses.
  let finishingStart: Promise<void> = Promise.resolve();

  const stop = async (signal: string) => {
    // A second signal means the operator will not wait: leave at once.
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal}: shutting down (send it again to exit at once)`);
    // Whatever still holds on (a long render, a client that never lets go) gets this long.
    setTimeout(() => {
      log.warn('shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    stopWatchingSecrets();
    // New requests are refused and those under way answered; running jobs finish (pg-boss
    // waits up to its time-out, and the rest stay queued for the next start); only then do
    // the thread pools and the database close.
    await app.close();
    await finishingStart.catch(() => {});
    await stopRecovery();
    await stopBackups();
    await closeContext(context, { beforeDatabase: closeAllPools });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Answering comes first; the rest of the start-up work needs no visitor to wait for it.
  finishingStart = (async () => {
    // A killed run leaves its uploads' temporary folders behind: those of a process gone go now.
    const { sweepStaleUploads } = await import('./modules/images/index.js');
    const swept = await sweepStaleUploads(config.requestTimeoutSeconds * 1000 + 60_000);
    if (swept > 0) log.info(`removed ${swept} temporary upload folder(s) left by an earlier run`);
    // Funnel events are kept for the retention period (ANALYTICS_RETENTION_MONTHS): at start, then daily.
    const { pruneFunnelEvents } = await import('./modules/analytics/index.js');
    const prune = () =>
      pruneFunnelEvents(context).then(
        (pruned) => pruned > 0 && log.info(`deleted ${pruned} funnel event(s) past the retention period`),
        (error: unknown) => log.warn({ err: error }, 'could not prune old funnel events'),
      );
    await prune();
    setInterval(() => void prune(), 24 * 3600 * 1000).unref();
    // A shop told to stop while starting starts no new work.
    if (stopping) return;
    // The first job sent starts the job queue.
    await seed.queueSeedRenders(context);
    if (stopping) return;
    if (config.runWorkers) {
      await context.jobs.work(createJobHandlers(context));
      // The processes that work jobs also look for work a crash left owed.
      stopRecovery = startRecoverySweep(context);
    }
    const backupHours = backups.scheduledIntervalHours(context);
    if (backupHours > 0) stopBackups = await backups.startBackupSchedule(context, backupHours * 3_600_000);
    log.info(
      `${config.siteName} is open at ${config.publicUrl} (database: ${context.database.kind}, storage: ${context.storage.kind}, ` +
        `workers: ${config.runWorkers ? 'in-process' : 'off'}; ready in ${Date.now() - started} ms)`,
    );
  })();
  await finishingStart;
}

main().catch(async (error) => {
  // Start-up work cut short by a shutdown under way: the shutdown decides how the process exits.
  if (stopping) return;
  const { BackupError } = await import('./modules/backups/index.js');
  const explained = [ConfigError, DatabaseInUseError, MigrationFailedError, BackupError];
  if (explained.some((kind) => error instanceof kind)) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
