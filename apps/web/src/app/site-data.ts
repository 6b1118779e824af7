/**
 * docs/product/routes.md: browsers that block site data cannot keep the session cookie or the feature flags.
 * Some report `cookieEnabled` honestly; others only throw when storage is touched.
 */
export function siteDataAllowed(): boolean {
  if (!navigator.cookieEnabled) return false;
  try {
    const probe = '__site-data-probe__';
    localStorage.setItem(probe, probe);
    localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}
