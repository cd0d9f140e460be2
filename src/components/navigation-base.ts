/** Which back office: administrators' (/admin) or an owner's (/backoffice). */
export type BackOfficeBase = 'admin' | 'backoffice';

/**
 * The spec's base-path rule (first document, section 2): /admin when the path starts with it,
 * /backoffice when it starts with that, otherwise /admin for superadmins and /backoffice for
 * everyone else. Shared by every link into the back office from outside it (the landing page's
 * header, the onboarding's launched redirect), so they agree; kept free of imports because the
 * landing page's entry loads it.
 */
export function navigationBase(pathname: string, user: { is_superadmin: boolean } | null): BackOfficeBase {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin';
  if (pathname === '/backoffice' || pathname.startsWith('/backoffice/')) return 'backoffice';
  return user?.is_superadmin ? 'admin' : 'backoffice';
}
