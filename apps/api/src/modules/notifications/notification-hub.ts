import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import type { Principal } from '../auth/auth.service';
import { NOTIFICATIONS_CHANNEL } from './notification.repository';
import type { NotificationService } from './notification.service';

interface OpenStream {
  principal: Principal;
  stream: PassThrough;
  /** Settles when the HTTP response carrying the stream is over: sent in full, or cut off. */
  responseClosed: Promise<unknown>;
}

/** How long shutdown waits for ended streams to reach their clients. */
const CLOSE_WAIT_MS = 5_000;

export interface NotificationHubOptions {
  database: DatabaseHandle;
  notifications: NotificationService;
  /** Whether the stream's session still stands (not ended, revoked, expired or banned). */
  isLive(principal: Principal): Promise<boolean>;
  log: FastifyBaseLogger;
  /** How often a stream is checked and kept open with a comment line. */
  heartbeatMs?: number;
}

/**
 * The open notification streams of this process (docs/product/review.md, Live updates). Every
 * notification written by any process is announced on the database's NOTIFICATIONS_CHANNEL
 * when its transaction commits; the hub of each process listens there and writes the ones for
 * its open streams as server-sent events. It starts listening when the first stream opens.
 */
export class NotificationHub {
  private readonly streams = new Map<number, Set<OpenStream>>();
  private listening: Promise<() => Promise<void>> | undefined;

  constructor(private readonly options: NotificationHubOptions) {}

  /**
   * A new stream for the principal, to be sent as the body of `response`. The stream ends when
   * the client goes away, on a ban, and on shutdown.
   */
  async open(principal: Principal, response: ServerResponse): Promise<PassThrough> {
    this.listening ??= this.options.database.listen(NOTIFICATIONS_CHANNEL, (payload) => void this.deliver(payload));
    const listening = this.listening;
    // Unable to listen (the database is away): this stream fails, and the next one asks again.
    await listening.catch((error: unknown) => {
      if (this.listening === listening) this.listening = undefined;
      throw error;
    });
    const entry: OpenStream = { principal, stream: new PassThrough(), responseClosed: once(response, 'close') };
    // 'close' on the response, not the request: it also fires when the client disconnects.
    response.once('close', () => entry.stream.destroy());
    const ofUser = this.streams.get(principal.userId) ?? new Set();
    ofUser.add(entry);
    this.streams.set(principal.userId, ofUser);
    // The browser waits 5 s before reconnecting after a dropped connection.
    entry.stream.write('retry: 5000\n: connected\n\n');
    const heartbeat = setInterval(() => void this.check(entry), this.options.heartbeatMs ?? 25_000);
    entry.stream.once('close', () => {
      clearInterval(heartbeat);
      ofUser.delete(entry);
      if (ofUser.size === 0 && this.streams.get(principal.userId) === ofUser) this.streams.delete(principal.userId);
    });
    return entry.stream;
  }

  /** Ends the user's open streams in this process (a ban); other processes end theirs at their next check. */
  endStreamsOf(userId: number): void {
    for (const entry of this.streams.get(userId) ?? []) entry.stream.end();
  }

  /**
   * Ends every stream, waits until their responses are sent, and stops listening. The server
   * closes its idle connections once this resolves; a response still being written then would
   * keep its keep-alive connection, and the server's close, open until the client left.
   */
  async close(): Promise<void> {
    const sent: Promise<unknown>[] = [];
    for (const ofUser of this.streams.values()) {
      for (const entry of ofUser) {
        entry.stream.end();
        sent.push(entry.responseClosed);
      }
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
    for (const ofUser of this.streams.values()) total += ofUser.size;
    return total;
  }

  private async check(entry: OpenStream): Promise<void> {
    try {
      if (await this.options.isLive(entry.principal)) entry.stream.write(': keep-alive\n\n');
      else entry.stream.end();
    } catch (error) {
      // A database hiccup keeps the stream; the next check tries again.
      this.options.log.warn({ err: error }, 'notification stream check failed');
    }
  }

  private async deliver(payload: string): Promise<void> {
    const [userId, id] = payload.split(':').map(Number);
    const open = this.streams.get(userId!);
    if (!open || open.size === 0) return;
    try {
      const found = await this.options.notifications.forStream(id!);
      if (!found) return;
      const data = JSON.stringify({ notification: found.notification, unread_count: found.unread });
      for (const entry of open) entry.stream.write(`event: notification\nid: ${id}\ndata: ${data}\n\n`);
    } catch (error) {
      this.options.log.error({ err: error }, 'notification could not be sent to open streams');
    }
  }
}
