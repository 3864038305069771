/**
 * The credentials module: the proofs of identity that sign-up, recovery and the account pages
 * share (e-mail codes, password reset links, the authenticator and recovery codes of two-factor
 * sign-in) and the limit on wrong passwords and codes. It owns the `one_time_codes`,
 * `password_reset_tokens`, `two_factor` and `recovery_codes` tables.
 */
export { OneTimeCodeRepository } from './one-time-code.repository';
export { codeError, OneTimeCodes } from './one-time-codes';
export { PasswordTries } from './password-tries';
export { RecoveryCodeRepository } from './recovery-code.repository';
export { ResetTokenRepository } from './reset-token.repository';
export { revokeOutstandingProofs } from './revoke-proofs';
export { proofOf, SecondFactor, type SecondFactorProof } from './second-factor';
export { newTotpSecret, qrCodeDataUrl, totpKeyUri } from './totp';
export { TwoFactorRepository } from './two-factor.repository';
