import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { NotFound } from './components/not-found';
import { PageLoader } from './components/page-loader';
import { RouteErrorBoundary } from './components/route-error-boundary';
import { accessibleColors, theme } from './theme';
import type { BackOfficeBase } from './views/shared/backoffice-area.view';
import { isPlaceholderScreen } from './views/shared/navigation';
import type { OnboardingStep } from './views/onboarding/onboarding-area.view';
import type { InsightsScreen } from './views/insights/insights-area.view';
import type { TerritoriesScreen } from './views/territories/territories-area.view';

// One lazy chunk per area, so the landing page never downloads the back office.
// Type-only imports above are erased and do not pull those chunks into the entry.
const LandingView = lazy(() => import('./views/leads/landing.view').then((m) => ({ default: m.LandingView })));
const AuthArea = lazy(() => import('./views/accounts/auth-area.view').then((m) => ({ default: m.AuthArea })));
const OnboardingArea = lazy(() => import('./views/onboarding/onboarding-area.view').then((m) => ({ default: m.OnboardingArea })));
const BackOfficeArea = lazy(() => import('./views/shared/backoffice-area.view').then((m) => ({ default: m.BackOfficeArea })));
// The guarded frames (session check, layout) are lazy too: the entry, which the landing page
// loads, carries no session code.
const BackOfficeShell = lazy(() => import('./views/shared/backoffice-shell.view').then((m) => ({ default: m.BackOfficeShell })));
const OnboardingShell = lazy(() => import('./views/onboarding/onboarding-shell.view').then((m) => ({ default: m.OnboardingShell })));
// Each back-office area is its own chunk, loaded when one of its screens opens (the layout's Suspense waits).
const MenuArea = lazy(() => import('./views/menu/menu-area.view').then((m) => ({ default: m.MenuArea })));
const SurveyArea = lazy(() => import('./views/survey/survey-area.view').then((m) => ({ default: m.SurveyArea })));
const LeadsArea = lazy(() => import('./views/leads/leads-area.view').then((m) => ({ default: m.LeadsArea })));
const TerritoriesArea = lazy(() => import('./views/territories/territories-area.view').then((m) => ({ default: m.TerritoriesArea })));
// The insight screens carry the charts (recharts), the heaviest chunk: only they load it.
const InsightsArea = lazy(() => import('./views/insights/insights-area.view').then((m) => ({ default: m.InsightsArea })));
// The Store screen edits the onboarding's steps after launch (issue 29): the onboarding area's own chunk.
// Its Taxes and Tips sections are the ordering area's (issue 43), handed to it here, where areas meet.
const StoreSettings = lazy(() =>
  Promise.all([import('./views/onboarding/store-settings.view'), import('./views/ordering/store-money')]).then(([store, money]) => ({
    default: () => <store.StoreSettingsView extraSections={money.MONEY_SECTIONS} />,
  })),
);
// The live order board (issue 30): the ordering area's own chunk.
const OrderBoard = lazy(() => import('./views/ordering/order-board.view').then((m) => ({ default: m.OrderBoardView })));
// Every past order (issue 40): the same area, its own chunk.
const OrderHistory = lazy(() => import('./views/ordering/order-history.view').then((m) => ({ default: m.OrderHistoryView })));
// What each day brought in (issue 43): the same area, its own chunk, with its chart.
const Money = lazy(() => import('./views/ordering/money.view').then((m) => ({ default: m.MoneyView })));
// A restaurant's coupons (issue 43): the same area, its own chunk.
const Coupons = lazy(() => import('./views/ordering/coupons.view').then((m) => ({ default: m.CouponsView })));
// The restaurant's feed (issue 45): the same area, its own chunk.
const Notifications = lazy(() => import('./views/ordering/notifications.view').then((m) => ({ default: m.NotificationsView })));
const SurveyAnswers = lazy(() => import('./views/survey/survey-answers.view').then((m) => ({ default: m.SurveyAnswersView })));

/** Who may open an area (spec section 2's "Access" column). */
type Access = 'public' | 'signed-in' | 'admin';

/**
 * The one place an area is wrapped: it waits for the area's chunk. The guards named by
 * `access` live in the lazily loaded shells (OnboardingShell, BackOfficeShell) so that the
 * landing page's entry chunk carries no session code.
 */
function Area(props: { access: Access; children: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{props.children}</Suspense>;
}

const ONBOARDING_STEPS: readonly OnboardingStep[] = ['location', 'about', 'delivery', 'hours', 'additional', 'contacts', 'launch'];
const isOnboardingStep = (value: string): value is OnboardingStep => (ONBOARDING_STEPS as readonly string[]).includes(value);

/** Children of /onboard/:rid (paths are relative to it). */
function OnboardingRoutes({ restaurantId }: { restaurantId: string }) {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/location" replace />
      </Route>
      {/* One route for the seven steps, so the onboarding (and its machine) stays mounted
          from step to step; the step is a prop. Spec: any unknown path redirects to /
          (the site's root, hence "~"). */}
      <Route path="/:step">
        {({ step }) => (isOnboardingStep(step) ? <OnboardingArea restaurantId={restaurantId} step={step} /> : <Redirect to="~/" replace />)}
      </Route>
      <Route>
        <Redirect to="~/" replace />
      </Route>
    </Switch>
  );
}

/** Children shared by /admin and /backoffice (second document, section 2, issue 29's Store and issue 30's Orders); the browser tests visit each. */
export const BACK_OFFICE_SCREENS = [
  'orders',
  'orders/history',
  'dashboard',
  'store',
  'notifications',
  'menu',
  'menu/categories',
  'menu/categories/new',
  'menu/categories/:id/editor',
  'menu/primary-options',
  'menu/toppings',
  'menu/dressings',
  'menu/extra-options',
  'drivers',
  'coupons',
  'messages',
  'reviews',
  'media',
  'customers',
  'money',
  'pos',
  'analytics',
  'support',
] as const;

const isMenuScreen = (screen: string) => screen === 'menu' || screen.startsWith('menu/');

/** Only administrators have these: territories, and the survey answers and any restaurant's demand beside the inbox. */
export const ADMIN_ONLY_SCREENS = ['territories', 'territories/new', 'territories/:id', 'messages/surveys', 'messages/demand'] as const;
const isTerritoriesScreen = (screen: string): screen is TerritoriesScreen => screen === 'territories' || screen.startsWith('territories/');
const INSIGHTS_SCREENS: readonly string[] = ['dashboard', 'analytics', 'drivers', 'customers'] satisfies InsightsScreen[];
const isInsightsScreen = (screen: string): screen is InsightsScreen => INSIGHTS_SCREENS.includes(screen);

function BackOfficeScreen({ base, screen, params }: { base: BackOfficeBase; screen: string; params: Record<string, string | undefined> }) {
  if (isMenuScreen(screen)) return <MenuArea screen={screen} params={params} />;
  if (screen === 'store') return <StoreSettings />;
  if (screen === 'orders') return <OrderBoard />;
  if (screen === 'orders/history') return <OrderHistory />;
  if (screen === 'money') return <Money />;
  if (screen === 'coupons') return <Coupons />;
  if (screen === 'notifications') return <Notifications />;
  if (screen === 'messages' || screen === 'messages/demand') return <LeadsArea base={base} screen={screen} />;
  if (screen === 'messages/surveys') return <SurveyAnswers />;
  if (isTerritoriesScreen(screen)) return <TerritoriesArea screen={screen} params={params} />;
  if (isInsightsScreen(screen)) return <InsightsArea screen={screen} />;
  if (isPlaceholderScreen(screen)) return <BackOfficeArea screen={screen} />;
  // Every screen of the route table is one of the above; an address is never left blank.
  return <NotFound backTo="/menu" backLabel="Go to the menu" />;
}

function BackOfficeRoutes({ base }: { base: BackOfficeBase }) {
  const screens = base === 'admin' ? [...BACK_OFFICE_SCREENS, ...ADMIN_ONLY_SCREENS] : BACK_OFFICE_SCREENS;
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/menu" replace />
      </Route>
      {screens.map((screen) => (
        <Route key={screen} path={`/${screen}`}>
          {(params) => <BackOfficeScreen base={base} screen={screen} params={{ ...params }} />}
        </Route>
      ))}
      <Route>
        <NotFound backTo="/menu" backLabel="Go to the menu" />
      </Route>
    </Switch>
  );
}

/** The complete route table of both specifications. */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Switch>
        <Route path="/">
          <Area access="public">
            <LandingView />
          </Area>
        </Route>

        <Route path="/login">
          <Area access="public">
            <AuthArea screen="login" />
          </Area>
        </Route>
        <Route path="/register">
          <Area access="public">
            <AuthArea screen="register" />
          </Area>
        </Route>
        <Route path="/forgot">
          <Area access="public">
            <AuthArea screen="forgot" />
          </Area>
        </Route>
        <Route path="/reset">
          <Area access="public">
            <AuthArea screen="reset" />
          </Area>
        </Route>
        <Route path="/oauth/complete">
          <Area access="public">
            <AuthArea screen="oauth-complete" />
          </Area>
        </Route>
        <Route path="/terms">
          <Area access="public">
            <AuthArea screen="terms" />
          </Area>
        </Route>
        <Route path="/privacy">
          <Area access="public">
            <AuthArea screen="privacy" />
          </Area>
        </Route>

        <Route path="/surveys/restaurants">
          <Area access="public">
            <SurveyArea />
          </Area>
        </Route>

        <Route path="/onboard/:rid" nest>
          {({ rid }) => (
            <Area access="signed-in">
              <OnboardingShell restaurantId={rid}>
                <OnboardingRoutes restaurantId={rid} />
              </OnboardingShell>
            </Area>
          )}
        </Route>
        <Route path="/admin" nest>
          <Area access="admin">
            <BackOfficeShell base="admin">
              <BackOfficeRoutes base="admin" />
            </BackOfficeShell>
          </Area>
        </Route>
        <Route path="/backoffice" nest>
          <Area access="signed-in">
            <BackOfficeShell base="backoffice">
              <BackOfficeRoutes base="backoffice" />
            </BackOfficeShell>
          </Area>
        </Route>

        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </RouteErrorBoundary>
  );
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={accessibleColors}>
      <AppRoutes />
    </MantineProvider>
  );
}
