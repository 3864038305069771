import {
  IconBell,
  IconChartBar,
  IconCreditCard,
  IconLayoutDashboard,
  IconMessageReport,
  IconReceipt2,
  IconSchool,
  IconSpeakerphone,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { AdvertiserPermission } from '@portal/contract';
import { settings } from '@/config/settings';
import { paths } from '@/config/paths';

export interface MenuItem {
  label: string;
  icon: Icon;
  /** An app route, or an external address (opened in a new tab). */
  to: string;
  external?: boolean;
  /** Shown only to a customer whose role in the current advertiser account allows it (docs/product/teams.md). */
  permission?: AdvertiserPermission;
}

export const CUSTOMER_MENU: MenuItem[] = [
  { label: 'Dashboard', icon: IconLayoutDashboard, to: paths.dashboard },
  { label: 'Campaigns', icon: IconSpeakerphone, to: paths.campaigns },
  { label: 'Analytics', icon: IconChartBar, to: paths.analytics },
  { label: 'Balance', icon: IconCreditCard, to: paths.balance, permission: 'billing.manage' },
  { label: 'Notifications', icon: IconBell, to: paths.notifications },
  { label: 'Team', icon: IconUsersGroup, to: paths.team, permission: 'team.manage' },
  { label: 'My account', icon: IconUserCircle, to: paths.myAccount },
  { label: 'Training Academy', icon: IconSchool, to: settings.trainingAcademyUrl, external: true },
];

export const ADMIN_MENU: MenuItem[] = [
  { label: 'Dashboard', icon: IconLayoutDashboard, to: paths.admin.dashboard },
  { label: 'Campaigns', icon: IconSpeakerphone, to: paths.admin.campaigns },
  { label: 'Analytics', icon: IconChartBar, to: paths.admin.analytics },
  { label: 'Payments', icon: IconReceipt2, to: paths.admin.payments },
  { label: 'Users', icon: IconUsers, to: paths.admin.users },
  { label: 'Decline reasons', icon: IconMessageReport, to: paths.admin.declineReasons },
  { label: 'My account', icon: IconUserCircle, to: paths.admin.myAccount },
];
