import { AnalyticsView } from './analytics.view';
import { CustomersView } from './customers.view';
import { DriversView } from './drivers.view';
import { MenuDashboardView } from './menu-dashboard.view';

export type InsightsScreen = 'dashboard' | 'analytics' | 'drivers' | 'customers';

/**
 * The insight screens, loaded lazily with their charts (recharts) so no other page pays for them.
 * Owners see their active restaurant's figures; administrators the chosen restaurant's, else the platform's.
 */
export function InsightsArea({ screen }: { screen: InsightsScreen }) {
  if (screen === 'dashboard') return <MenuDashboardView />;
  if (screen === 'analytics') return <AnalyticsView />;
  if (screen === 'drivers') return <DriversView />;
  return <CustomersView />;
}
