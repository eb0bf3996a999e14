/**
 * `npm run admin -- create <email>`: creates that admin account, or makes an existing
 * account an admin with a new password. The password comes from ADMIN_PASSWORD, else it is
 * asked for (hidden) on a terminal, else read as the first line of standard input.
 *
 * With the embedded database (no DATABASE_URL), stop the shop first: only one process may
 * open DATA_DIR/db at a time, and this command is refused while the shop has it open.
 */
import 'dotenv/config';
import { createInterface } from 'node:readline';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createLogger } from './logger.js';
import { ensureAdmin } from './modules/auth/index.js';
import { upgradeDatabase } from './modules/backups/index.js';
import { PASSWORD_MIN_LENGTH, signUpSchema } from '../domain/auth.js';

const USAGE = 'usage: npm run admin -- create <email>   (password from ADMIN_PASSWORD, a prompt, or stdin)';

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    return '';
  }
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    let password = '';
    process.stdout.write(`Password (at least ${PASSWORD_MIN_LENGTH} characters): `);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(password);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          reject(new Error('cancelled'));
          return;
        }
        if (char === '\u007f' || char === '\b') password = password.slice(0, -1);
        else password += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<void> {
  const [command, email] = process.argv.slice(2);
  if (command !== 'create' || !email) {
    console.error(USAGE);
    process.exit(2);
  }
  const password = await readPassword();
  const checked = signUpSchema.safeParse({ email, password });
  if (!checked.success) {
    console.error(checked.error.issues.map((issue) => issue.message).join('\n'));
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await upgradeDatabase({ config, database, log: createLogger(config) });
    const result = await ensureAdmin(database.db, checked.data.email, checked.data.password);
    const said = {
      created: 'created',
      promoted: 'is now an admin, with the new password',
      'password-updated': 'password updated (its other sessions were signed out)',
      unchanged: 'already an admin with this password',
    }[result];
    console.log(`Admin ${checked.data.email}: ${said}. Sign in at ${config.publicUrl}/admin/login`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
