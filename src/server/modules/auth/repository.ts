import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions, sign_up_requests, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function insertUser(
  db: Database,
  values: { email: string; password_hash: string; role: 'admin' | 'user' },
): Promise<UserRow | undefined> {
  // The unique index on lower(email) settles a race between two sign-ups for one address.
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(
  db: Database,
  id: string,
  values: Partial<Pick<UserRow, 'password_hash' | 'role'>>,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function insertSession(
  db: Database,
  values: { id: string; user_id: string; expires_at: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function findLiveSession(db: Database, id: string, now: Date) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.id, id), gt(sessions.expires_at, now)));
  return row;
}

export async function extendSession(db: Database, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expires_at: expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.user_id, userId));
}

export async function deleteExpiredSessions(db: Database, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expires_at, now));
}

export async function insertSignUpRequest(
  db: Database,
  values: { id: string; email: string; password_hash: string; expires_at: Date },
): Promise<void> {
  await db.insert(sign_up_requests).values(values);
}

/** Takes a live sign-up request once: a second use of its link finds nothing. */
export async function takeSignUpRequest(db: Database, id: string, now: Date) {
  const [row] = await db
    .delete(sign_up_requests)
    .where(and(eq(sign_up_requests.id, id), gt(sign_up_requests.expires_at, now)))
    .returning();
  return row;
}

export async function deleteExpiredSignUpRequests(db: Database, now: Date): Promise<void> {
  await db.delete(sign_up_requests).where(lt(sign_up_requests.expires_at, now));
}
