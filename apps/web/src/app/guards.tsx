import { isAdminRole, SIGNUP_STEP } from '@portal/contract';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { dashboardPath, paths } from '@/config/paths';
import { isSignedIn, useSession } from '@/stores/session-store';

/**
 * Customer routes want a signed-in user whose type is not 1, admin routes one whose type is 1;
 * anyone else goes to / (docs/product/accounts.md, Roles).
 */
export function RequireRole({ role }: { role: 'customer' | 'admin' }) {
  const signedIn = useSession(isSignedIn);
  const roleId = useSession((s) => s.user?.type);
  const allowed = signedIn && isAdminRole(roleId) === (role === 'admin');
  return allowed ? <Outlet /> : <Navigate to={paths.login} replace />;
}

/** Pages for any signed-in user, customer or administrator (a receipt); anyone else goes to /. */
export function RequireSignedIn() {
  const signedIn = useSession(isSignedIn);
  return signedIn ? <Outlet /> : <Navigate to={paths.login} replace />;
}

/** The login and sign-up pages send a signed-in user on to their dashboard instead. */
export function RedirectSignedIn() {
  const signedIn = useSession(isSignedIn);
  const roleId = useSession((s) => s.user?.type);
  const { pathname } = useLocation();
  // Saving billing signs the new customer in (step 4); sign-up still shows "Your Account is
  // ready!" with its button to the dashboard. The step is not stored, so a reload redirects.
  const justSignedUp = useSession((s) => s.signupStep === SIGNUP_STEP.complete) && pathname === paths.signup;
  return signedIn && !justSignedUp ? <Navigate to={dashboardPath(roleId)} replace /> : <Outlet />;
}

/** docs/product/accounts.md, Public pages: /reset-password/:linkhash redirects to the password-setup route. */
export function ResetPasswordRedirect() {
  const { linkhash = '' } = useParams();
  return <Navigate to={paths.passwordSetup.to(linkhash)} replace />;
}
