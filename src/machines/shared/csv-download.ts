import { assign, type AnyEventObject } from 'xstate';
import type { DownloadedFile } from '../../services/shared/api';
import { errorText } from '../../services/shared/error-text';

/**
 * A screen's "Download CSV" as a region of its machine (the customers list, the Money screen, the
 * order history): a download never holds up the screen's own list or figures.
 *
 *   idle --csv.download [guard]--> downloading --done--> idle (action `saveFile` with the file) ; --error--> failed --csv.download [guard]--> downloading
 *
 * The machine names the actor that fetches the file (`src`, also the invocation's id), what it is
 * given, and the action that saves it (`saveFile`: an emitted effect, or one the view provides); the region keeps
 * `downloadError` in the context, cleared when a download starts. Tag: `downloading`.
 */
export function csvDownloadRegion<
  TContext extends { downloadError: string | null },
  TSrc extends string,
  TInput,
  TGuard extends string = never,
  TSave extends string = 'saveFile',
>(region: {
  src: TSrc;
  input: (args: { context: TContext }) => TInput;
  /** Before the reason: "Could not download the orders". */
  failure: string;
  /** A guard of the machine that must pass for a download to start. */
  guard?: TGuard;
  /** The machine's action handed `{ file }` once the file is here; `saveFile` unless named. */
  save?: TSave;
}) {
  const save = (region.save ?? 'saveFile') as TSave;
  const start = region.guard === undefined ? { target: 'downloading' as const } : { guard: region.guard, target: 'downloading' as const };
  return {
    initial: 'idle' as const,
    states: {
      idle: { on: { 'csv.download': start } },
      downloading: {
        tags: ['downloading' as const],
        // `never`: an assign made outside a machine's setup() cannot name that machine's events and
        // actors, which its type must; both only write `downloadError`, which TContext is held to have.
        entry: assign({ downloadError: null }) as never,
        invoke: {
          id: region.src,
          src: region.src,
          input: region.input,
          onDone: {
            target: 'idle' as const,
            actions: { type: save, params: ({ event }: { event: AnyEventObject }) => ({ file: event.output as DownloadedFile }) },
          },
          onError: {
            target: 'failed' as const,
            actions: assign(({ event }: { event: AnyEventObject }) => ({
              downloadError: `${region.failure}: ${errorText(event.error, String(event.error)).message}`,
            })) as never,
          },
        },
      },
      failed: { on: { 'csv.download': start } },
    },
  };
}
