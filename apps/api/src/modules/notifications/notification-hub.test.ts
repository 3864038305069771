import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Principal } from '../../lib/principal';
import { NotificationHub } from './notification-hub';
import type { NotificationService } from './notification.service';

describe('NotificationHub', () => {
  it('listens again for the next stream when the database could not be reached for the first', async () => {
    // The hub listens on three channels; while the database is away one of them fails.
    let reachable = false;
    const listened: string[] = [];
    const stopped: string[] = [];
    const database = {
      listen: (channel: string) => {
        if (!reachable && listened.length === 0) {
          listened.push(`refused ${channel}`);
          return Promise.reject(new Error('Connection terminated unexpectedly'));
        }
        listened.push(channel);
        return Promise.resolve(() => {
          stopped.push(channel);
          return Promise.resolve();
        });
      },
    } as unknown as DatabaseHandle;
    const hub = new NotificationHub({
      database,
      notifications: {} as NotificationService,
      liveSessions: (ids) => Promise.resolve(new Set(ids)),
      log: { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger,
    });
    const principal = { sessionId: 'session', userId: 1, roleId: 2 } as Principal;
    const response = new EventEmitter() as ServerResponse;

    await expect(hub.open(principal, response)).rejects.toThrow('Connection terminated unexpectedly');
    // The channels that did subscribe were given up, so the next attempt cannot deliver twice.
    expect(stopped).toHaveLength(2);
    reachable = true;
    await hub.open(principal, response);
    expect(listened).toHaveLength(6);
    expect(hub.openCount).toBe(1);

    response.emit('close');
    await hub.close();
  });
  it('reads a lone notification at once, and those announced while it is read together in one batch', async () => {
    let announce: (payload: string) => void = () => undefined;
    const database = {
      listen: (channel: string, onPayload: (payload: string) => void) => {
        if (channel === 'notifications') announce = onPayload;
        return Promise.resolve(() => Promise.resolve());
      },
    } as unknown as DatabaseHandle;
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const notifications = {
      forStreams: async (ids: readonly number[]) => {
        batches.push([...ids]);
        // The first read is slow: the rest are announced meanwhile.
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return ids.map((id) => ({ userId: 1, notification: { id }, unread: id }));
      },
    } as unknown as NotificationService;
    const hub = new NotificationHub({
      database,
      notifications,
      liveSessions: (ids) => Promise.resolve(new Set(ids)),
      log: { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger,
    });
    const response = new EventEmitter() as ServerResponse;
    const stream = await hub.open({ sessionId: 'session', userId: 1, roleId: 2 } as Principal, response);
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));

    announce('1:10');
    // Another process's user, with no stream here: never read.
    announce('2:11');
    announce('1:12');
    announce('1:13');
    expect(batches).toEqual([[10]]);
    release();
    await vi.waitFor(() => expect(text.match(/^id: \d+$/gm)).toEqual(['id: 10', 'id: 12', 'id: 13']));
    expect(batches).toEqual([[10], [12, 13]]);

    response.emit('close');
    await hub.close();
  });
});
