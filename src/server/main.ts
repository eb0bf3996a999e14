/** `npm start`: configuration, migrations, storage, seed, HTTP, and the in-process workers. */
import 'dotenv/config';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { closeContext, createContext } from './context.js';
import { createJobHandlers } from './jobs/handlers.js';
import { createLogger } from './logger.js';
import { ensureAdmin } from './modules/auth/service.js';
import { applyStoredSecrets, watchStoredSecrets } from './modules/settings/service.js';
import { closeLocalMockups } from './modules/mockups/local/index.js';
import { closeStylePool } from './modules/styles/engines/local/index.js';
import { seedShop } from './seed/seed.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  const started = Date.now();
  const context = await createContext(config, log);
  await seedShop(context);
  await applyStoredSecrets(context);
  const stopWatchingSecrets = watchStoredSecrets(context);
  if (config.admin) {
    const result = await ensureAdmin(context.db, config.admin.email, config.admin.password);
    if (result !== 'unchanged') log.info(`admin account ${config.admin.email}: ${result}`);
  }
  const app = await buildApp(context);
  if (config.runWorkers) await context.jobs.work(createJobHandlers(context));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    stopWatchingSecrets();
    await app.close();
    await Promise.all([closeLocalMockups(), closeStylePool()]);
    await closeContext(context);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  log.info(
    `${config.siteName} is open at ${config.publicUrl} (database: ${context.database.kind}, storage: ${context.storage.kind}, ` +
      `workers: ${config.runWorkers ? 'in-process' : 'off'}; ready in ${Date.now() - started} ms)`,
  );
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
