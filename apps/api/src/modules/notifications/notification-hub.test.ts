import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
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
});
