import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { isApiError } from '@/lib/api-error';
import { endSession } from '@/lib/end-session';
import { notifyRequestError } from '@/lib/notify';
import { useLogout } from '../api/logout';

export function LogoutButton() {
  const logout = useLogout();

  const handleClick = () =>
    logout.mutate(undefined, {
      onSuccess: () => endSession(),
      onError: (error) => {
        // The token is already dead on the server: the user is logged out either way.
        if (isApiError(error) && error.status === 401) endSession();
        else notifyRequestError(error);
      },
    });

  return (
    <Button
      variant="default"
      onClick={handleClick}
      loading={logout.isPending}
      leftSection={<IconLogout size={18} aria-hidden />}
    >
      Log out
    </Button>
  );
}
