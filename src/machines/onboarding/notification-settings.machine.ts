import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../../contracts/onboarding';
import { loadNotificationSettings, saveNotificationSettings } from '../../services/onboarding/notification-settings';
import { errorText } from '../../services/shared/error-text';

/**
 * The Store screen's Notifications section (issue 40): one switch, saved as soon as it is
 * flipped. The switch shows the new value at once; a refused save puts the old one back and
 * says why.
 *
 *   loading --done--> ready ; --error--> loadFailed --section.retry--> loading
 *   ready --notifications.change--> saving --done--> ready ; --error--> ready (the old value, the error)
 *
 * Tags: `loading`, `loadFailed`, `ready`, `saving`.
 */
export type NotificationSettingsEvent = { type: 'notifications.change'; settings: NotificationSettings } | { type: 'section.retry' };

export type NotificationSettingsContext = {
  restaurantId: number;
  settings: NotificationSettings;
  /** What the server holds, put back when a save is refused. */
  saved: NotificationSettings;
  error: string | null;
};

export const NOTIFICATIONS_SAVE_FAILED = 'Your change was not saved: ';

export const notificationSettingsMachine = setup({
  types: { input: {} as { restaurantId: number }, context: {} as NotificationSettingsContext, events: {} as NotificationSettingsEvent },
  actors: {
    loadNotificationSettings: fromPromise<NotificationSettings, { restaurantId: number }>(({ input }) => loadNotificationSettings(input)),
    saveNotificationSettings: fromPromise<NotificationSettings, { restaurantId: number; settings: NotificationSettings }>(({ input }) =>
      saveNotificationSettings(input),
    ),
  },
}).createMachine({
  id: 'notificationSettings',
  context: ({ input }) => ({ restaurantId: input.restaurantId, settings: DEFAULT_NOTIFICATION_SETTINGS, saved: DEFAULT_NOTIFICATION_SETTINGS, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadNotificationSettings',
        src: 'loadNotificationSettings',
        input: ({ context }) => ({ restaurantId: context.restaurantId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ settings: event.output, saved: event.output, error: null })) },
        onError: { target: 'loadFailed', actions: assign(({ event }) => ({ error: errorText(event.error, 'The settings could not be loaded.').message })) },
      },
    },
    loadFailed: { tags: ['loadFailed'], on: { 'section.retry': 'loading' } },
    ready: {
      tags: ['ready'],
      on: { 'notifications.change': { target: 'saving', actions: assign(({ event }) => ({ settings: event.settings, error: null })) } },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'saveNotificationSettings',
        src: 'saveNotificationSettings',
        input: ({ context }) => ({ restaurantId: context.restaurantId, settings: context.settings }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ settings: event.output, saved: event.output })) },
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            settings: context.saved,
            error: `${NOTIFICATIONS_SAVE_FAILED}${errorText(event.error, 'Please try again.').message}`,
          })),
        },
      },
    },
  },
});

export type NotificationSettingsMachine = typeof notificationSettingsMachine;
