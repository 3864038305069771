import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { notifyError, notifyInfo, notifySuccess, notifyWarning } from './notify';

function renderToasts() {
  render(
    <AppProviders env="test">
      <p>Page</p>
    </AppProviders>,
  );
}

describe('toasts are live regions', () => {
  it('announces outcomes politely, as a status', async () => {
    renderToasts();
    act(() => notifySuccess('Saved', 'Your changes are saved.'));
    const toast = await screen.findByRole('status');
    expect(within(toast).getByText('Saved')).toBeInTheDocument();
    expect(within(toast).getByText('Your changes are saved.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => notifyInfo('Heads up', 'Nothing to do.'));
    expect(await screen.findAllByRole('status')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces failures and warnings at once, as an alert', async () => {
    renderToasts();
    act(() => notifyError('Error', 'Something went wrong'));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Something went wrong')).toBeInTheDocument();

    act(() => notifyWarning('Already Registered', 'Log in instead.'));
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
