import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Box, Progress, Text, VisuallyHidden } from '@mantine/core';
import { createContext } from 'react';
import { useLocation } from 'wouter';
import { ONBOARDING_STEPS, STEP_LABELS, type FormStep } from '../../machines/onboarding/onboarding-steps';
import { CheckIcon } from './onboarding-icons';
import classes from './onboarding.module.css';

/**
 * The steps the server held an answer for when the onboarding opened (the shell reads the
 * onboarding's status once): the onboarding machine starts from them and adds every save.
 */
export const SavedOnOpenContext = createContext<readonly FormStep[]>([]);

/**
 * The rail (spec section 2): the seven steps with the current one highlighted. From 48em the
 * full stepper; on phones, where seven labels cannot fit, "Step 3 of 7 · Delivery" and a bar.
 * A check mark means the server holds the step's answer; a step passed with Skip keeps its
 * number, so nothing looks saved that is not (issue 27).
 */
export function OnboardingRail({ saved }: { saved: readonly FormStep[] }) {
  // Inside the nested /onboard/:rid router, the location is the step itself.
  const [location] = useLocation();
  const active = Math.max(
    ONBOARDING_STEPS.findIndex((step) => location === `/${step}`),
    0,
  );
  const position = `Step ${active + 1} of ${ONBOARDING_STEPS.length}`;
  return (
    <nav aria-label="Onboarding steps" className={classes.rail}>
      {/* A list, not buttons: the steps are reached with Next, Skip and Back. */}
      <Box component="ol" visibleFrom="sm" className={classes.railSteps}>
        {ONBOARDING_STEPS.map((step, index) => {
          const done = (saved as readonly string[]).includes(step);
          return (
            <li
              key={step}
              className={classes.railStep}
              data-state={index < active ? 'before' : index === active ? 'current' : 'after'}
              data-saved={done || undefined}
              aria-current={index === active ? 'step' : undefined}
            >
              <span className={classes.railMark} aria-hidden="true">
                {done ? <CheckIcon size={14} /> : index + 1}
              </span>
              <span className={classes.railLabel}>{STEP_LABELS[step]}</span>
              {done && <VisuallyHidden>(saved)</VisuallyHidden>}
            </li>
          );
        })}
      </Box>
      <Box hiddenFrom="sm">
        <div className={classes.railCompact}>
          <Text fw={700} size="sm">
            {position} · {STEP_LABELS[ONBOARDING_STEPS[active]!]}
          </Text>
        </div>
        <Progress value={((active + 1) / ONBOARDING_STEPS.length) * 100} size="sm" radius="xl" aria-label={position} />
      </Box>
    </nav>
  );
}
