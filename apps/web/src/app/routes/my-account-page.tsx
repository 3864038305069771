import { Stack } from '@mantine/core';
import { ApiTokensPanel } from '@/features/api-tokens/components/api-tokens-panel';
import { ReportSchedulesPanel } from '@/features/insights/components/report-schedules-panel';
import { AlertEmailsPanel } from '@/features/account/components/alert-emails-panel';
import { CurrentSession } from '@/features/account/components/current-session';
import { ProfilePanel } from '@/features/account/components/profile-panel';
import { SessionsPanel } from '@/features/account/components/sessions-panel';
import { SignInPanel } from '@/features/account/components/sign-in-panel';
import { TwoFactorPanel } from '@/features/account/components/two-factor-panel';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { SharedLinksPanel } from '@/features/sharing/components/shared-links-panel';
import { MembershipsPanel } from '@/features/teams/components/memberships-panel';

/**
 * My account (customers and admins alike): the account feature's profile, a customer's advertiser
 * accounts (the teams feature), which alerts are e-mailed, sign-in details, two-factor sign-in and
 * session, with the auth feature's logout in the session footer, and every other signed-in device.
 */
export function MyAccountPage() {
  return (
    <Stack gap="lg">
      <ProfilePanel />
      <MembershipsPanel />
      <SharedLinksPanel />
      <AlertEmailsPanel />
      <ReportSchedulesPanel />
      <SignInPanel />
      <TwoFactorPanel />
      <CurrentSession action={<LogoutButton />} />
      <SessionsPanel />
      <ApiTokensPanel />
    </Stack>
  );
}
