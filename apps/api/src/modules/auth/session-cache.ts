/**
 * What a bearer token stood for a moment ago, so that a signed-in request need not look its
 * session up every time (decision 013). An entry lives one second at most: a session revoked
 * or a user banned in any process is refused by every process within a second, with no
 * message between them. Revocations in this process forget their entries at once.
 */
export interface CachedSession<Row> {
  row: Row;
  sessionId: string;
  userId: number;
  /** The session's own end: an entry never outlives it. */
  expiresAt: Date;
}

export const SESSION_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 10_000;

export class SessionCache<Row> {
  private readonly entries = new Map<string, CachedSession<Row> & { cachedUntil: number }>();

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  get(tokenHash: string, now: Date): Row | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now.getTime() >= entry.cachedUntil || now >= entry.expiresAt) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.row;
  }

  set(tokenHash: string, session: CachedSession<Row>, now: Date): void {
    // A full cache drops its oldest entry (Maps keep insertion order).
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { ...session, cachedUntil: now.getTime() + this.ttlMs });
  }

  forgetSession(sessionId: string): void {
    for (const [tokenHash, entry] of this.entries) if (entry.sessionId === sessionId) this.entries.delete(tokenHash);
  }

  forgetUser(userId: number): void {
    for (const [tokenHash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(tokenHash);
  }
}
