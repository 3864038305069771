import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('asks twice more after a network failure or a 5xx, then gives up', () => {
    for (const error of [new ApiError({ status: 0 }), new ApiError({ status: 503 }), new TypeError('fetch failed')]) {
      expect([0, 1, 2].map((failures) => shouldRetry(failures, error))).toEqual([true, true, false]);
    }
  });

  it('never repeats a refusal', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetry(0, new ApiError({ status }))).toBe(false);
    }
  });

  it('does not repeat a failure the user has already been told about', () => {
    const told = new ApiError({ status: 500 });
    told.notified = true;
    expect(shouldRetry(0, told)).toBe(false);
  });
});
