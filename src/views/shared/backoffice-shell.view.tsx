import type { ReactNode } from 'react';
import { RequireSession } from './require-session.view';
import { BackOfficeLayout } from './backoffice-layout';
import type { BackOfficeBase } from './navigation';

/**
 * The guarded frame of /admin and /backoffice, mounted once around their child routes so the
 * session is checked when the area opens, not on every click in the sidebar.
 */
export function BackOfficeShell({ base, children }: { base: BackOfficeBase; children: ReactNode }) {
  return (
    <RequireSession admin={base === 'admin'}>
      <BackOfficeLayout base={base}>{children}</BackOfficeLayout>
    </RequireSession>
  );
}
