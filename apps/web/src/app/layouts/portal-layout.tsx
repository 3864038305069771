import { ActionIcon, Badge, Drawer, Title, VisuallyHidden } from '@mantine/core';
import { roleAllows } from '@portal/contract';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { isAdminRole } from '@portal/contract';
import { IconExternalLink, IconMenu2 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import logoMark from '@/assets/logo-mark.svg';
import { NEW_TAB_PROPS, NewTabHint } from '@/components/external-link';
import { ThemeToggle } from '@/components/theme-toggle';
import { dashboardPath, paths } from '@/config/paths';
import { settings } from '@/config/settings';
import { shouldShowWelcomeVideo } from '@/features/account/utils/welcome-video';
import { useUnreadCount } from '@/features/notifications/api/notifications';
import { useNotificationStream } from '@/features/notifications/hooks/use-notification-stream';
import { AccountSwitcher } from '@/features/teams/components/account-switcher';
import { useCurrentMembership } from '@/lib/membership';
import { unreadCountLabel } from '@/features/notifications/utils/unread-count';
import { pageTitleFromPath } from '@/lib/page-title';
import { invalidate, staleAfter } from '@/lib/query-keys';
import { useRouteFocus } from '@/lib/use-route-focus';
import { sessionStore, useSession } from '@/stores/session-store';
import { ADMIN_MENU, CUSTOMER_MENU, type MenuItem } from './menus';
import classes from './portal-layout.module.css';

const DESKTOP_QUERY = '(min-width: 991px)';

// Loaded only for the one visit that shows it.
const WelcomeVideoModal = lazy(() =>
  import('@/features/account/components/welcome-video-modal').then((module) => ({ default: module.WelcomeVideoModal })),
);

function MainMenu({
  items,
  unread,
  onNavigate,
}: {
  items: MenuItem[];
  /** The unread count shown next to Notifications while it is above 0. */
  unread: number;
  onNavigate?: () => void;
}) {
  return (
    <ul className={classes.menu}>
      {items.map(({ label, icon: Icon, to, external }) => (
        <li key={label}>
          {external ? (
            <a href={to} {...NEW_TAB_PROPS} className={classes.link}>
              <Icon size={22} aria-hidden />
              <span className={classes.label}>
                {label} <IconExternalLink size={14} aria-hidden />
              </span>
              <NewTabHint />
            </a>
          ) : (
            <NavLink to={to} className={classes.link} onClick={onNavigate}>
              <Icon size={22} aria-hidden />
              <span className={classes.label}>{label}</span>
              {to === paths.notifications && unread > 0 && (
                <Badge size="sm" classNames={{ root: classes.count, label: classes.countLabel }}>
                  {unreadCountLabel(unread)}
                  <VisuallyHidden> unread</VisuallyHidden>
                </Badge>
              )}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

/** docs/product/accounts.md: customers see that this is a beta, and whom to write to. */
function BetaBanner() {
  return (
    <section aria-label="Beta notice" className={classes.banner}>
      This is a beta version of {settings.productName}. Questions or problems? Write to{' '}
      <a href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a>.
    </section>
  );
}

export function PortalLayout() {
  const { pathname } = useLocation();
  const roleId = useSession((s) => s.user?.type);
  const isAdmin = isAdminRole(roleId);
  // Decided once per sign-in: closing the modal stores the flag, and the modal closes itself.
  const [welcome] = useState(() => !isAdmin && shouldShowWelcomeVideo(sessionStore.getState()));
  // A customer's menu leaves out what their role in the current account does not allow.
  const { membership } = useCurrentMembership();
  const menu = isAdmin
    ? ADMIN_MENU
    : CUSTOMER_MENU.filter((item) => !item.permission || (membership && roleAllows(membership.role, item.permission)));
  const queryClient = useQueryClient();
  // A review decision, a new submission or a payment changes the campaigns shown: they reload.
  useNotificationStream(true, (notification) => {
    if (!notification.campaign) return;
    void invalidate(queryClient, staleAfter.campaignNotified());
  });
  // Only the customer's menu lists Notifications; administrators read theirs on the dashboard.
  const unread = useUnreadCount(!isAdmin).data ?? 0;
  const title = pageTitleFromPath(pathname);
  // A new page takes the focus to its title, the top bar's heading.
  const titleRef = useRouteFocus<HTMLHeadingElement>();

  const isDesktop = useMediaQuery(DESKTOP_QUERY, window.matchMedia(DESKTOP_QUERY).matches);
  const [pinned, setPinned] = useState(false);
  const [drawerOpened, drawer] = useDisclosure(false);

  const menuToggle = (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Toggle menu"
      aria-expanded={isDesktop ? pinned : drawerOpened}
      onClick={() => (isDesktop ? setPinned((p) => !p) : drawer.toggle())}
    >
      <IconMenu2 size={20} aria-hidden />
    </ActionIcon>
  );

  return (
    // Inside the router so that dialogs opened through `modals` can use links and navigation;
    // they lock page scrolling while open (Mantine's default, kept on purpose).
    <ModalsProvider>
      <div className={classes.shell} data-pinned={(isDesktop && pinned) || undefined}>
        <title>{title}</title>
        <a href="#main-content" className={classes.skipLink}>
          Skip to main content
        </a>

        <nav aria-label="Main menu" className={classes.sidebar}>
          <Link to={dashboardPath(roleId)} className={classes.brand}>
            <img src={logoMark} alt="" width={40} height={40} />
            <span className={classes.label}>{settings.productName}</span>
          </Link>
          <MainMenu items={menu} unread={unread} />
        </nav>

        <div className={classes.content}>
          <header className={classes.topbar}>
            {isDesktop ? menuToggle : <nav aria-label="Main menu">{menuToggle}</nav>}
            <Title order={1} size="h3" className={classes.title} ref={titleRef} tabIndex={-1}>
              {title}
            </Title>
            {!isAdmin && <AccountSwitcher />}
            <ThemeToggle />
          </header>
          {!isAdmin && <BetaBanner />}
          <main id="main-content" tabIndex={-1} className={classes.main}>
            <Outlet />
          </main>
        </div>

        {/*
        The drawer belongs to the small layout: widening the window puts the sidebar back. Its
        links are the "Main menu" navigation whose toggle sits in the top bar, so the dialog
        carries that name rather than a second landmark of the same name.
      */}
        <Drawer
          opened={drawerOpened && !isDesktop}
          onClose={drawer.close}
          title="Main menu"
          size={290}
          classNames={{ body: classes.drawerBody }}
        >
          <MainMenu items={menu} unread={unread} onNavigate={drawer.close} />
        </Drawer>

        {/* docs/product/accounts.md: customers get a welcome video on their first login. */}
        {welcome && (
          <Suspense fallback={null}>
            <WelcomeVideoModal />
          </Suspense>
        )}
      </div>
    </ModalsProvider>
  );
}
