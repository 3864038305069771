import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Principal } from '../auth/auth.service';
import { NotificationHub } from './notification-hub';
import type { NotificationService } from './notification.service';

describe('NotificationHub', () => {
  it('listens again for the next stream when the database could not be reached for the first', async () => {
    let attempts = 0;
    const database = {
      listen: () => {
        attempts += 1;
        if (attempts === 1) return Promise.reject(new Error('Connection terminated unexpectedly'));
        return Promise.resolve(() => Promise.resolve());
      },
    } as unknown as DatabaseHandle;
    const hub = new NotificationHub({
      database,
      notifications: {} as NotificationService,
      isLive: () => Promise.resolve(true),
      log: { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger,
    });
    const principal = { sessionId: 'session', userId: 1, roleId: 2 } as Principal;
    const response = new EventEmitter() as ServerResponse;

    await expect(hub.open(principal, response)).rejects.toThrow('Connection terminated unexpectedly');
    await hub.open(principal, response);
    expect(attempts).toBe(2);
    expect(hub.openCount).toBe(1);

    response.emit('close');
    await hub.close();
  });
});
