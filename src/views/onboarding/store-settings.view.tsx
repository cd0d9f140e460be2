import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type ComponentType, type FormEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import { FieldsToFix, focusFirstInError, labelsInError } from '../../components/form-errors';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { FORM_STEPS, type FormStep } from '../../machines/onboarding/onboarding-steps';
import {
  selectChanged,
  selectError,
  selectFieldErrors,
  selectForms,
  selectLogoError,
  type StoreSectionMachine,
} from '../../machines/onboarding/store-section.machine';
import { changedSections, storeSettingsMachine, type StoreSettingsMachine } from '../../machines/onboarding/store-settings.machine';
import { isAdmin, useSession } from '../shared/session-context';
import { useStoreLinkRefresh } from '../shared/store-link';
import { useScreen } from '../shared/use-screen';
import { AboutFields } from './onboarding-about.view';
import { AdditionalFields } from './onboarding-additional.view';
import { ContactsFields } from './onboarding-contacts.view';
import { DeliveryFields } from './onboarding-delivery.view';
import { FieldsHeadingLevel } from './onboarding-fields';
import { HoursFields } from './onboarding-hours.view';
import { FIELD_ORDER } from './onboarding-labels';
import { LocationFields } from './onboarding-location.view';
import { StoreNotificationsSection } from './store-notifications';
import { FailureAlert } from './onboarding-step-frame';
import onboarding from './onboarding.module.css';
import classes from './store-settings.module.css';

export const STORE_TITLE = 'Store';

/** Each section's heading, the line under it and its Save button's name. */
const SECTIONS: Record<FormStep, { title: string; intro: string; save: string }> = {
  location: { title: 'Location', intro: 'Where guests and drivers find you.', save: 'Save location' },
  about: { title: 'About and store URL', intro: 'Your name, description, store address and logo.', save: 'Save about' },
  delivery: { title: 'Delivery and pickup', intro: 'Where you deliver, what it costs and how long it takes.', save: 'Save delivery' },
  hours: { title: 'Opening hours', intro: 'When guests can order, and the days that differ.', save: 'Save hours' },
  additional: { title: 'Additional', intro: 'What describes your place; guests filter by these.', save: 'Save additional' },
  contacts: { title: 'Contacts', intro: 'Phone numbers and an email for guests and for us.', save: 'Save contacts' },
};

/**
 * A section another area adds to the Store screen (issue 43: ordering's Taxes and Tips), handed
 * over by src/app.tsx: the screen draws its card, heading and jump link, `Body` the rest.
 */
export type ExtraStoreSection = {
  id: string;
  title: string;
  intro: string;
  Body: ComponentType<{ restaurantId: number }>;
};

/**
 * The Store screen (`/backoffice/store`, `/admin/store`; issue 29): the onboarding's six forms
 * after launch, one section each with its own Save, saved through the same step endpoints.
 * Keyed by the restaurant worked on, so an administrator's new choice starts afresh.
 */
export function StoreSettingsView({
  machine = storeSettingsMachine,
  extraSections = [],
}: {
  machine?: StoreSettingsMachine;
  extraSections?: readonly ExtraStoreSection[];
}) {
  usePageTitle(STORE_TITLE, 'Back office');
  const { user } = useSession();
  return <StoreSettings key={user.active_restaurant_id ?? 'none'} machine={machine} extraSections={extraSections} />;
}

function StoreSettings({ machine, extraSections }: { machine: StoreSettingsMachine; extraSections: readonly ExtraStoreSection[] }) {
  const { user } = useSession();
  const [, , actor] = useMachine(machine, { input: { restaurantId: user.active_restaurant_id, host: window.location.host } });
  const open = useSelector(actor, (snapshot) => snapshot.hasTag('open'));
  const sections = useSelector(actor, (snapshot) => snapshot.context.sections);
  useLeaveWarning(() => changedSections(actor.getSnapshot()).length > 0);
  const restaurantId = user.active_restaurant_id;

  return (
    <Stack gap="lg" maw={880} w="100%">
      <div>
        <Title order={1} size="h2">
          {STORE_TITLE}
        </Title>
        <Text c="dimmed">Your restaurant’s settings. Each section saves on its own; your store page shows a change as soon as it is saved.</Text>
      </div>
      {!open || sections === null ? (
        <Text>
          {isAdmin(user)
            ? 'Choose a restaurant in “Restaurant you work on” to change its store settings.'
            : 'Your restaurant is not set up yet: its settings come from onboarding.'}
        </Text>
      ) : (
        <>
          {isAdmin(user) ? (
            <Text>
              Settings of <strong>{user.active_restaurant_name ?? `Restaurant #${user.active_restaurant_id}`}</strong>, the restaurant you work on.
            </Text>
          ) : null}
          <JumpLinks extra={extraSections} />
          {FORM_STEPS.map((step) => (
            <SettingsSection key={step} step={step} actor={sections[step]} />
          ))}
          {restaurantId === null ? null : (
            <>
              <StoreNotificationsSection restaurantId={restaurantId} />
              {extraSections.map((section) => (
                <ExtraSection key={section.id} section={section} restaurantId={restaurantId} />
              ))}
            </>
          )}
        </>
      )}
    </Stack>
  );
}

const sectionId = (step: FormStep) => `store-${step}`;
const headingId = (step: FormStep) => `store-${step}-title`;

/**
 * The six sections make a long page: links to each, first. A link scrolls to its section and
 * gives the focus to its heading itself, like the skip link, so the address gets no hash.
 */
function JumpLinks({ extra }: { extra: readonly ExtraStoreSection[] }) {
  const links = [
    ...FORM_STEPS.map((step) => ({ id: sectionId(step), heading: headingId(step), title: SECTIONS[step].title })),
    ...extra.map((section) => ({ id: section.id, heading: `${section.id}-title`, title: section.title })),
  ];
  const jump = (id: string, heading: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(id)?.scrollIntoView();
    document.getElementById(heading)?.focus({ preventScroll: true });
  };
  return (
    <nav aria-label="Store sections">
      <ul className={classes.jumps}>
        {links.map((link) => (
          <li key={link.id}>
            <Anchor href={`#${link.id}`} onClick={jump(link.id, link.heading)} size="sm">
              {link.title}
            </Anchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Another area's section, in the same card as the screen's own. */
function ExtraSection({ section, restaurantId }: { section: ExtraStoreSection; restaurantId: number }) {
  const titleId = `${section.id}-title`;
  const { Body } = section;
  return (
    <Paper component="section" aria-labelledby={titleId} className={onboarding.card} id={section.id}>
      <div className={classes.body}>
        <div>
          <Title order={2} id={titleId} tabIndex={-1} className={classes.title}>
            {section.title}
          </Title>
          <Text c="dimmed" size="sm">
            {section.intro}
          </Text>
        </div>
        <Body restaurantId={restaurantId} />
      </div>
    </Paper>
  );
}

/** The browser asks before a page with unsaved sections is closed or reloaded. */
function useLeaveWarning(hasChanges: () => boolean) {
  const latest = useRef(hasChanges);
  latest.current = hasChanges;
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (latest.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
}

type SectionActor = ActorRefFrom<StoreSectionMachine>;

/**
 * What the machine tells a section to do once: "Saved" said politely (and a fresh store link
 * after the about section), or the focus moved to the first field in error, else to the alert.
 */
function useSectionEffects(actor: SectionActor, formRef: RefObject<HTMLFormElement | null>) {
  const [announced, setAnnounced] = useState(false);
  const refreshStoreLink = useStoreLinkRefresh();
  useScreen(actor, {
    saved: ({ step }) => {
      setAnnounced(true);
      if (step === 'about') refreshStoreLink();
    },
    refused: () => {
      setAnnounced(false);
      // The event comes with the transition, before React has drawn the sentences: focus after it.
      setTimeout(() => {
        if (formRef.current) focusFirstInError(formRef.current);
      });
    },
  });
  return announced;
}

function SettingsSection({ step, actor }: { step: FormStep; actor: SectionActor }) {
  const text = SECTIONS[step];
  const titleId = headingId(step);
  const formRef = useRef<HTMLFormElement>(null);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const loadFailed = useSelector(actor, (snapshot) => snapshot.hasTag('loadFailed'));
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));
  const uploading = useSelector(actor, (snapshot) => snapshot.hasTag('uploading'));
  const changed = useSelector(actor, selectChanged);
  const error = useSelector(actor, selectError);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const announced = useSectionEffects(actor, formRef);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'section.save' });
  };

  let body: ReactNode;
  if (loading) {
    body = (
      <div className={onboarding.busy} aria-busy="true">
        <Spinner label={`Loading ${text.title.toLowerCase()}`} />
      </div>
    );
  } else if (loadFailed) {
    body = (
      <FailureAlert title={`We couldn't load ${text.title.toLowerCase()}`}>
        <Text inherit mb="sm">
          {error}
        </Text>
        <Button size="sm" variant="default" onClick={() => actor.send({ type: 'section.retry' })}>
          Try again
        </Button>
      </FailureAlert>
    );
  } else {
    body = (
      <>
        {error !== null ? (
          <FailureAlert title={`We couldn't save ${text.title.toLowerCase()}`}>
            <Text fw={700} inherit>
              {error}
            </Text>
            <FieldsToFix labels={labelsInError(fieldErrors, FIELD_ORDER[step])} />
            <Text inherit>What you typed is kept. Press {text.save} to try again, or change it first.</Text>
          </FailureAlert>
        ) : null}
        <FieldsHeadingLevel.Provider value={3}>
          <fieldset disabled={saving} className={onboarding.fields}>
            <SectionFields step={step} actor={actor} uploading={uploading} />
          </fieldset>
        </FieldsHeadingLevel.Provider>
        <div className={classes.actions}>
          <Button type="submit" loading={saving} disabled={!changed || uploading}>
            {text.save}
          </Button>
          <Text role="status" size="sm" c="teal.9" fw={600}>
            {announced && !changed ? 'Saved' : ''}
          </Text>
        </div>
      </>
    );
  }

  return (
    <Paper component="section" aria-labelledby={titleId} className={onboarding.card} id={sectionId(step)}>
      <form ref={formRef} noValidate onSubmit={submit} aria-labelledby={titleId} className={classes.body}>
        <div>
          <Title order={2} id={titleId} tabIndex={-1} className={classes.title}>
            {text.title}
          </Title>
          <Text c="dimmed" size="sm">
            {text.intro}
          </Text>
        </div>
        {body}
      </form>
    </Paper>
  );
}

/** The step's own Fields component, the onboarding's (one form component per step, shared by both). */
function SectionFields({ step, actor, uploading }: { step: FormStep; actor: SectionActor; uploading: boolean }) {
  const forms = useSelector(actor, selectForms);
  const errors = useSelector(actor, selectFieldErrors);
  const logoError = useSelector(actor, selectLogoError);
  const host = useSelector(actor, (snapshot) => snapshot.context.host);
  // The Fields send the onboarding's edit events, which the section machine takes as they are.
  const shared = { errors, send: actor.send };
  switch (step) {
    case 'location':
      return <LocationFields form={forms.location} {...shared} />;
    case 'about':
      return <AboutFields form={forms.about} {...shared} host={host} uploading={uploading} logoError={logoError} />;
    case 'delivery':
      return <DeliveryFields form={forms.delivery} {...shared} />;
    case 'hours':
      return <HoursFields form={forms.hours} {...shared} />;
    case 'additional':
      return <AdditionalFields form={forms.additional} {...shared} />;
    case 'contacts':
      return <ContactsFields form={forms.contacts} {...shared} />;
  }
}
