/**
 * The auth module: signing in and out (with two-factor sign-in's second step), sign-up and
 * password recovery, and the sessions (the `sessions`, `signup_sessions` and
 * `sign_in_challenges` tables). Others revoke and read sessions through these.
 */
export { SESSIONS_REVOKED_CHANNEL, SessionRepository } from './session.repository';
export { SignupSessionRepository } from './signup-session.repository';
