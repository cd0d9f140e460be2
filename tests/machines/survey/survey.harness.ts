/** The survey machine tests' harness: the real machine with its effects replaced. */
import { createActor, fromPromise } from 'xstate';
import type { SurveyCreated } from '#contracts/survey';
import { surveyMachine, type SurveyEvent, type SurveyRequest } from '#src/machines/survey/survey.machine';
import type { SurveyDraft } from '#src/services/survey/survey-draft';
import { provideChecked } from '../../support/contract-double';

type SurveyEffects = {
  /** What the draft store reads (default: no draft). */
  load?: (() => Promise<SurveyDraft | null>) | undefined;
  /** How the server answers a send (default: `receipt`). */
  answer?: ((request: SurveyRequest) => Promise<SurveyCreated>) | undefined;
  receipt: SurveyCreated;
};

/** The real machine, started: the drafts it saves, the requests it sends and how often it forgets its draft are recorded. */
export function startSurvey({ load, answer, receipt }: SurveyEffects) {
  const saved: SurveyDraft[] = [];
  const sent: SurveyRequest[] = [];
  let cleared = 0;
  const actor = createActor(
    provideChecked(surveyMachine, {
      actors: {
        loadDraft: fromPromise<SurveyDraft | null>(load ?? (async () => null)),
        submitSurvey: fromPromise<SurveyCreated, SurveyRequest>(({ input }) => {
          sent.push(input);
          return (answer ?? (async () => receipt))(input);
        }),
      },
      actions: {
        persistDraft: ({ context }, params: { step: number }) => {
          saved.push({ step: params.step, answers: context.answers, attemptKey: context.attemptKey });
        },
        forgetDraft: () => {
          cleared += 1;
        },
      },
    }),
  ).start();
  const send = (...events: SurveyEvent[]) => events.forEach((event) => actor.send(event));
  return { actor, saved, sent, send, cleared: () => cleared };
}
