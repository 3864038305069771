import { ActionIcon, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { isAdminRole, SIGNUP_STEP } from '@portal/contract';
import { Link, Outlet, useLocation } from 'react-router';
import logoMark from '@/assets/logo-mark.svg';
import { NEW_TAB_PROPS, NewTabHint } from '@/components/external-link';
import { ThemeToggle } from '@/components/theme-toggle';
import { LOGIN_PATHS, paths } from '@/config/paths';
import { settings } from '@/config/settings';
import { fileUrl } from '@/lib/file-url';
import { useRouteFocus } from '@/lib/use-route-focus';
import { useSession } from '@/stores/session-store';
import classes from './auth-layout.module.css';

// Only the sign-up page shows it; the login page, which shares this layout, does not load it.
const SignupStepper = lazy(() =>
  import('@/features/auth/components/signup-stepper').then((module) => ({ default: module.SignupStepper })),
);

/** docs/product/accounts.md, "Auth layout header": from sign-up step 3 the person has a name to show. */
function ProfileChip() {
  const personalInfo = useSession((s) => s.personalInfo);
  const user = useSession((s) => s.user);
  const billingInfo = useSession((s) => s.billingInfo);
  const fullName = [personalInfo?.firstName, personalInfo?.lastName].filter(Boolean).join(' ');
  const roleText = isAdminRole(user?.type) ? 'admin' : billingInfo?.accountType;
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={fileUrl(personalInfo?.image)} alt="" radius="xl" />
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

/**
 * A label with a short form for phones. The button's name stays the long form, which contains
 * the short one, so what is seen is what a voice command or a screen reader finds.
 */
function ShortOrLong({ short, long }: { short: string; long: string }) {
  return (
    <>
      <Text span inherit hiddenFrom="sm" aria-hidden>
        {short}
      </Text>
      <Text span inherit visibleFrom="sm" aria-hidden>
        {long}
      </Text>
    </>
  );
}

function HeaderActions() {
  const { pathname } = useLocation();
  const onLoginPage = (LOGIN_PATHS as readonly string[]).includes(pathname);
  // docs/product/accounts.md: the reset page offers both ways on.
  const onResetPage = pathname.startsWith(paths.passwordSetup.to(''));
  // On a phone the header keeps to one row: the influencer portal becomes an icon with the same
  // name, and the two other buttons take their short labels. Only one of each pair is displayed,
  // and the hidden one is out of the accessibility tree too.
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        component="a"
        href={settings.influencerPortalUrl}
        {...NEW_TAB_PROPS}
        variant="default"
        size="sm"
        visibleFrom="md"
      >
        Influencer portal
        <NewTabHint />
      </Button>
      <ActionIcon
        component="a"
        href={settings.influencerPortalUrl}
        {...NEW_TAB_PROPS}
        variant="default"
        size="lg"
        hiddenFrom="md"
        aria-label="Influencer portal (opens in a new tab)"
        title="Influencer portal"
      >
        <IconSpeakerphone size={20} aria-hidden />
      </ActionIcon>
      {!onLoginPage && (
        <Button
          component={Link}
          to={paths.login}
          size="sm"
          px="xs"
          variant={onResetPage ? 'default' : 'filled'}
          aria-label="Login instead"
        >
          <ShortOrLong short="Login" long="Login instead" />
        </Button>
      )}
      {(onLoginPage || onResetPage) && (
        <Button component={Link} to={paths.signup} size="sm" px="xs" aria-label="Create new account">
          <ShortOrLong short="New account" long="Create new account" />
        </Button>
      )}
    </Group>
  );
}

export function AuthLayout() {
  const signupStep = useSession((s) => s.signupStep);
  const { pathname } = useLocation();
  // A new page takes the focus to its heading, the page's h1.
  const main = useRouteFocus<HTMLElement>();
  return (
    <div className={classes.root}>
      <header className={classes.header}>
        <Link to={paths.login} className={classes.brand}>
          <img src={logoMark} alt="" width={32} height={32} />
          <span className={classes.brandName}>{settings.productName}</span>
        </Link>
        <div className={classes.centre}>
          {pathname === paths.signup && (
            <Suspense fallback={null}>
              <SignupStepper />
            </Suspense>
          )}
        </div>
        <Group gap={6} wrap="nowrap" miw={0}>
          {signupStep >= SIGNUP_STEP.personalInfoSaved ? <ProfileChip /> : <HeaderActions />}
          <ThemeToggle />
        </Group>
      </header>
      <main className={classes.main} ref={main}>
        <Outlet />
      </main>
    </div>
  );
}
