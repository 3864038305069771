import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPageLoad } from './after-load';

function readyState(state: DocumentReadyState) {
  return vi.spyOn(document, 'readyState', 'get').mockReturnValue(state);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('afterPageLoad', () => {
  it('waits for the load event, then for an idle moment', () => {
    vi.useFakeTimers();
    readyState('interactive');
    const work = vi.fn();
    afterPageLoad(work);
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledOnce();
  });

  it('runs at the next idle moment on a page already loaded', () => {
    vi.useFakeTimers();
    readyState('complete');
    const work = vi.fn();
    afterPageLoad(work);
    vi.runAllTimers();
    expect(work).toHaveBeenCalledOnce();
  });

  it('uses requestIdleCallback where the browser has it, with a deadline', () => {
    readyState('complete');
    const idle = vi.fn((callback: IdleRequestCallback) => {
      callback({ didTimeout: false, timeRemaining: () => 10 });
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    const work = vi.fn();
    afterPageLoad(work);
    expect(idle).toHaveBeenCalledWith(work, { timeout: expect.any(Number) });
    expect(work).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('does nothing once cancelled', () => {
    vi.useFakeTimers();
    readyState('interactive');
    const work = vi.fn();
    const cancel = afterPageLoad(work);
    cancel();
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});
