/**
 * Navigation for code outside React (the API client's forced logout). The router registers
 * itself here; before it does, a full page load is the safe fallback.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigate(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

/** Leaves the portal for another site's page (Stripe's Checkout): a full page load. */
export function leavePortalFor(url: string): void {
  window.location.assign(url);
}
