import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Button, Paper, Switch, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Spinner } from '../../components/spinner';
import { notificationSettingsMachine, type NotificationSettingsMachine } from '../../machines/onboarding/notification-settings.machine';
import { FailureAlert } from './onboarding-step-frame';
import onboarding from './onboarding.module.css';
import classes from './store-settings.module.css';

export const NOTIFICATIONS_TITLE = 'Notifications';
export const NEW_ORDER_MAIL_LABEL = 'Mail me every new order';

/**
 * The Store screen's Notifications section (issue 40): whether every new order is mailed to the
 * restaurant. Saved as soon as the switch is flipped (one choice needs no Save button); a refused
 * save puts the switch back and says why.
 */
export function StoreNotificationsSection({
  restaurantId,
  machine = notificationSettingsMachine,
}: {
  restaurantId: number;
  machine?: NotificationSettingsMachine;
}) {
  const [state, send] = useMachine(machine, { input: { restaurantId } });
  const { settings, error } = state.context;
  const saving = state.hasTag('saving');
  let body;
  if (state.hasTag('loading')) {
    body = <Spinner label="Loading notifications" />;
  } else if (state.hasTag('loadFailed')) {
    body = (
      <FailureAlert title="We couldn't load notifications">
        <Text inherit mb="sm">
          {error}
        </Text>
        <Button size="sm" variant="default" onClick={() => send({ type: 'section.retry' })}>
          Try again
        </Button>
      </FailureAlert>
    );
  } else {
    body = (
      <>
        <Switch
          label={NEW_ORDER_MAIL_LABEL}
          checked={settings.new_order_mail}
          disabled={saving}
          onChange={(event) => send({ type: 'notifications.change', settings: { ...settings, new_order_mail: event.currentTarget.checked } })}
        />
        <Text role="alert" size="sm" c="red.8">
          {error ?? ''}
        </Text>
      </>
    );
  }
  return (
    <Paper component="section" aria-labelledby="store-notifications-title" className={onboarding.card} id="store-notifications">
      <div className={classes.body}>
        <div>
          <Title order={2} id="store-notifications-title" tabIndex={-1} className={classes.title}>
            {NOTIFICATIONS_TITLE}
          </Title>
          <Text c="dimmed" size="sm">
            How you hear about new orders. The mail goes to the contact email under Contacts, or to your sign-in email while that is empty.
          </Text>
        </div>
        {body}
      </div>
    </Paper>
  );
}
