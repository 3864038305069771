import type { CurrentSessionResponse } from '@portal/contract';
import { notFound } from '../../lib/http-errors';
import type { Principal } from '../auth/auth.service';
import type { AccountRepository } from './account.repository';

export class AccountService {
  constructor(private readonly repository: AccountRepository) {}

  async currentSession(principal: Principal): Promise<CurrentSessionResponse> {
    const session = await this.repository.findSession(principal.sessionId);
    if (!session) throw notFound('Session not found');
    return {
      data: {
        os: session.os,
        browser: session.browser,
        ip: session.ip,
        city: session.city,
        country: session.country,
        created_at: session.createdAt.toISOString(),
        expires_at: session.expiresAt.toISOString(),
      },
    };
  }
}
