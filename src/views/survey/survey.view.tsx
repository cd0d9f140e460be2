import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Container, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useRef, type FormEvent } from 'react';
import { Link } from 'wouter';
import { FieldsToFix, labelsInError, useFocusAfterRefusal } from '../../components/form-errors';
import { AlertCircleIcon, CheckCircleIcon } from '../../components/line-icons';
import { usePageTitle } from '../../components/page-title';
import { SiteFrame } from '../../components/site-frame';
import { SURVEY_STEPS, SURVEY_STEP_COUNT, progressPercent, surveyMachine, type SurveyMachine } from '../../machines/survey/survey.machine';
import { useScreen } from '../shared/use-screen';
import { QUESTION_ORDER, STEP_TEXT, StepQuestions } from './survey-steps';
import classes from './survey.module.css';

/** Spec section 2: the estimate shown in the header. */
export const SURVEY_ESTIMATE = '4 to 6 minutes';

/** The tab's name: the survey's name on the page (its eyebrow), not its long invitation. */
const SURVEY_TITLE = 'Operator survey';

export interface SurveyViewProps {
  /** The survey machine; tests pass one whose draft store and `submitSurvey` actor they control. */
  machine?: SurveyMachine;
}

export function SurveyView({ machine = surveyMachine }: SurveyViewProps) {
  const [state, send, actor] = useMachine(machine);
  usePageTitle(SURVEY_TITLE);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // A new step (or the thank-you) starts at its heading: the page scrolls back to the top and
  // keyboard and screen-reader users hear where they are. The machine says when; after React
  // has drawn the new heading.
  useScreen(actor, {
    'screen.top': () =>
      setTimeout(() => {
        window.scrollTo?.({ top: 0 });
        headingRef.current?.focus();
      }),
  });

  const { answers, fieldErrors, error, receipt, step: current } = state.context;
  const thanked = state.hasTag('thanked');
  const submitting = state.hasTag('submitting');
  const step = current === null ? null : SURVEY_STEPS.indexOf(current) + 1;
  // A refused Submit (the contract's check, or the server) puts the focus on the first answer
  // in error, else on the alert.
  const focusAfterRefusal = useFocusAfterRefusal(formRef, !submitting);
  const fieldsToFix = labelsInError(fieldErrors, QUESTION_ORDER);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step !== SURVEY_STEP_COUNT) {
      send({ type: 'step.next' });
      return;
    }
    focusAfterRefusal();
    send({ type: 'survey.submit' });
  }

  return (
    <SiteFrame
      size="sm"
      compact
      aside={
        <Text size="sm" c="dimmed" className={classes.estimate}>
          Takes {SURVEY_ESTIMATE}
        </Text>
      }
      mainClassName={classes.main}
    >
      <Container size="sm" px={{ base: 12, xs: 'md' }}>
        <div className={classes.intro}>
          <Text className={classes.eyebrow}>Operator survey</Text>
          <Title order={1} className={classes.title}>
            Help us build for restaurants like yours
          </Title>
        </div>

        <div className={classes.progress}>
          <div className={classes.progressText}>
            <Text fw={700} size="sm">
              {thanked ? 'All done' : `Step ${step ?? 1} of ${SURVEY_STEP_COUNT}`}
            </Text>
            <Text fw={700} size="sm" c="ember.8" data-testid="survey-percent">
              {progressPercent(thanked ? SURVEY_STEP_COUNT : (step ?? 0))}%
            </Text>
          </div>
          <Progress
            value={progressPercent(thanked ? SURVEY_STEP_COUNT : (step ?? 0))}
            size="md"
            radius="xl"
            aria-label="Survey progress"
            transitionDuration={200}
          />
        </div>

        <Paper className={classes.card}>
          {thanked ? (
            <Stack gap="md" className={classes.cardBody} role="status" aria-live="polite">
              <span className={classes.doneMark}>
                <CheckCircleIcon size={32} />
              </span>
              <Title order={2} ref={headingRef} tabIndex={-1} className={classes.stepTitle}>
                Thank you!
              </Title>
              <Text size="lg">Your answers are in. They shape what we build first, and for whom.</Text>
              {answers.early_access && answers.contact_email.trim() !== '' ? (
                <Text c="dimmed">
                  We will write to <strong>{answers.contact_email.trim().toLowerCase()}</strong> when early access opens.
                </Text>
              ) : null}
              {receipt ? (
                <Text size="sm" c="dimmed">
                  Reference #{receipt.id}
                </Text>
              ) : null}
              <Button component={Link} href="/" variant="default" size="lg" className={classes.navButton}>
                Back to the home page
              </Button>
            </Stack>
          ) : current === null ? (
            <div className={classes.cardBody} aria-busy="true" />
          ) : (
            <form ref={formRef} noValidate onSubmit={onSubmit} className={classes.cardBody} aria-labelledby="survey-step-title">
              <Title order={2} id="survey-step-title" ref={headingRef} tabIndex={-1} className={classes.stepTitle}>
                {STEP_TEXT[current].title}
              </Title>
              <Text c="dimmed" mt={6} mb="lg">
                {STEP_TEXT[current].intro}
              </Text>
              {error !== null || fieldsToFix.length > 0 ? (
                // The server's failure, or answers the check refused (some may sit on other steps):
                // the summary names them.
                <Alert role="alert" color="red" variant="light" radius="md" icon={<AlertCircleIcon />} className={classes.alert} mb="lg">
                  {error !== null ? (
                    <Text fw={700} inherit>
                      {error}
                    </Text>
                  ) : null}
                  <FieldsToFix labels={fieldsToFix} />
                  {error !== null ? <Text inherit>Your answers are kept. Press Submit to try again.</Text> : null}
                </Alert>
              ) : null}
              <fieldset disabled={submitting} className={classes.questions}>
                <StepQuestions step={current} answers={answers} errors={fieldErrors} send={send} />
              </fieldset>
              <div className={classes.nav}>
                <Button
                  variant="default"
                  size="lg"
                  className={classes.navButton}
                  disabled={step === 1 || submitting}
                  onClick={() => send({ type: 'step.back' })}
                >
                  Back
                </Button>
                <Button type="submit" size="lg" className={classes.navButton} loading={submitting}>
                  {step === SURVEY_STEP_COUNT ? 'Submit' : 'Next'}
                </Button>
              </div>
            </form>
          )}
        </Paper>
      </Container>
    </SiteFrame>
  );
}
