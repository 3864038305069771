import { z } from 'zod';
import { textField } from '../common/common.schemas';

/**
 * Personal API tokens (docs/product/accounts.md, API tokens; decision 035): a customer's own
 * key for programs, sent as `Authorization: Bearer portal_pat_…`. A token acts as its user in
 * the account the request names (or their first), with their role there, and only on the
 * endpoints whose definition names a scope the token has (`apiToken` in `EndpointDefinition`).
 */
export const API_TOKEN_SCOPES = ['read', 'manage'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What each scope lets a token call, as My account explains it. */
export const API_TOKEN_SCOPE_TEXTS: Record<ApiTokenScope, { label: string; description: string }> = {
  read: { label: 'Read', description: 'Campaign lists, analytics, reports and payment lists' },
  manage: {
    label: 'Manage campaigns',
    description: 'Everything Read allows, and creating and changing campaigns and their files',
  },
};

/** Whether a token of `scope` may call an endpoint that asks for `needed`: manage includes read. */
export const apiTokenScopeAllows = (scope: ApiTokenScope, needed: ApiTokenScope): boolean =>
  scope === 'manage' || needed === 'read';

/** The prefix every token starts with, so that it is told apart from a session's token (and found by secret scanners). */
export const API_TOKEN_PREFIX = 'portal_pat_';

/** How long a new token lives, in days (the choices on My account). */
export const API_TOKEN_LIFETIMES = [30, 90, 365] as const;
/** At most this many tokens that are neither revoked nor expired per user. */
export const MAX_ACTIVE_API_TOKENS = 20;
/** Requests one token may make per minute; more answer 429 with Retry-After. */
export const API_TOKEN_REQUESTS_PER_MINUTE = 120;
/** The last use is written at most once a minute, so a token's requests do not each write. */
export const API_TOKEN_LAST_USED_STEP_MS = 60_000;
const NAME_MAX = 60;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${NAME_MAX} characters`,
  scopeInvalid: 'Scope must be read or manage',
  lifetimeInvalid: `Expiry must be ${API_TOKEN_LIFETIMES.join(', ')} days`,
  created: 'Token created. Copy it now: it will not be shown again.',
  revoked: 'Token revoked',
  notFound: 'Token not found',
  tooMany: `You can have at most ${MAX_ACTIVE_API_TOKENS} active tokens. Revoke one first.`,
  // The access hook's answers to a request that brings a token (decision 035).
  unknown: 'This API token is not valid.',
  expired: 'This API token has expired.',
  revokedToken: 'This API token has been revoked.',
  userSuspended: "This API token's user has been suspended.",
  accountSuspended: "This API token's advertiser account has been suspended.",
  notAllowed: 'API tokens cannot be used for this endpoint.',
  scopeTooNarrow: 'This API token has the read scope; this endpoint needs the manage scope.',
  tooManyRequests: 'Too many requests with this API token. Try again later.',
} as const;

export const createApiTokenRequestSchema = z.object({
  name: textField(
    'Name',
    API_TOKEN_MESSAGES.nameRequired,
    z.string().trim().min(1, API_TOKEN_MESSAGES.nameRequired).max(NAME_MAX, API_TOKEN_MESSAGES.nameTooLong),
  ),
  scope: z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scopeInvalid }),
  expires_in_days: z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
    z.union(
      API_TOKEN_LIFETIMES.map((days) => z.literal(days)),
      { error: API_TOKEN_MESSAGES.lifetimeInvalid },
    ),
  ),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

export const apiTokenSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    scope: z.enum(API_TOKEN_SCOPES),
    /** The token's first characters after the prefix, so its owner can tell tokens apart. */
    hint: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListResponseSchema = z.object({ data: z.array(apiTokenSchema) }).meta({ id: 'ApiTokenList' });
export const createApiTokenResponseSchema = z
  .object({
    message: z.string(),
    /** The whole token: shown this once, never stored. */
    token: z.string(),
    data: apiTokenSchema,
  })
  .meta({ id: 'CreatedApiToken' });
