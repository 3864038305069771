import { isAdminRole, SIGNUP_STEP } from '@portal/contract';
import { Navigate, Outlet, useLocation, useNavigation, useParams } from 'react-router';
import { dashboardPath, paths } from '@/config/paths';
import { loginPathReturningTo, returnPathIn } from '@/lib/return-path';
import { isSignedIn, useSession } from '@/stores/session-store';

/**
 * A guard only redirects once no navigation is under way: logging in and logging out change the
 * session and then navigate (login-form.tsx, end-session.ts), and a redirect of the guard's own
 * in between would win over theirs, or show a page the visitor is just leaving.
 */
function useNavigationUnderWay(): boolean {
  return useNavigation().state !== 'idle';
}

/**
 * A signed-out visitor goes to the login page, which leads back here after logging in; a user
 * who has just logged out goes to the plain login page (they chose to leave).
 */
function ToLogin() {
  const location = useLocation();
  const loggedOut = useSession((s) => s.loggedOut);
  if (useNavigationUnderWay()) return null;
  return <Navigate to={loggedOut ? paths.login : loginPathReturningTo(paths.login, location)} replace />;
}

/**
 * Customer routes want a signed-in user whose type is not 1, admin routes one whose type is 1
 * (docs/product/accounts.md, Roles): anyone signed out goes to the login page, a user of the
 * other role to their own dashboard.
 */
export function RequireRole({ role }: { role: 'customer' | 'admin' }) {
  const signedIn = useSession(isSignedIn);
  const roleId = useSession((s) => s.user?.type);
  const underWay = useNavigationUnderWay();
  if (!signedIn) return <ToLogin />;
  if (isAdminRole(roleId) === (role === 'admin')) return <Outlet />;
  return underWay ? null : <Navigate to={dashboardPath(roleId)} replace />;
}

/** Pages for any signed-in user, customer or administrator (a receipt); anyone else goes to the login page. */
export function RequireSignedIn() {
  const signedIn = useSession(isSignedIn);
  return signedIn ? <Outlet /> : <ToLogin />;
}

/**
 * The login and sign-up pages send a signed-in user on: back to the page the login page was
 * asked to return to (`?redirect=`, a path of the portal only), else to their dashboard.
 */
export function RedirectSignedIn() {
  const signedIn = useSession(isSignedIn);
  const roleId = useSession((s) => s.user?.type);
  const { pathname, search } = useLocation();
  const underWay = useNavigationUnderWay();
  // Saving billing signs the new customer in (step 4); sign-up still shows "Your Account is
  // ready!" with its button to the dashboard. The step is not stored, so a reload redirects.
  const justSignedUp = useSession((s) => s.signupStep === SIGNUP_STEP.complete) && pathname === paths.signup;
  // While the login form's own navigation runs, the page it leaves stays as it is.
  if (!signedIn || justSignedUp || underWay) return <Outlet />;
  return <Navigate to={returnPathIn(search) ?? dashboardPath(roleId)} replace />;
}

/** docs/product/accounts.md, Public pages: /reset-password/:linkhash redirects to the password-setup route. */
export function ResetPasswordRedirect() {
  const { linkhash = '' } = useParams();
  return <Navigate to={paths.passwordSetup.to(linkhash)} replace />;
}
