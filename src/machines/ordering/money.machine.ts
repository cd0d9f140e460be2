import { assign, emit, fromPromise, setup } from 'xstate';
import { MoneyStatsQuery, type MoneyStats } from '../../../contracts/ordering/money-stats';
import { wallClock } from '../../../contracts/shared/opening-status';
import { checkWith } from '../../../contracts/shared/validation';
import { downloadMoneyCsv, loadMoneyStats, type MoneyAsk } from '../../services/ordering/money';
import type { DownloadedFile } from '../../services/shared/api';
import { errorText } from '../../services/shared/error-text';
import { csvDownloadRegion } from '../shared/csv-download';

/**
 * The Money screen (issue 43, `/backoffice/money`, `/admin/money` for the chosen restaurant): a
 * restaurant's money per day over this week, this month or two dates of its own calendar, and
 * the same figures as CSV. Two regions, so a download never holds up the figures:
 *
 *   figures:  noRestaurant (an administrator with none chosen: tag `noRestaurant`)
 *             loading --done--> loaded ; --error--> failed --load.retry--> loading
 *             period.choose week|month, or range.change to a valid range --> loading (a load under way is dropped)
 *   download: idle --csv.download [figures shown]--> downloading --done--> idle (emits screen.saveFile) ; --error--> failed
 *
 * The first load names no dates: the server answers this month so far in the restaurant's zone,
 * which the screen did not know. From then on "this week" (Monday to today) and "this month" are
 * read on that zone's calendar. The date fields always show the range on screen; typing in them
 * makes the range custom, loaded once the contract accepts both dates (its sentence on the field
 * otherwise). Tags: `loading`, `ready`, `failed`, `noRestaurant`, `downloading`.
 */
export type MoneyPeriod = 'week' | 'month' | 'custom';
export type MoneyRange = { from: string; to: string };
type RangeField = keyof MoneyRange;

export type MoneyContext = {
  restaurantId: number | null;
  period: MoneyPeriod;
  /** The range asked for; null: this month so far, as the server reads it. */
  range: MoneyRange | null;
  /** What the date fields hold. */
  draft: MoneyRange;
  errors: Partial<Record<RangeField, string>>;
  figures: MoneyStats | null;
  loadError: string | null;
  downloadError: string | null;
};

export type MoneyEvent =
  | { type: 'period.choose'; period: MoneyPeriod }
  | { type: 'range.change'; field: RangeField; value: string }
  | { type: 'load.retry' }
  | { type: 'csv.download' };

export type MoneyEmitted = { type: 'screen.saveFile'; file: DownloadedFile };

const DAY_MS = 86_400_000;

/** This week (Monday to today) or this month (its first day to today) on the calendar of `zone` at `now`. */
export function periodRange(period: 'week' | 'month', zone: string, now: Date): MoneyRange {
  const { date: today, weekday } = wallClock(zone, now);
  if (period === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  const monday = new Date(Date.parse(`${today}T00:00:00Z`) - (weekday - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from: monday, to: today };
}

/** The range the figures on screen cover (what a download must cover too). */
const shownRange = (figures: MoneyStats): MoneyRange => ({ from: figures.days[0]!.date, to: figures.days.at(-1)!.date });

const askFor = (restaurantId: number | null, range: MoneyRange | null): MoneyAsk => ({
  ...(range ?? {}),
  ...(restaurantId === null ? {} : { restaurant_id: restaurantId }),
});

/** The browser's zone stands in only when the restaurant's is not known yet (the first load failed). */
const zoneOf = (context: MoneyContext) => context.figures?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

const reason = (error: unknown) => errorText(error, String(error)).message;

export const moneyMachine = setup({
  types: {
    context: {} as MoneyContext,
    events: {} as MoneyEvent,
    input: {} as { restaurantId: number | null },
    emitted: {} as MoneyEmitted,
  },
  actors: {
    loadMoney: fromPromise<MoneyStats, MoneyAsk>(({ input }) => loadMoneyStats(input)),
    downloadMoney: fromPromise<DownloadedFile, MoneyAsk>(({ input }) => downloadMoneyCsv(input)),
  },
  actions: {
    saveFile: emit((_, params: { file: DownloadedFile }) => ({ type: 'screen.saveFile', file: params.file }) as const),
  },
  guards: {
    hasRestaurant: ({ context }) => context.restaurantId !== null,
    isPreset: ({ event }) => event.type === 'period.choose' && event.period !== 'custom',
    rangeAccepted: ({ context, event }) => {
      if (event.type !== 'range.change') return false;
      return checkWith(MoneyStatsQuery, { ...context.draft, [event.field]: event.value }).ok;
    },
    hasFigures: ({ context }) => context.figures !== null,
  },
}).createMachine({
  id: 'money',
  type: 'parallel',
  context: ({ input }) => ({
    restaurantId: input.restaurantId,
    period: 'month',
    range: null,
    draft: { from: '', to: '' },
    errors: {},
    figures: null,
    loadError: null,
    downloadError: null,
  }),
  states: {
    figures: {
      initial: 'choosing',
      on: {
        'period.choose': [
          {
            guard: 'isPreset',
            target: '.loading',
            actions: assign(({ context, event }) => {
              const period = event.period as 'week' | 'month';
              const range = periodRange(period, zoneOf(context), new Date());
              return { period, range, draft: range, errors: {} };
            }),
          },
          { actions: assign({ period: 'custom' }) },
        ],
        'range.change': [
          {
            guard: 'rangeAccepted',
            target: '.loading',
            actions: assign(({ context, event }) => {
              const range = { ...context.draft, [event.field]: event.value };
              return { period: 'custom' as const, range, draft: range, errors: {} };
            }),
          },
          {
            actions: assign(({ context, event }) => {
              const draft = { ...context.draft, [event.field]: event.value };
              const check = checkWith(MoneyStatsQuery, draft);
              return { period: 'custom' as const, draft, errors: check.ok ? {} : (check.fields as MoneyContext['errors']) };
            }),
          },
        ],
      },
      states: {
        choosing: { always: [{ guard: 'hasRestaurant', target: 'loading' }, { target: 'noRestaurant' }] },
        noRestaurant: { tags: ['noRestaurant'], on: { 'period.choose': {}, 'range.change': {} } },
        loading: {
          tags: ['loading'],
          entry: assign({ loadError: null }),
          invoke: {
            id: 'loadMoney',
            src: 'loadMoney',
            input: ({ context }) => askFor(context.restaurantId, context.range),
            onDone: { target: 'loaded', actions: assign(({ event }) => ({ figures: event.output, draft: shownRange(event.output) })) },
            onError: { target: 'failed', actions: assign(({ event }) => ({ loadError: reason(event.error) })) },
          },
        },
        loaded: { tags: ['ready'] },
        failed: { tags: ['failed'], on: { 'load.retry': 'loading' } },
      },
    },
    download: csvDownloadRegion({
      src: 'downloadMoney',
      input: ({ context }: { context: MoneyContext }) => askFor(context.restaurantId, shownRange(context.figures!)),
      failure: 'Could not download the figures',
      guard: 'hasFigures',
    }),
  },
});

export type MoneyMachine = typeof moneyMachine;
