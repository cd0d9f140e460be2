import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Button, Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'wouter';
import { STEP_LABELS, type FormStep } from '../../machines/onboarding/onboarding-steps';
import { FailureAlert, StepHeading } from './onboarding-step-frame';
import classes from './onboarding.module.css';

type LaunchProps = {
  launching: boolean;
  /** The server's refusal (e.g. what is still missing); null otherwise. */
  refusal: string | null;
  /** The steps with nothing saved yet (skipped, or left unsaved), in order; empty hides the list. */
  unsavedSteps: readonly FormStep[];
  onBack: () => void;
  onLaunch: () => void;
};

/**
 * What launching now would leave out (issue 27): a skipped step looks no different from a saved
 * one, so the steps with nothing saved are listed, each a link back to it. Launch stays: the
 * owner may launch anyway and finish them in the back office.
 */
function UnsavedSteps({ steps }: { steps: readonly FormStep[] }) {
  const titleId = useId();
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={classes.unsaved}>
      <Title order={2} id={titleId} className={classes.unsavedTitle}>
        Not saved yet
      </Title>
      <Text size="sm">These steps have nothing saved. Go back to one, or launch anyway.</Text>
      <ul className={classes.unsavedList}>
        {steps.map((step) => (
          <li key={step}>
            <Anchor component={Link} href={`/${step}`} className={classes.unsavedLink}>
              {STEP_LABELS[step]}
            </Anchor>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Launch (spec section 2): the consent text with the terms, Back and Launch. */
export function LaunchPanel(props: LaunchProps) {
  return (
    <Paper className={classes.card}>
      <div className={classes.cardBody}>
        <StepHeading title="Ready to launch" intro="Launching opens your restaurant on the platform." />
        {props.refusal !== null ? (
          <FailureAlert title="We couldn't launch your restaurant yet">
            <Text inherit>{props.refusal}</Text>
          </FailureAlert>
        ) : null}
        <UnsavedSteps steps={props.unsavedSteps} />
        <Text className={classes.consent}>
          By launching, you confirm that you are authorised to represent this restaurant and that the information you have given is correct, and you agree to
          the{' '}
          <Anchor href="/terms" target="_blank" rel="noopener" inherit fw={700}>
            Terms of Service
          </Anchor>
          .
        </Text>
        <div className={classes.nav} data-launch="">
          <Button variant="default" size="md" className={`${classes.navButton} ${classes.navBack}`} disabled={props.launching} onClick={props.onBack}>
            Back
          </Button>
          <Button size="md" className={classes.navButton} loading={props.launching} onClick={props.onLaunch}>
            Launch
          </Button>
        </div>
      </div>
    </Paper>
  );
}
