import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_LAST_USED_STEP_MS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  API_TOKEN_REQUESTS_PER_MINUTE,
  isAdminRole,
  MAX_ACTIVE_API_TOKENS,
  type ApiToken,
  type CreateApiTokenRequest,
} from '@portal/contract';
import type { LimiterFactory, Limiter, LimitState } from '../../adapters/rate-limit/rate-limiter';
import type { ApiTokenRow } from '../../db/schema';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { HttpError, notFound } from '../../lib/http-errors';
import type { Principal } from '../../lib/principal';
import { hashToken } from '../../lib/tokens';
import type { ApiTokenRepository } from './api-token.repository';

export interface ApiTokenRepositories {
  apiTokens: ApiTokenRepository;
}

const DAY_MS = 86_400_000;
/** How many characters after the prefix the owner's list shows. */
const HINT_LENGTH = 4;

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  hint: row.hint,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Personal API tokens (docs/product/accounts.md, API tokens; decision 035): made on My account,
 * shown once and kept as their SHA-256, and checked by the access hook on every request that
 * brings one. A token is read from the database on each request (no cache), so a revoked one
 * is refused from the next request on, in every process.
 */
export class ApiTokenService {
  private readonly perToken: Limiter;

  constructor(
    private readonly options: { data: DataAccess<ApiTokenRepositories>; clock: Clock; limiterFactory: LimiterFactory },
  ) {
    this.perToken = options.limiterFactory({
      name: 'api-token',
      points: API_TOKEN_REQUESTS_PER_MINUTE,
      durationSeconds: 60,
    });
  }

  async list(principal: Principal): Promise<ApiToken[]> {
    const rows = await this.options.data.repos.apiTokens.listActive(principal.userId, this.options.clock.now());
    return rows.map(toApiToken);
  }

  /** Makes a token, within the limit of active ones per user; the answer's `token` is the only copy. */
  async create(principal: Principal, request: CreateApiTokenRequest): Promise<{ token: string; data: ApiToken }> {
    const now = this.options.clock.now();
    const secret = randomBytes(32).toString('base64url');
    const token = `${API_TOKEN_PREFIX}${secret}`;
    const row = await this.options.data.withTransaction(async (repos) => {
      await repos.apiTokens.lockCreations(principal.userId);
      if ((await repos.apiTokens.countActive(principal.userId, now)) >= MAX_ACTIVE_API_TOKENS) {
        throw new HttpError(409, API_TOKEN_MESSAGES.tooMany);
      }
      return repos.apiTokens.insert({
        userId: principal.userId,
        name: request.name,
        scope: request.scope,
        tokenHash: hashToken(token),
        hint: secret.slice(0, HINT_LENGTH),
        createdAt: now,
        expiresAt: new Date(now.getTime() + request.expires_in_days * DAY_MS),
      });
    });
    return { token, data: toApiToken(row) };
  }

  async revoke(principal: Principal, id: number): Promise<void> {
    const revoked = await this.options.data.repos.apiTokens.revoke(principal.userId, id, this.options.clock.now());
    if (!revoked) throw notFound(API_TOKEN_MESSAGES.notFound);
  }

  /**
   * The principal a token stands for, or why it is refused: unknown, revoked, expired, or its
   * user suspended. The last use is written at most once a minute.
   */
  async authenticate(token: string): Promise<Principal | { refused: string }> {
    const now = this.options.clock.now();
    const found = await this.options.data.repos.apiTokens.findByHash(hashToken(token));
    // Tokens are for customers only; an administrator never has one (decision 035).
    if (!found || isAdminRole(found.user.roleId)) return { refused: API_TOKEN_MESSAGES.unknown };
    const { token: row, user } = found;
    if (row.revokedAt) return { refused: API_TOKEN_MESSAGES.revokedToken };
    if (row.expiresAt <= now) return { refused: API_TOKEN_MESSAGES.expired };
    if (!user.status) return { refused: API_TOKEN_MESSAGES.userSuspended };
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= API_TOKEN_LAST_USED_STEP_MS) {
      await this.options.data.repos.apiTokens.touch(row.id, now, API_TOKEN_LAST_USED_STEP_MS);
    }
    return {
      sessionId: `api-token:${row.id}`,
      userId: user.id,
      roleId: user.roleId,
      session: null,
      apiToken: { id: row.id, scope: row.scope },
    };
  }

  /** Counts one request of the token against its own limit (docs/product/accounts.md, API tokens). */
  consume(tokenId: number): Promise<LimitState> {
    return this.perToken.consume(String(tokenId));
  }
}
