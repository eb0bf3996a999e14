/** `npm run worker`: works the job queue only, for scaling out beside the web processes. */
import 'dotenv/config';
import { loadConfig } from './config.js';
import { closeContext, createContext } from './context.js';
import { openDatabase } from './db/client.js';
import { createJobHandlers, startRecoverySweep, warmRenderEngines } from './job-wiring.js';
import { createLogger } from './logger.js';
import { upgradeDatabase } from './modules/backups/index.js';
import { applyStoredSecrets, watchStoredSecrets } from './modules/settings/index.js';

const config = loadConfig();
const log = createLogger(config);
warmRenderEngines(log);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// The first process of a new release to start upgrades the database, backing it up first.
await upgradeDatabase({ config, database, log });
const context = await createContext(config, log, { database });
// Jobs call the image AI and Printful with the keys saved in Settings when the environment sets none.
await applyStoredSecrets(context);
const stopWatchingSecrets = watchStoredSecrets(context);
await context.jobs.work(createJobHandlers(context));
const stopRecovery = startRecoverySweep(context);
log.info(`worker started (database: ${context.database.kind}, storage: ${context.storage.kind})`);

let stopping = false;
const stop = async () => {
  // A second signal means the operator will not wait: leave at once.
  if (stopping) process.exit(1);
  stopping = true;
  stopWatchingSecrets();
  await stopRecovery();
  await closeContext(context);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
