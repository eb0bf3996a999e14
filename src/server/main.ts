/** `npm start`: configuration, migrations, storage, seed, HTTP, and the in-process workers. */
import 'dotenv/config';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseInUseError, openDatabase } from './db/client.js';
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
  const [
    { buildApp },
    { closeContext, createContext },
    { createJobHandlers },
    { startRecoverySweep },
    { closeAllPools },
    auth,
    settings,
    seed,
  ] = await Promise.all([
    import('./app.js'),
    import('./context.js'),
    import('./jobs/handlers.js'),
    import('./jobs/recovery.js'),
    import('./infra/worker-pools.js'),
    import('./modules/auth/index.js'),
    import('./modules/settings/index.js'),
    import('./seed/seed.js'),
  ]);
  const context = await createContext(config, log, { database: await opening, startJobsLater: true });
  await seed.seedData(context);
  await settings.applyStoredSecrets(context);
  const stopWatchingSecrets = settings.watchStoredSecrets(context);
  if (config.admin) {
    const result = await auth.ensureAdmin(context.db, config.admin.email, config.admin.password);
    if (result !== 'unchanged') log.info(`admin account ${config.admin.email}: ${result}`);
  }
  const app = await buildApp(context);
  let stopRecovery = async () => {};
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
    await closeContext(context, { beforeDatabase: closeAllPools });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Answering comes first; the rest of the start-up work needs no visitor to wait for it.
  finishingStart = (async () => {
    // A killed run leaves its uploads' temporary folders behind; none can outlive the request time-out.
    const { sweepStaleUploads } = await import('./modules/images/index.js');
    const swept = await sweepStaleUploads(config.requestTimeoutSeconds * 1000 + 60_000);
    if (swept > 0) log.info(`removed ${swept} temporary upload folder(s) left by an earlier run`);
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
    log.info(
      `${config.siteName} is open at ${config.publicUrl} (database: ${context.database.kind}, storage: ${context.storage.kind}, ` +
        `workers: ${config.runWorkers ? 'in-process' : 'off'}; ready in ${Date.now() - started} ms)`,
    );
  })();
  await finishingStart;
}

main().catch((error) => {
  // Start-up work cut short by a shutdown under way: the shutdown decides how the process exits.
  if (stopping) return;
  if (error instanceof ConfigError || error instanceof DatabaseInUseError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
