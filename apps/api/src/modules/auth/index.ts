/**
 * The auth module: signing in and out, sign-up and password recovery, and the sessions (the
 * `sessions` and `signup_sessions` tables). Others revoke and read sessions through these.
 */
export { SESSIONS_REVOKED_CHANNEL, SessionRepository } from './session.repository';
export { SignupSessionRepository } from './signup-session.repository';
