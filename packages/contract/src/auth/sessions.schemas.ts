import { z } from 'zod';
import { textField } from '../common/common.schemas';
import { sessionInfoSchema } from './auth.schemas';

/**
 * The signed-in devices of a user, as My account lists them (docs/product/accounts.md, Your
 * sessions).
 */
export const SESSION_MESSAGES = {
  notFound: 'This session has already ended.',
  isCurrent: 'This is the session you are using. Log out to end it.',
  revoked: 'The session has been signed out',
  othersRevoked: 'Every other session has been signed out',
  idInvalid: 'The session is not valid',
} as const;

/** What a session's device or place says when the server could not tell (docs/product/accounts.md, Sessions). */
export const UNKNOWN_CLIENT_DETAIL = 'Unknown';

/** "Chrome 124 on Windows 10": a session's device, as the sessions list and the new sign-in e-mail name it. */
export const sessionDevice = (session: { browser: string; os: string }): string =>
  `${session.browser} on ${session.os}`;

/** "Springfield, United States", leaving out what is unknown; '' when nothing is known. */
export const sessionPlace = (session: { city: string; country: string }): string =>
  [session.city, session.country].filter((part) => part && part !== UNKNOWN_CLIENT_DETAIL).join(', ');

/**
 * How long a session's last activity may lag: a session is marked active at most once in this
 * time, so that reading pages does not write to the database on every request.
 */
export const SESSION_ACTIVITY_STEP_MS = 5 * 60_000;

/** At most this many sessions of one user stand at once; a new login ends the oldest beyond it. */
export const MAX_LIVE_SESSIONS_PER_USER = 20;

export const userSessionSchema = sessionInfoSchema
  .extend({
    id: z.string(),
    /** Remember me was ticked: the session lasts 30 days. */
    remember: z.boolean(),
    started_at: z.string(),
    /** Within SESSION_ACTIVITY_STEP_MS of the session's last request. */
    last_active_at: z.string(),
    expires_at: z.string(),
    /** The session that asked for the list. */
    current: z.boolean(),
  })
  .meta({ id: 'UserSession' });
export type UserSession = z.infer<typeof userSessionSchema>;

export const userSessionsResponseSchema = z.object({ data: z.array(userSessionSchema) }).meta({ id: 'UserSessions' });

export const sessionIdParams = z.object({
  id: textField('The session', SESSION_MESSAGES.idInvalid, z.uuid({ error: SESSION_MESSAGES.idInvalid })),
});

export const revokedSessionsResponseSchema = z
  .object({ message: z.string(), revoked: z.number().int() })
  .meta({ id: 'RevokedSessions' });
