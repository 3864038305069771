import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { isAdminRole } from '@portal/contract';
import { Link, Outlet, useLocation } from 'react-router';
import logoMark from '@/assets/logo-mark.svg';
import { NEW_TAB_PROPS, NewTabHint } from '@/components/external-link';
import { LOGIN_PATHS } from '@/config/paths';
import { settings } from '@/config/settings';
import { useSession } from '@/stores/session-store';
import classes from './auth-layout.module.css';

/** Section 2, "Auth layout header": from sign-up step 3 the person has a name to show. */
function ProfileChip() {
  const personalInfo = useSession((s) => s.personalInfo);
  const user = useSession((s) => s.user);
  const billingInfo = useSession((s) => s.billingInfo);
  const fullName = [personalInfo?.firstName, personalInfo?.lastName].filter(Boolean).join(' ');
  const roleText = isAdminRole(user?.type) ? 'admin' : billingInfo?.accountType;
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={personalInfo?.image || null} alt="" radius="xl" />
      <Stack gap={0} miw={0}>
        <Text fw={600} size="sm" truncate>
          {fullName || user?.email || 'Your account'}
        </Text>
        {roleText && (
          <Text size="xs" c="dimmed" tt="capitalize">
            {roleText}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

function HeaderActions() {
  const { pathname } = useLocation();
  const onLoginPage = (LOGIN_PATHS as readonly string[]).includes(pathname);
  return (
    <Group gap="xs">
      <Button component="a" href={settings.influencerPortalUrl} {...NEW_TAB_PROPS} variant="default" size="sm">
        Influencer portal
        <NewTabHint />
      </Button>
      {onLoginPage ? (
        <Button component={Link} to="/signup" size="sm">
          Create new account
        </Button>
      ) : (
        <Button component={Link} to="/" size="sm">
          Login instead
        </Button>
      )}
    </Group>
  );
}

export function AuthLayout() {
  const signupStep = useSession((s) => s.signupStep);
  return (
    <div className={classes.root}>
      <header className={classes.header}>
        <Link to="/" className={classes.brand}>
          <img src={logoMark} alt="" width={32} height={32} />
          {settings.productName}
        </Link>
        {/* The sign-up stepper takes this place once sign-up is built. */}
        <div className={classes.centre} />
        {signupStep === 3 || signupStep === 4 ? <ProfileChip /> : <HeaderActions />}
      </header>
      <main className={classes.main}>
        <Outlet />
      </main>
    </div>
  );
}
