import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { ProgressSuccess } from './progress-success';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function renderScreen(onDone = vi.fn()) {
  render(
    <AppProviders env="test">
      <ProgressSuccess
        title="Password updated!"
        message="You'll have to login using your new password"
        progressLabel="Going to the login page"
        onDone={onDone}
      />
    </AppProviders>,
  );
  return onDone;
}

const bar = () => screen.getByRole('progressbar', { name: 'Going to the login page' });

/** One timer step at a time: each step's timer is set when the previous one has rendered. */
function advance(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 100) {
    act(() => {
      vi.advanceTimersByTime(100);
    });
  }
}

describe('ProgressSuccess', () => {
  it('shows the tick, the texts and an empty bar', () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Password updated!' })).toBeInTheDocument();
    expect(screen.getByText("You'll have to login using your new password")).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
  });

  it('fills 5 percent every 300 ms', () => {
    renderScreen();
    advance(200);
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
    advance(100);
    expect(bar()).toHaveAttribute('aria-valuenow', '5');
    advance(300 * 9);
    expect(bar()).toHaveAttribute('aria-valuenow', '50');
    advance(300 * 10);
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
  });

  it('moves on 500 ms after the bar is full, once', () => {
    const onDone = renderScreen();
    advance(6000);
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    advance(400);
    expect(onDone).not.toHaveBeenCalled();
    advance(100);
    expect(onDone).toHaveBeenCalledTimes(1);
    advance(5000);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
