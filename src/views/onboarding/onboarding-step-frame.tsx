import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Paper, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { FieldsToFix, useFocusAfterRefusal } from '../../components/form-errors';
import { AlertCircleIcon } from '../../components/line-icons';
import { usePageTitle } from '../../components/page-title';
import classes from './onboarding.module.css';
import { Spinner } from '../../components/spinner';

const DRAFT_NOTE = 'Not saved yet: this is a draft kept in this browser. Press Next to save it.';

/** Where the step's machine state stands, as far as the frame is concerned. */
export type FramePhase = 'loading' | 'loadFailed' | 'editing' | 'saving' | 'saveFailed' | 'uploading';

type FrameProps = {
  title: string;
  intro: string;
  phase: FramePhase;
  /** The sentence of a failed load or save. */
  error: string | null;
  /** The labels of the fields a refused save named, for the alert's summary. */
  fieldsToFix: string[];
  /** The fields show the browser's draft, not what the server holds. */
  fromDraft: boolean;
  onBack: () => void;
  onSkip: () => void;
  onNext: () => void;
  onRetry: () => void;
  children: ReactNode;
};

/**
 * The frame every form step shares: heading, the failure alerts, the fields (disabled while
 * saving) and Back / Skip / Next. Next is the form's submit, so Enter in a field saves too.
 * A refused Next (the step's own check, or the server's) moves the focus to the first field
 * in error, else to the alert. Values restored from the browser's draft look just like saved
 * ones, so a note says they are not saved, and describes the form.
 */
export function StepFrame(props: FrameProps) {
  const { phase } = props;
  const saving = phase === 'saving';
  const busy = saving || phase === 'uploading';
  const ready = phase !== 'loading' && phase !== 'loadFailed';
  const formRef = useRef<HTMLFormElement>(null);
  const draftNoteId = useId();
  const draftNote = ready && props.fromDraft;
  // Settled once the save is not under way: refused at once (still editing) or by the server.
  const focusAfterRefusal = useFocusAfterRefusal(formRef, !saving);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || busy) return;
    focusAfterRefusal();
    props.onNext();
  }

  return (
    <Paper className={classes.card}>
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        className={classes.cardBody}
        aria-labelledby="onboarding-step-title"
        aria-describedby={draftNote ? draftNoteId : undefined}
      >
        <StepHeading title={props.title} intro={props.intro} />
        {draftNote ? (
          <p id={draftNoteId} className={classes.draftNote}>
            {DRAFT_NOTE}
          </p>
        ) : null}
        {phase === 'saveFailed' && props.error !== null ? (
          <FailureAlert title="We couldn't save this step">
            <Text fw={700} inherit>
              {props.error}
            </Text>
            <FieldsToFix labels={props.fieldsToFix} />
            <Text inherit>What you typed is kept. Press Next to try again, or change it first.</Text>
          </FailureAlert>
        ) : null}
        {phase === 'loading' ? (
          <div className={classes.busy} aria-busy="true">
            <Spinner label="Loading this step" />
          </div>
        ) : phase === 'loadFailed' ? (
          <FailureAlert title="We couldn't load this step">
            <Text inherit mb="sm">
              {props.error}
            </Text>
            <Button size="sm" variant="default" onClick={props.onRetry}>
              Try again
            </Button>
          </FailureAlert>
        ) : (
          <fieldset disabled={saving} className={classes.fields}>
            {props.children}
          </fieldset>
        )}
        <div className={classes.nav}>
          <Button variant="default" size="md" className={`${classes.navButton} ${classes.navBack}`} disabled={busy} onClick={props.onBack}>
            Back
          </Button>
          <Button variant="subtle" size="md" className={classes.navButton} disabled={busy} onClick={props.onSkip}>
            Skip
          </Button>
          <Button type="submit" size="md" className={classes.navButton} loading={saving} disabled={!ready || phase === 'uploading'}>
            Next
          </Button>
        </div>
      </form>
    </Paper>
  );
}

/**
 * The step's heading, which also names the tab ("Opening hours · Onboarding · Tablefront").
 * Every step starts with the focus here, so keyboard and screen-reader users hear where they
 * are: after a move inside the app `usePageTitle` puts it there; on a page load (or when
 * nothing else took it) the heading takes it itself, once.
 */
export function StepHeading({ title, intro }: { title: string; intro: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  usePageTitle(title, 'Onboarding');
  useEffect(() => {
    const focused = document.activeElement;
    if (focused === null || focused === document.body) ref.current?.focus();
  }, []);
  return (
    <>
      <Title order={1} id="onboarding-step-title" ref={ref} tabIndex={-1} className={classes.stepTitle}>
        {title}
      </Title>
      <Text c="dimmed" className={classes.intro}>
        {intro}
      </Text>
    </>
  );
}

export function FailureAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert role="alert" color="red" variant="light" radius="md" title={title} icon={<AlertCircleIcon />} mb="lg">
      {children}
    </Alert>
  );
}
