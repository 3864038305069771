import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import type { Principal } from '../../lib/principal';
import { MEMBERSHIPS_ENDED_CHANNEL } from '../advertisers';
import { SESSIONS_REVOKED_CHANNEL } from '../auth';
import { NOTIFICATIONS_CHANNEL } from './notification.repository';
import type { NotificationService } from './notification.service';

/**
 * Streams one session may hold open in a process: a few tabs of one browser (which shares the
 * token between them, and over HTTP/1.1 has only six connections per host anyway). Opening one
 * more ends the session's oldest.
 */
export const MAX_STREAMS_PER_SESSION = 4;
/** Streams one user may hold open in a process, over all their sessions; one more ends the user's oldest. */
export const MAX_STREAMS_PER_USER = 8;
/** How often the open streams' sessions are checked, and each stream kept open with a comment line. */
const HEARTBEAT_MS = 25_000;

interface OpenStream {
  principal: Principal;
  stream: PassThrough;
  /** Settles when the HTTP response carrying the stream is over: sent in full, or cut off. */
  responseClosed: Promise<unknown>;
}

/** The most notifications read for sending at once: one query's worth of ids. */
const DELIVERY_BATCH = 500;

/** How long shutdown waits for ended streams to reach their clients. */
const CLOSE_WAIT_MS = 5_000;

export interface NotificationHubOptions {
  database: DatabaseHandle;
  notifications: NotificationService;
  /** Of these sessions, those that still stand (not ended, revoked, expired or banned): one query for all. */
  liveSessions(sessionIds: readonly string[]): Promise<Set<string>>;
  /**
   * Told of every session revoked in any process, while the hub listens: the process's session
   * cache (decision 013) forgets it, so a stream cannot reopen on a check cached before the revocation.
   */
  onSessionRevoked?(sessionId: string): void;
  log: FastifyBaseLogger;
  /** HEARTBEAT_MS unless a test wants it sooner. */
  heartbeatMs?: number;
}

/**
 * The open notification streams of this process (docs/product/review.md, Live updates). Every
 * notification written by any process is announced on the database's NOTIFICATIONS_CHANNEL
 * when its transaction commits; the hub of each process listens there and writes the ones for
 * its open streams as server-sent events. Every session revocation is announced the same way
 * on SESSIONS_REVOKED_CHANNEL, and the hub ends that session's streams at once; so does an
 * ended membership (MEMBERSHIPS_ENDED_CHANNEL) for the streams opened in that account. It starts
 * listening when the first stream opens.
 */
export class NotificationHub {
  /** Each user's open streams, oldest first. */
  private readonly streams = new Map<number, OpenStream[]>();
  private listening: Promise<() => Promise<void>> | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private checking = false;
  /** Notifications announced for users with streams here, not yet read for sending. */
  private readonly pending: number[] = [];
  private delivering = false;

  constructor(private readonly options: NotificationHubOptions) {}

  /**
   * A new stream for the principal, to be sent as the body of `response`. The stream ends when
   * the client goes away, when its session is revoked or found dead, when newer streams of its
   * session or user exceed the caps, and on shutdown.
   */
  async open(principal: Principal, response: ServerResponse): Promise<PassThrough> {
    this.listening ??= this.listen();
    const listening = this.listening;
    // Unable to listen (the database is away): this stream fails, and the next one asks again.
    await listening.catch((error: unknown) => {
      if (this.listening === listening) this.listening = undefined;
      throw error;
    });
    const entry: OpenStream = { principal, stream: new PassThrough(), responseClosed: once(response, 'close') };
    // 'close' on the response, not the request: it also fires when the client disconnects.
    response.once('close', () => entry.stream.destroy());
    entry.stream.once('close', () => this.forget(entry));
    const ofUser = this.streams.get(principal.userId) ?? [];
    ofUser.push(entry);
    this.streams.set(principal.userId, ofUser);
    const ofSession = ofUser.filter((open) => open.principal.sessionId === principal.sessionId);
    if (ofSession.length > MAX_STREAMS_PER_SESSION) this.end(ofSession[0]!);
    else if (ofUser.length > MAX_STREAMS_PER_USER) this.end(ofUser[0]!);
    // The browser waits 5 s before reconnecting after a dropped connection.
    entry.stream.write('retry: 5000\n: connected\n\n');
    this.heartbeat ??= setInterval(() => void this.check(), this.options.heartbeatMs ?? HEARTBEAT_MS);
    return entry.stream;
  }

  /**
   * Ends every stream, waits until their responses are sent, and stops listening. The server
   * closes its idle connections once this resolves; a response still being written then would
   * keep its keep-alive connection, and the server's close, open until the client left.
   */
  async close(): Promise<void> {
    const sent: Promise<unknown>[] = [];
    for (const entry of this.all()) {
      this.end(entry);
      sent.push(entry.responseClosed);
    }
    const cap = new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref());
    await Promise.race([Promise.allSettled(sent), cap]);
    const listening = this.listening;
    this.listening = undefined;
    const stop = await listening?.catch(() => undefined);
    if (stop) await stop();
  }

  get openCount(): number {
    let total = 0;
    for (const ofUser of this.streams.values()) total += ofUser.length;
    return total;
  }

  private async listen(): Promise<() => Promise<void>> {
    const { database } = this.options;
    const results = await Promise.allSettled([
      database.listen(NOTIFICATIONS_CHANNEL, (payload) => this.queue(payload)),
      database.listen(SESSIONS_REVOKED_CHANNEL, (payload) => this.revoked(payload)),
      database.listen(MEMBERSHIPS_ENDED_CHANNEL, (payload) => this.membershipEnded(payload)),
    ]);
    const stops = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) {
      // Half a subscription would deliver twice once the next stream asks again: undo it.
      await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
      throw failed.reason;
    }
    return async () => {
      await Promise.all(stops.map((stop) => stop()));
    };
  }

  private *all(): Iterable<OpenStream> {
    for (const ofUser of this.streams.values()) yield* ofUser;
  }

  /** Ends the stream and stops counting it at once: its close may come later, and the caps must not see it. */
  private end(entry: OpenStream): void {
    this.forget(entry);
    entry.stream.end();
  }

  private forget(entry: OpenStream): void {
    const { userId } = entry.principal;
    const ofUser = this.streams.get(userId);
    const index = ofUser?.indexOf(entry) ?? -1;
    if (index < 0) return;
    ofUser!.splice(index, 1);
    if (ofUser!.length > 0) return;
    this.streams.delete(userId);
    if (this.streams.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  /** A session was revoked in some process (`{userId}:{sessionId}`): its streams here end now. */
  private revoked(payload: string): void {
    const separator = payload.indexOf(':');
    const userId = Number(payload.slice(0, separator));
    const sessionId = payload.slice(separator + 1);
    this.options.onSessionRevoked?.(sessionId);
    for (const entry of [...(this.streams.get(userId) ?? [])]) {
      if (entry.principal.sessionId === sessionId) this.end(entry);
    }
  }

  /**
   * A member left or was removed from an advertiser account in some process (`{userId}:{advertiserId}`):
   * their streams opened in that account end now, and a new one is refused by the access hook.
   */
  private membershipEnded(payload: string): void {
    const [userId, advertiserId] = payload.split(':').map(Number);
    for (const entry of [...(this.streams.get(userId!) ?? [])]) {
      if (entry.principal.advertiser?.id === advertiserId) this.end(entry);
    }
  }

  /**
   * Checks every open stream's session in one query, ends those that no longer stand (a ban or
   * expiry nobody announced) and writes a comment line to the rest, which keeps proxies from
   * closing them.
   */
  private async check(): Promise<void> {
    // A check slower than the period must not pile up behind itself.
    if (this.checking) return;
    this.checking = true;
    try {
      const open = [...this.all()];
      let live: Set<string> | undefined;
      try {
        live = await this.options.liveSessions([...new Set(open.map((entry) => entry.principal.sessionId))]);
      } catch (error) {
        // A database hiccup keeps the streams; the next check tries again.
        this.options.log.warn({ err: error }, 'notification stream check failed');
      }
      for (const entry of open) {
        // Ended meanwhile (revoked, capped, closed): a write now would fail.
        if (entry.stream.writableEnded) continue;
        if (live && !live.has(entry.principal.sessionId)) this.end(entry);
        else entry.stream.write(': keep-alive\n\n');
      }
    } finally {
      this.checking = false;
    }
  }

  /**
   * A notification was written in some process (`{userId}:{id}`): if its user has streams open
   * here, it joins the next batch. One commit can announce hundreds (an event telling a whole
   * team, a burst of reviews); reading each with queries of its own kept the last of them
   * waiting seconds behind the pool (decision 040).
   */
  private queue(payload: string): void {
    const [userId, id] = payload.split(':').map(Number);
    if (!this.streams.has(userId!)) return;
    this.pending.push(id!);
    if (!this.delivering) void this.deliver();
  }

  /**
   * Sends what is pending, in batches read with two queries each. A batch starts as soon as the
   * one before has been sent, so a lone notification waits for nothing, and whatever arrives
   * meanwhile goes in the next.
   */
  private async deliver(): Promise<void> {
    this.delivering = true;
    try {
      while (this.pending.length > 0) {
        const ids = this.pending.splice(0, DELIVERY_BATCH);
        try {
          for (const { userId, notification, unread } of await this.options.notifications.forStreams(ids)) {
            const data = JSON.stringify({ notification, unread_count: unread });
            for (const entry of this.streams.get(userId) ?? []) {
              entry.stream.write(`event: notification\nid: ${notification.id}\ndata: ${data}\n\n`);
            }
          }
        } catch (error) {
          this.options.log.error({ err: error }, 'notifications could not be sent to open streams');
        }
      }
    } finally {
      this.delivering = false;
    }
  }
}
