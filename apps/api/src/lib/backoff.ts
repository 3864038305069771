/**
 * How long work that failed waits before its next try (a queued e-mail, an event's
 * subscribers): 10 s, 20 s, 40 s … after the 1st, 2nd, 3rd failure, capped at 2 hours.
 */
export const retryDelayMs = (attempts: number): number => Math.min(10_000 * 2 ** (attempts - 1), 2 * 60 * 60_000);

/** When the next try of work that has now failed `attempts` times is due. */
export const nextAttemptAt = (now: Date, attempts: number): Date => new Date(now.getTime() + retryDelayMs(attempts));
