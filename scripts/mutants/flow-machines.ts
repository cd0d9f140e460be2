// The flow machines the mutation score applies to (issue 17): each flow machine of
// tests/paths/flows.ts and each machine a back-office screen drives, with the files that make it
// up. The name is what `npm run mutants:each -- <name>` takes and what the table prints.
export const FLOW_MACHINES: Record<string, string[]> = {
  registration: ['src/machines/accounts/registration.machine.ts', 'src/machines/accounts/registration.context.ts'],
  'resend-lock': ['src/machines/accounts/resend-lock.machine.ts'],
  login: ['src/machines/accounts/login.machine.ts'],
  'forgot-password': ['src/machines/accounts/forgot-password.machine.ts'],
  'reset-password': ['src/machines/accounts/reset-password.machine.ts'],
  onboarding: ['src/machines/onboarding/onboarding.machine.ts', 'src/machines/onboarding/onboarding.actions.ts'],
  survey: ['src/machines/survey/survey.machine.ts', 'src/machines/survey/survey-form.ts'],
  'survey-answers': ['src/machines/survey/survey-answers.machine.ts'],
  'landing-signup': ['src/machines/leads/landing-signup.machine.ts'],
  'messages-inbox': ['src/machines/leads/messages-inbox.machine.ts'],
  'local-demand': ['src/machines/leads/local-demand.machine.ts'],
  'category-editor': [
    'src/machines/menu/category-editor.machine.ts',
    'src/machines/menu/category-editor.setup.ts',
    'src/machines/menu/category-editor.calls.ts',
    'src/machines/menu/category-editor.context.ts',
    'src/machines/menu/category-editor.edits.ts',
    'src/machines/menu/category-editor.outcomes.ts',
    'src/machines/menu/category-editor.rows.ts',
  ],
  'category-row-queue': ['src/machines/menu/category-row-sync.machine.ts'],
  'category-detail-queue': ['src/machines/menu/category-detail-sync.machine.ts'],
  'menu-upload': ['src/machines/menu/menu-upload.machine.ts'],
  'menu-list': ['src/machines/menu/menu-list.machine.ts'],
  'extra-options': ['src/machines/menu/extra-options.machine.ts'],
  'primary-option-set-editor': ['src/machines/menu/primary-option-set-editor.machine.ts'],
  'territory-editor': ['src/machines/territories/territory-editor.machine.ts', 'src/machines/territories/territory-editor.edits.ts'],
  'general-stats': ['src/machines/insights/general-stats.machine.ts', 'src/machines/insights/restaurant-loader.ts'],
  'menu-dashboard': ['src/machines/insights/menu-dashboard.machine.ts', 'src/machines/insights/restaurant-loader.ts'],
  analytics: ['src/machines/insights/analytics.machine.ts', 'src/machines/insights/restaurant-loader.ts'],
  cart: ['src/machines/ordering/cart.machine.ts', 'src/machines/ordering/cart-lines.ts'],
  checkout: ['src/machines/ordering/checkout.machine.ts', 'src/machines/ordering/checkout-rules.ts', 'src/machines/ordering/checkout-money.ts'],
};

/** Where `npm run mutants:each` keeps one report per machine; the table reads them beside the last full run's. */
export const MACHINE_REPORTS = 'reports/mutation/machines';
export const FULL_REPORT = 'reports/mutation/mutation.json';
