/**
 * The credentials module: the proofs of identity that sign-up, recovery and the account pages
 * share (e-mail codes, password reset links) and the limit on wrong passwords. It owns the
 * `one_time_codes` and `password_reset_tokens` tables.
 */
export { OneTimeCodeRepository } from './one-time-code.repository';
export { codeError, OneTimeCodes } from './one-time-codes';
export { PasswordTries } from './password-tries';
export { ResetTokenRepository } from './reset-token.repository';
export { revokeOutstandingProofs } from './revoke-proofs';
