/**
 * Every flow a tester can list, run and measure with `npm run paths` (docs/testing.md): its
 * model, the happy-dom test file that runs its paths through the real view, the Chromium test file
 * that replays them (when there is one), and the real machines whose transitions its runs take.
 * A model in tests/models that is missing here fails tests/paths/flows.test.ts.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { TestModel } from 'xstate/graph';
import { forgotPasswordMachine } from '#src/machines/accounts/forgot-password.machine';
import { loginMachine } from '#src/machines/accounts/login.machine';
import { registrationMachine } from '#src/machines/accounts/registration.machine';
import { resendLockMachine } from '#src/machines/accounts/resend-lock.machine';
import { resetPasswordMachine } from '#src/machines/accounts/reset-password.machine';
import { analyticsMachine } from '#src/machines/insights/analytics.machine';
import { generalStatsMachine } from '#src/machines/insights/general-stats.machine';
import { menuDashboardMachine } from '#src/machines/insights/menu-dashboard.machine';
import { landingSignupMachine } from '#src/machines/leads/landing-signup.machine';
import { localDemandMachine } from '#src/machines/leads/local-demand.machine';
import { messagesInboxMachine } from '#src/machines/leads/messages-inbox.machine';
import { categoryEditorMachine } from '#src/machines/menu/category-editor.machine';
import { menuUploadMachine } from '#src/machines/menu/menu-upload.machine';
import { notificationsMachine } from '#src/machines/ordering/notifications.machine';
import { onboardingMachine } from '#src/machines/onboarding/onboarding.machine';
import { surveyAnswersMachine } from '#src/machines/survey/survey-answers.machine';
import { surveyMachine } from '#src/machines/survey/survey.machine';
import { territoryEditorMachine } from '#src/machines/territories/territory-editor.machine';
import { forgotModel } from '../models/accounts/forgot-password.model';
import { loginModel } from '../models/accounts/login.model';
import { registrationModel } from '../models/accounts/registration.model';
import { RESET_JSDOM_ONLY, resetModel } from '../models/accounts/reset-password.model';
import { analyticsModel, generalStatsModel, menuDashboardModel } from '../models/insights/insights.model';
import { landingSignupModel } from '../models/leads/landing-signup.model';
import { localDemandModel } from '../models/leads/local-demand.model';
import { inboxModel } from '../models/leads/messages-inbox.model';
import { categoryEditModel, categoryNewAdminModel, categoryNewModel } from '../models/menu/category-editor.model';
import { menuUploadModel } from '../models/menu/menu-upload.model';
import { onboardingModel } from '../models/onboarding/onboarding.model';
import { notificationsModel } from '../models/ordering/notifications.model';
import { surveyAnswersModel } from '../models/survey/survey-answers.model';
import { surveyModel } from '../models/survey/survey.model';
import { territoryEditorModel } from '../models/territories/territory-editor.model';
import { modelFlow, namedPaths, plannedPaths, runsAsWalks } from '../support/model-paths';

export interface Flow {
  /** As testers type it: `npm run paths -- <flow> <path name>`. */
  name: string;
  /** The names of what its tests run (its walks, or its shortest paths), in the order they run them. */
  pathNames: () => string[];
  /** What its tests run, with each run's events and the model state it ends in. */
  planned: () => { name: string; events: string[]; target: string }[];
  /** Whether its tests run covering walks (the model is marked `runAsWalks`) rather than one path per transition. */
  walks: boolean;
  /** The names of the model's shortest paths (one per transition, prefixes dropped): `--shortest` runs one. */
  shortestNames: () => string[];
  /** The happy-dom test file (Vitest project "web") that runs every path of the model. */
  view: string;
  /** The Chromium test file that replays the model, if any. */
  browser?: string;
  /** Events no real server produces, with why: the Chromium file leaves their paths to happy-dom. */
  domOnly?: Readonly<Record<string, string>>;
  /** The real machines behind the screen: `--coverage` holds each to 95 % of its transitions. */
  machines: AnyStateMachine[];
}

function flow<S extends AnyMachineSnapshot, E extends EventObject>(
  model: TestModel<S, E, unknown>,
  view: string,
  machines: AnyStateMachine[],
  browser?: string,
  domOnly?: Readonly<Record<string, string>>,
): Flow {
  const planned = () => plannedPaths(model).map(({ name, events, target }) => ({ name, events, target }));
  return {
    name: modelFlow(model),
    pathNames: () => planned().map((path) => path.name),
    planned,
    walks: runsAsWalks(model),
    shortestNames: () => namedPaths(model).map((path) => path.name),
    view,
    machines,
    ...(browser ? { browser } : {}),
    ...(domOnly ? { domOnly } : {}),
  };
}

export const FLOWS: readonly Flow[] = [
  flow(
    registrationModel,
    'tests/views/accounts/register.view.test.tsx',
    [registrationMachine, resendLockMachine],
    'tests/e2e/accounts-register-paths.e2e.test.ts',
  ),
  flow(loginModel, 'tests/views/accounts/login.view.test.tsx', [loginMachine], 'tests/e2e/accounts-login.e2e.test.ts'),
  flow(forgotModel, 'tests/views/accounts/forgot.view.test.tsx', [forgotPasswordMachine, resendLockMachine], 'tests/e2e/accounts-forgot-paths.e2e.test.ts'),
  flow(resetModel, 'tests/views/accounts/reset.view.test.tsx', [resetPasswordMachine], 'tests/e2e/accounts-reset-paths.e2e.test.ts', RESET_JSDOM_ONLY),
  flow(onboardingModel, 'tests/views/onboarding/onboarding.view.test.tsx', [onboardingMachine], 'tests/e2e/onboarding-paths.e2e.test.ts'),
  flow(surveyModel, 'tests/views/survey/survey.view.test.tsx', [surveyMachine], 'tests/e2e/survey-paths.e2e.test.ts'),
  flow(surveyAnswersModel, 'tests/views/survey/survey-answers.view.test.tsx', [surveyAnswersMachine], 'tests/e2e/survey-answers-paths.e2e.test.ts'),
  flow(landingSignupModel, 'tests/views/leads/landing.view.test.tsx', [landingSignupMachine], 'tests/e2e/landing-signup.e2e.test.ts'),
  flow(inboxModel, 'tests/views/leads/messages-inbox.view.test.tsx', [messagesInboxMachine], 'tests/e2e/messages-inbox-paths.e2e.test.ts'),
  flow(localDemandModel, 'tests/views/leads/local-demand.view.test.tsx', [localDemandMachine], 'tests/e2e/local-demand-paths.e2e.test.ts'),
  flow(categoryEditModel, 'tests/views/menu/category-editor.view.test.tsx', [categoryEditorMachine], 'tests/e2e/menu-editor-paths.e2e.test.ts'),
  flow(categoryNewModel, 'tests/views/menu/category-editor.view.test.tsx', [categoryEditorMachine], 'tests/e2e/menu-editor-new-paths.e2e.test.ts'),
  flow(categoryNewAdminModel, 'tests/views/menu/category-editor.view.test.tsx', [categoryEditorMachine], 'tests/e2e/menu-editor-new-paths.e2e.test.ts'),
  flow(menuUploadModel, 'tests/views/menu/menu-upload.view.test.tsx', [menuUploadMachine], 'tests/e2e/menu-upload-paths.e2e.test.ts'),
  flow(
    territoryEditorModel,
    'tests/views/territories/territory-editor.view.test.tsx',
    [territoryEditorMachine],
    'tests/e2e/territory-editor-paths.e2e.test.ts',
  ),
  flow(menuDashboardModel, 'tests/views/insights/insights.view.test.tsx', [menuDashboardMachine], 'tests/e2e/insights-paths.e2e.test.ts'),
  flow(analyticsModel, 'tests/views/insights/insights.view.test.tsx', [analyticsMachine], 'tests/e2e/insights-paths.e2e.test.ts'),
  flow(generalStatsModel, 'tests/views/insights/insights.view.test.tsx', [generalStatsMachine], 'tests/e2e/insights-paths.e2e.test.ts'),
  flow(notificationsModel, 'tests/views/ordering/notifications.view.test.tsx', [notificationsMachine]),
];

/** The flow called `name`, or undefined. */
export function findFlow(name: string): Flow | undefined {
  return FLOWS.find((candidate) => candidate.name === name);
}

/** Every real machine some flow's runs exercise, each once. */
export function flowMachines(): AnyStateMachine[] {
  return [...new Map(FLOWS.flatMap((candidate) => candidate.machines).map((machine) => [machine.id, machine])).values()];
}
