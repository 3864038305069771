import {
  IconBell,
  IconChartBar,
  IconCreditCard,
  IconLayoutDashboard,
  IconSchool,
  IconSpeakerphone,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { settings } from '@/config/settings';

export interface MenuItem {
  label: string;
  icon: Icon;
  /** An app route, or an external address (opened in a new tab). */
  to: string;
  external?: boolean;
}

export const CUSTOMER_MENU: MenuItem[] = [
  { label: 'Dashboard', icon: IconLayoutDashboard, to: '/dashboard' },
  { label: 'Campaigns', icon: IconSpeakerphone, to: '/campaigns' },
  { label: 'Analytics', icon: IconChartBar, to: '/analytics' },
  { label: 'Balance', icon: IconCreditCard, to: '/balance' },
  { label: 'Notifications', icon: IconBell, to: '/notifications' },
  { label: 'My account', icon: IconUserCircle, to: '/my-account' },
  { label: 'Training Academy', icon: IconSchool, to: settings.trainingAcademyUrl, external: true },
];

export const ADMIN_MENU: MenuItem[] = [
  { label: 'Dashboard', icon: IconLayoutDashboard, to: '/admin/dashboard' },
  { label: 'Campaigns', icon: IconSpeakerphone, to: '/admin/campaigns' },
  { label: 'Analytics', icon: IconChartBar, to: '/admin/analytics' },
  { label: 'Users', icon: IconUsers, to: '/admin/users' },
  { label: 'My account', icon: IconUserCircle, to: '/admin/my-account' },
];
