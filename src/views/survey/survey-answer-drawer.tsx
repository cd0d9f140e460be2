import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Drawer, Stack, Text } from '@mantine/core';
import type { SurveyResponse } from '../../../contracts/survey';
import { NOT_ANSWERED, answerText, receivedTime } from './survey-answer-text';
import { QUESTION_LABELS } from './survey-steps';
import classes from './survey-answers.module.css';

/**
 * One stored survey, whole: every question as the survey asks it, in its order, with the answer
 * under it ("Not answered" for a question skipped), then when and from which browser it came.
 */
export function SurveyAnswerDrawer({ answer, onClose }: { answer: SurveyResponse | null; onClose: () => void }) {
  const title = answer ? answerText(answer.business_name) || `Answer #${answer.id}` : '';
  return (
    <Drawer opened={answer !== null} onClose={onClose} position="right" size="lg" title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      {answer ? (
        <Stack gap="md">
          <dl className={classes.answer}>
            {Object.entries(QUESTION_LABELS).map(([field, label]) => (
              <div key={field}>
                <Text component="dt" size="sm" className={classes.question} mt="sm">
                  {label}
                </Text>
                <Text component="dd" size="sm" className={classes.answer} c={answerText(answer[field as keyof SurveyResponse]) ? undefined : 'dimmed'}>
                  {answerText(answer[field as keyof SurveyResponse]) || NOT_ANSWERED}
                </Text>
              </div>
            ))}
            <div>
              <Text component="dt" size="sm" className={classes.question} mt="sm">
                Received
              </Text>
              <Text component="dd" size="sm" className={classes.answer}>
                {receivedTime(answer)}
              </Text>
            </div>
            <div>
              <Text component="dt" size="sm" className={classes.question} mt="sm">
                Browser
              </Text>
              <Text component="dd" size="sm" className={classes.answer}>
                {answer.user_agent ?? 'Unknown'}
              </Text>
            </div>
          </dl>
        </Stack>
      ) : null}
    </Drawer>
  );
}
