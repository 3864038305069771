import { Button, TextInput } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { Dialog } from './dialog';

/** A page with a button that opens the dialog, after `prepare` (a request, say) when given. */
function Page({ children, prepare }: { children: ReactNode; prepare?: Promise<void> }) {
  const [opened, setOpened] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const open = (event: MouseEvent<HTMLButtonElement>) => {
    if (!prepare) return setOpened(true);
    // A browser drops the focus of a button as it becomes disabled (its loader shows); jsdom
    // keeps it, so it is dropped here.
    event.currentTarget.blur();
    setPreparing(true);
    void prepare.then(() => {
      setPreparing(false);
      setOpened(true);
    });
  };
  return (
    <>
      <Button onClick={open} loading={preparing}>
        Open
      </Button>
      <Button>Elsewhere</Button>
      <Dialog opened={opened} onClose={() => setOpened(false)} title="Example">
        {children}
      </Dialog>
    </>
  );
}

function renderPage(children: ReactNode, prepare?: Promise<void>) {
  const user = userEvent.setup({ delay: null });
  render(
    <AppProviders env="test">
      <Page prepare={prepare}>{children}</Page>
    </AppProviders>,
  );
  return user;
}

describe('Dialog', () => {
  it('starts at its first field rather than the close button, and gives the focus back on close', async () => {
    const user = renderPage(
      <>
        <p>Some words first.</p>
        <TextInput label="Name" />
        <TextInput label="Town" />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('starts where an element asks for it with data-autofocus', async () => {
    const user = renderPage(
      <>
        <TextInput label="Name" />
        <Button data-autofocus>Cancel</Button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  });

  it('gives the focus back to its opener even when the opener lost it while the dialog was prepared', async () => {
    let ready!: () => void;
    const prepare = new Promise<void>((resolve) => (ready = resolve));
    const user = renderPage(<TextInput label="Name" />, prepare);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    expect(opener).toBeDisabled();
    expect(document.body).toHaveFocus();
    await act(async () => ready());
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('leaves the focus alone when closing has already put it somewhere on the page', async () => {
    function MovesOn() {
      return (
        <Button
          onClick={() => {
            screen.getByRole('button', { name: 'Elsewhere' }).focus();
            screen.getByRole('button', { name: 'Close' }).click();
          }}
        >
          Go elsewhere
        </Button>
      );
    }
    const user = renderPage(<MovesOn />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Go elsewhere' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('focuses its content while it has no field, then the field that arrives', async () => {
    function LoadsLater() {
      const [loaded, setLoaded] = useState(false);
      return loaded ? (
        <TextInput label="Card number" />
      ) : (
        <Button variant="subtle" onClick={() => setLoaded(true)} tabIndex={-1}>
          Loading
        </Button>
      );
    }
    const user = renderPage(<LoadsLater />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Example' });
    // The content, not the close button: the form that arrives can take the focus from it.
    await waitFor(() => expect(dialog.querySelector('[data-dialog-content]')).toHaveFocus());
    act(() => screen.getByRole('button', { name: 'Loading' }).click());
    await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveFocus());
  });

  it('gives a button the focus back when it is enabled again after waiting disabled', async () => {
    function SavesSlowly() {
      const [saving, setSaving] = useState(false);
      return (
        <>
          <TextInput label="Name" />
          <Button
            loading={saving}
            onClick={(event) => {
              // As a browser does when the button is disabled (see Page above).
              event.currentTarget.blur();
              setSaving(true);
            }}
          >
            Save
          </Button>
          <Button onClick={() => setSaving(false)} tabIndex={-1}>
            Answer
          </Button>
        </>
      );
    }
    const user = renderPage(<SavesSlowly />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.click(save);
    expect(save).toBeDisabled();
    expect(document.body).toHaveFocus();
    // The server answers with a refusal: the button is enabled again, and so is its focus.
    act(() => screen.getByRole('button', { name: 'Answer' }).click());
    await waitFor(() => expect(save).toHaveFocus());
  });

  it('moves the focus to the next step when the focused element gives way to it', async () => {
    function TwoSteps() {
      const [step, setStep] = useState(1);
      return step === 1 ? (
        <>
          <TextInput label="New email" />
          <Button onClick={() => setStep(2)}>Send code</Button>
        </>
      ) : (
        <TextInput label="Code" />
      );
    }
    const user = renderPage(<TwoSteps />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByLabelText('New email')).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus());
  });
});
