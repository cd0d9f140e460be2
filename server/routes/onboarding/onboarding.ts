import type { Struct } from 'superstruct';
import { json, refusal } from '../../../contracts/shared/answers';
import { IdParams } from '../../../contracts/shared/lists';
import { OnboardingStartResponse } from '../../../contracts/shared/session';
import {
  aboutStep,
  hoursStep,
  LaunchResponse,
  NotificationSettings,
  ONBOARDING_STEP_BODIES,
  ONBOARDING_STEP_NAMES,
  OnboardingStatus,
  type OnboardingStepAnswers,
  type OnboardingStepName,
} from '../../../contracts/onboarding';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { launchOnboarding, onboardingStatus, readStep, saveStep, startOnboarding, type OnboardingAccess } from '../../domain/onboarding/onboarding';
import { readNotificationSettings, saveNotificationSettings } from '../../domain/onboarding/notification-settings';
import type { StepBodies } from '../../domain/onboarding/onboarding-steps';
import { scopeOf } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import type { ContractApp } from '../../plugins/contract-types';

export async function onboardingRoutes(app: ContractApp, context: AppContext) {
  const db = context.database.db;
  const access = (request: { params: { id: number } } & Parameters<typeof signedInUser>[0]): OnboardingAccess => ({
    restaurantId: request.params.id,
    userId: signedInUser(request).id,
  });
  // A step's GET and PUT also let administrators in (the Store screen under /admin, issue 29);
  // status and launch stay the owner's.
  const settingsAccess = (request: { params: { id: number } } & Parameters<typeof signedInUser>[0]): OnboardingAccess => ({
    ...access(request),
    scope: scopeOf(signedInUser(request)),
  });
  // The slug's message names the host the store URL lives under (spec: 'Please set your {host} URL.');
  // the special days are counted from the app clock's today (issue 29).
  const bodies: { [S in OnboardingStepName]: Struct<StepBodies[S], unknown> } = {
    ...ONBOARDING_STEP_BODIES,
    about: aboutStep(new URL(context.config.publicUrl).host),
    hours: hoursStep(context.clock),
  };

  app.post(
    `${API_BASE}${paths.onboarding.start}`,
    {
      schema: { response: { 200: json(OnboardingStartResponse, "The caller's restaurant being set up (made on first call).") } },
      preValidation: app.requireUser,
    },
    async (request) => (await startOnboarding(db, signedInUser(request).id)) satisfies OnboardingStartResponse,
  );

  app.get(
    `${API_BASE}${paths.onboarding.status(':id')}`,
    {
      schema: { params: IdParams, response: { 200: json(OnboardingStatus, 'Which steps are saved, and whether the restaurant is launched.') } },
      preValidation: app.requireUser,
    },
    async (request) => (await onboardingStatus(db, access(request))) satisfies OnboardingStatus,
  );

  // A step's body is checked by its own contract (bodies[step]); to the types, `step` is any step and
  // the body any step's body, which saveStep takes as they come: no cast ties one to the other.
  const stepRoutes = (step: OnboardingStepName) => {
    const url = `${API_BASE}${paths.onboarding.step(':id', step)}`;
    const answer = json(
      ONBOARDING_STEP_BODIES[step],
      "The step's saved answers; a step never saved answers its defaults, whose required fields may be empty.",
      'shape',
    );
    app.get(
      url,
      { schema: { params: IdParams, response: { 200: answer } }, preValidation: app.requireUser },
      async (request) => (await readStep(db, settingsAccess(request), step, context.clock())) satisfies OnboardingStepAnswers[OnboardingStepName],
    );
    const refusals = step === 'about' ? { 409: refusal('The store URL (slug) is taken.') } : {};
    app.put(
      url,
      { schema: { params: IdParams, body: bodies[step], response: { 200: answer, ...refusals } }, preValidation: app.requireUser },
      async (request) => (await saveStep(db, settingsAccess(request), step, request.body, context.clock())) satisfies OnboardingStepAnswers[OnboardingStepName],
    );
  };
  for (const step of ONBOARDING_STEP_NAMES) stepRoutes(step);

  app.post(
    `${API_BASE}${paths.onboarding.launch(':id')}`,
    {
      schema: {
        params: IdParams,
        response: { 200: json(LaunchResponse, 'The restaurant is live.'), 409: refusal('A step is still missing; `fields` names them.') },
      },
      preValidation: app.requireUser,
    },
    async (request) => (await launchOnboarding(db, access(request), context.clock())) satisfies LaunchResponse,
  );

  // The Notifications section of the Store screen (issue 40): whether new orders are mailed.
  const notificationsUrl = `${API_BASE}${paths.restaurantSettings(':id', 'notifications')}`;
  const notifications = json(NotificationSettings, "The restaurant's notification settings; never saved, the defaults (new order mail on).");
  app.get(
    notificationsUrl,
    { schema: { params: IdParams, response: { 200: notifications } }, preValidation: app.requireUser },
    async (request) => (await readNotificationSettings(db, settingsAccess(request))) satisfies NotificationSettings,
  );
  app.put(
    notificationsUrl,
    { schema: { params: IdParams, body: NotificationSettings, response: { 200: notifications } }, preValidation: app.requireUser },
    async (request) => (await saveNotificationSettings(db, settingsAccess(request), request.body, context.clock())) satisfies NotificationSettings,
  );
}
