import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/UnstyledButton.css';
import { Alert, Button, Group, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { usePageTitle } from '../../components/page-title';
import { saveFile } from '../../components/save-file';
import { pageCount, surveyAnswersMachine, type SurveyAnswersMachine } from '../../machines/survey/survey-answers.machine';
import { MessagesTabs } from '../shared/messages-tabs';
import { useScreen } from '../shared/use-screen';
import { SurveyAnswerDrawer } from './survey-answer-drawer';
import { answerText, choiceText, receivedDate } from './survey-answer-text';
import classes from './survey-answers.module.css';
import { LoadFailed } from '../../components/load-failed';
import { Spinner } from '../../components/spinner';

export const SURVEY_ANSWERS_TITLE = 'Survey answers';
export const SURVEY_ANSWERS_EMPTY = 'No survey answers yet.';
/** The name the browser saves the export under when the server names none. */
const EXPORT_FALLBACK_NAME = 'survey-answers.csv';

/** The operator survey's answers for administrators (issue 13): a paged table, one answer in a drawer, a CSV export. */
export function SurveyAnswersView({ machine = surveyAnswersMachine }: { machine?: SurveyAnswersMachine }) {
  usePageTitle(SURVEY_ANSWERS_TITLE, 'Back office');
  const [state, send, actor] = useMachine(machine);
  // Saving a file is a DOM effect: the machine hands the file over, the screen saves it.
  useScreen(actor, { 'screen.save': ({ file }) => saveFile(file, EXPORT_FALLBACK_NAME) });
  const { data, page, loadError, selected, exportError } = state.context;
  const rows = data?.results ?? [];
  const exporting = state.hasTag('exporting');
  const failed = state.hasTag('failed');
  const loading = state.hasTag('loading');
  const loaded = state.hasTag('loaded');

  return (
    <Stack gap="lg" maw={1100} w="100%">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {SURVEY_ANSWERS_TITLE}
        </Title>
        <Button variant="default" loading={exporting} onClick={() => send({ type: 'export.start' })}>
          Export CSV
        </Button>
      </Group>
      <MessagesTabs />
      {exportError ? (
        <Alert role="alert" color="red" variant="light" radius="md">
          {exportError}
        </Alert>
      ) : null}
      {failed ? <LoadFailed message={loadError} onRetry={() => send({ type: 'list.retry' })} /> : null}
      {loading && data === null ? (
        <Group justify="center" mih={160}>
          <Spinner label="Loading survey answers" />
        </Group>
      ) : null}
      {loaded && rows.length === 0 ? <Text c="dimmed">{SURVEY_ANSWERS_EMPTY}</Text> : null}
      {!failed && rows.length > 0 ? (
        <>
          {/* On a phone the table scrolls sideways inside its own region, which Tab can reach and name. */}
          <Table.ScrollContainer minWidth={820} type="native" tabIndex={0} role="region" aria-label="Survey answers table">
            <Table highlightOnHover verticalSpacing="sm" aria-label="Survey answers, newest first" aria-busy={loading}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>Business name</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>POS system</Table.Th>
                  <Table.Th>Early access</Table.Th>
                  <Table.Th>Contact email</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((answer) => (
                  <Table.Tr key={answer.id} className={classes.row} onClick={() => send({ type: 'answer.open', id: answer.id })}>
                    <Table.Td>{receivedDate(answer)}</Table.Td>
                    <Table.Td>
                      {/* The row is clickable; this button is the same for the keyboard and screen readers. */}
                      <UnstyledButton
                        className={classes.rowButton}
                        onClick={(event) => {
                          event.stopPropagation();
                          send({ type: 'answer.open', id: answer.id });
                        }}
                      >
                        {answerText(answer.business_name) || `Answer #${answer.id}`}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{choiceText(answer.role, answer.role_other)}</Table.Td>
                    <Table.Td>{choiceText(answer.pos_system, answer.pos_other)}</Table.Td>
                    <Table.Td>{answerText(answer.early_access ?? false)}</Table.Td>
                    <Table.Td>{answer.contact_email ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" gap="sm">
            <Button variant="default" size="xs" disabled={page <= 1 || !loaded} onClick={() => send({ type: 'page.previous' })}>
              Prev
            </Button>
            <Text size="sm" aria-live="polite">{`Page ${page} / ${pageCount(state.context)} • ${data?.count ?? 0}`}</Text>
            <Button variant="default" size="xs" disabled={page >= pageCount(state.context) || !loaded} onClick={() => send({ type: 'page.next' })}>
              Next
            </Button>
          </Group>
        </>
      ) : null}
      <SurveyAnswerDrawer answer={state.hasTag('open') ? selected : null} onClose={() => send({ type: 'answer.close' })} />
    </Stack>
  );
}
