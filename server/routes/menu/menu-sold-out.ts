import { SoldOutBody, SoldOutState } from '../../../contracts/shared/sold-out';
import { json, refusal } from '../../../contracts/shared/answers';
import { IdParams } from '../../../contracts/shared/lists';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { backOnSale, markSoldOut, sweepSoldOut, type ScheduleReader, type SoldOutTarget } from '../../domain/menu/sold-out';
import { scopeOf } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import type { ContractApp } from '../../plugins/contract-types';

/** How often each server process puts back on sale what has come due (issue 45). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Sold out (86) until a time (issue 45): POST `{until}` and DELETE on an item or an extra
 * selection; and the sweep, in every process, that clears passed times and tells the restaurant.
 */
export async function menuSoldOutRoutes(app: ContractApp, context: AppContext, dependencies: { schedules: ScheduleReader }) {
  const { db } = context.database;
  const targets: Array<[SoldOutTarget, (id: string) => string]> = [
    ['item', paths.menu.itemSoldOut],
    ['selection', paths.menu.selectionSoldOut],
  ];
  for (const [target, path] of targets) {
    const refusals = { 404: refusal(`The ${target === 'item' ? 'menu item' : 'extra selection'} does not exist or belongs to another restaurant.`) };
    app.post(
      `${API_BASE}${path(':id')}`,
      {
        preValidation: app.requireUser,
        schema: {
          params: IdParams,
          body: SoldOutBody,
          response: { 200: json(SoldOutState, 'Sold out until `sold_out_until` (ISO 8601, UTC).'), ...refusals },
        },
      },
      async (request) =>
        markSoldOut(db, scopeOf(signedInUser(request)), target, request.params.id, request.body.until, dependencies.schedules, context.clock()),
    );
    app.delete(
      `${API_BASE}${path(':id')}`,
      {
        preValidation: app.requireUser,
        schema: { params: IdParams, response: { 200: json(SoldOutState, 'On sale again: `sold_out_until` null.'), ...refusals } },
      },
      async (request) => backOnSale(db, scopeOf(signedInUser(request)), target, request.params.id),
    );
  }

  const sweep = async () => {
    try {
      await sweepSoldOut(db, context.clock());
    } catch (error) {
      app.log.warn({ err: error }, 'sold-out sweep stopped; the next one goes on');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
