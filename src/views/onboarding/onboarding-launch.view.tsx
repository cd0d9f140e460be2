import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Button, Paper, Text } from '@mantine/core';
import { FailureAlert, StepHeading } from './onboarding-step-frame';
import classes from './onboarding.module.css';

type LaunchProps = {
  launching: boolean;
  /** The server's refusal (e.g. what is still missing); null otherwise. */
  refusal: string | null;
  onBack: () => void;
  onLaunch: () => void;
};

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
