import { lazy, Suspense, useState, type ReactNode } from 'react';

/*
 * The dialog, its form and Mantine's Modal load on the first click. Keeping Modal out of the
 * login page matters: it pulls in the ScrollArea and, through it, the Floating UI package that
 * the selects of other pages share, which would take the login page past its 200 KiB budget.
 */
const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog').then((module) => ({ default: module.ForgotPasswordDialog })),
);

/**
 * FORGOT_PASSWORD behind whatever control opens it: the login page's "Forgot password?" link,
 * and the reset page's "Ask for a new link" when its link can no longer be used.
 */
export function ForgotPassword({ children }: { children: (open: () => void) => ReactNode }) {
  const [requested, setRequested] = useState(false);
  const [opened, setOpened] = useState(false);
  const open = () => {
    setRequested(true);
    setOpened(true);
  };
  return (
    <>
      {children(open)}
      {/* Mounted from the first opening on, so closing plays the dialog's transition. */}
      {requested && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
