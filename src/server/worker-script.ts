/**
 * Where a worker thread's code is, and how to start it. From the sources (run through tsx
 * or vitest) the worker is a `.ts` file and a thread starts as plain Node, so it registers
 * tsx's loader itself; from compiled output it is the `.js` beside its caller.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerScript {
  filename: string;
  execArgv: string[];
  /** Whether the script is TypeScript source (run through tsx). */
  fromSource: boolean;
}

/** `name` without extension, resolved against the caller's `import.meta.url`. */
export function workerScript(name: string, callerUrl: string): WorkerScript {
  const source = new URL(`${name}.ts`, callerUrl);
  if (existsSync(fileURLToPath(source))) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { filename: source.href, execArgv: ['--import', tsx], fromSource: true };
  }
  return { filename: new URL(`${name}.js`, callerUrl).href, execArgv: [], fromSource: false };
}
