import { BusyBody, BusyState, PaceQuery, PauseBody } from '../../../contracts/ordering/kitchen-pause';
import { json, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { pauseOrders, readPace, resumeOrders, setBusy } from '../../domain/ordering/busy-mode';
import type { StoreReaders } from '../../domain/ordering/store-readers';
import { scopeOf } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import type { ContractApp } from '../../plugins/contract-types';

const PACE = json(BusyState, 'The kitchen’s pace now: whether new orders are paused and until when, and the minutes added to prep times until when.');
const NOT_YOURS = {
  400: refusal('No restaurant named or chosen (`no_active_restaurant`).'),
  404: refusal('A `restaurant_id` the caller does not act in.'),
} as const;
const BAD_MINUTES = { 400: refusal('`minutes` is not one of the choices (on `minutes`); nothing is changed. Or no restaurant named or chosen.') } as const;

/**
 * Busy mode from the order board (issue 45): read the pace, pause and reopen, add prep minutes.
 * Tenancy as the board's other calls: the owner's restaurant, or the one `restaurant_id` names
 * that the caller acts in (an administrator's choice); any other answers 404.
 */
export async function kitchenPaceRoutes(app: ContractApp, context: AppContext, { readers }: { readers: StoreReaders }) {
  const { db } = context.database;
  const scope = (request: Parameters<typeof signedInUser>[0]) => scopeOf(signedInUser(request));

  app.get(
    `${API_BASE}${paths.orders.pace}`,
    { preValidation: app.requireUser, schema: { querystring: PaceQuery, response: { 200: PACE, ...NOT_YOURS } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send((await readPace(db, readers, scope(request), request.query.restaurant_id, context.clock())) satisfies BusyState),
  );
  app.post(
    `${API_BASE}${paths.orders.pause}`,
    { preValidation: app.requireUser, schema: { querystring: PaceQuery, body: PauseBody, response: { 200: PACE, ...NOT_YOURS, ...BAD_MINUTES } } },
    async (request) => (await pauseOrders(db, readers, scope(request), request.query.restaurant_id, request.body, context.clock())) satisfies BusyState,
  );
  app.delete(
    `${API_BASE}${paths.orders.pause}`,
    { preValidation: app.requireUser, schema: { querystring: PaceQuery, response: { 200: PACE, ...NOT_YOURS } } },
    async (request) => (await resumeOrders(db, readers, scope(request), request.query.restaurant_id, context.clock())) satisfies BusyState,
  );
  app.post(
    `${API_BASE}${paths.orders.busy}`,
    { preValidation: app.requireUser, schema: { querystring: PaceQuery, body: BusyBody, response: { 200: PACE, ...NOT_YOURS, ...BAD_MINUTES } } },
    async (request) => (await setBusy(db, readers, scope(request), request.query.restaurant_id, request.body, context.clock())) satisfies BusyState,
  );
}
