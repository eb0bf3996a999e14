/** Accounts, signed-in cookies and multipart bodies for tests of the back office's API. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppContext } from '../context.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { insertUser } from '../modules/auth/repository.js';
import { SESSION_COOKIE } from '../modules/auth/sessions.js';

/** The Origin a browser sends for a page of the shop as `app.inject` reaches it (Host: localhost:80). */
export const SAME_ORIGIN = 'http://localhost';

export async function createAccount(context: AppContext, email: string, password: string, role: 'admin' | 'user') {
  const user = await insertUser(context.db, { email, password_hash: await hashPassword(password), role });
  if (!user) throw new Error(`account ${email} exists already`);
  return user;
}

/** Signs in through the API and returns the Cookie header that carries the session. */
export async function signInCookie(
  app: FastifyInstance,
  email: string,
  password: string,
  address = '127.0.0.1',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: SAME_ORIGIN },
    payload: { email, password },
    remoteAddress: address,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((entry) => entry.name === SESSION_COOKIE);
  if (!cookie) throw new Error('sign-in set no session cookie');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/** Makes the shop owner's admin account and signs it in; answers the Cookie header of its session. */
export async function signInOwner({ app, context }: { app: FastifyInstance; context: AppContext }): Promise<string> {
  await createAccount(context, 'owner@example.com', 'owner-password-1', 'admin');
  return signInCookie(app, 'owner@example.com', 'owner-password-1');
}

export interface FilePart {
  name: string;
  fileName: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipart(
  files: FilePart[],
  fields: Record<string, string> = {},
): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(file.name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
