import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '#contracts/onboarding';
import { NOTIFICATIONS_SAVE_FAILED, notificationSettingsMachine } from '#src/machines/onboarding/notification-settings.machine';
import { ApiError } from '#src/services/shared/api';
import { provideChecked } from '../../support/contract-double';
import { assertWalksCover } from '../../support/path-coverage';

describe('notification settings machine (issue 40)', () => {
  it('reaches every state and transition', () => {
    assertWalksCover(notificationSettingsMachine, [
      {
        input: { restaurantId: 7 },
        events: [
          { type: 'xstate.done.actor.loadNotificationSettings', output: { new_order_mail: true } },
          { type: 'xstate.error.actor.loadNotificationSettings', error: new Error('HTTP 503') },
          { type: 'section.retry' },
          { type: 'notifications.change', settings: { new_order_mail: false } },
          { type: 'xstate.done.actor.saveNotificationSettings', output: { new_order_mail: false } },
          { type: 'xstate.error.actor.saveNotificationSettings', error: new Error('HTTP 503') },
        ],
      },
    ]);
  });

  it('shows the change at once, keeps it when saved, and puts the saved value back with the reason when refused', async () => {
    const saves: NotificationSettings[] = [];
    let refuse = false;
    const actor = createActor(
      provideChecked(notificationSettingsMachine, {
        actors: {
          loadNotificationSettings: fromPromise<NotificationSettings, { restaurantId: number }>(async () => ({ new_order_mail: true })),
          saveNotificationSettings: fromPromise<NotificationSettings, { restaurantId: number; settings: NotificationSettings }>(async ({ input }) => {
            saves.push(input.settings);
            if (refuse) throw new ApiError('Not found', { status: 404, code: 'not_found' });
            return input.settings;
          }),
        },
      }),
      { input: { restaurantId: 7 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'notifications.change', settings: { new_order_mail: false } });
    expect(actor.getSnapshot().context.settings).toEqual({ new_order_mail: false });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    refuse = true;
    actor.send({ type: 'notifications.change', settings: { new_order_mail: true } });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    expect(actor.getSnapshot().context.settings).toEqual({ new_order_mail: false });
    expect(actor.getSnapshot().context.error).toMatch(new RegExp(`^${NOTIFICATIONS_SAVE_FAILED}`));
    expect(saves).toEqual([{ new_order_mail: false }, { new_order_mail: true }]);
  });
});
