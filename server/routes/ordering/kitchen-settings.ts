import { IdParams } from '../../../contracts/shared/lists';
import { json, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { KitchenSettings } from '../../../contracts/ordering/kitchen-settings';
import type { AppContext } from '../../app-context';
import { readKitchenSettings, saveKitchenSettings } from '../../domain/ordering/kitchen-settings';
import { scopeOf } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import type { ContractApp } from '../../plugins/contract-types';

const NOT_YOURS = { 404: refusal('No such restaurant, or not one the caller acts in.') } as const;

/** The Kitchen section of a restaurant's settings (issue 45): its owner, or an administrator acting in it. */
export async function kitchenSettingsRoutes(app: ContractApp, context: AppContext) {
  const { db } = context.database;
  const scope = (request: Parameters<typeof signedInUser>[0]) => scopeOf(signedInUser(request));
  const url = `${API_BASE}${paths.restaurantSettings(':id', 'kitchen')}`;
  const answer = json(
    KitchenSettings,
    "The kitchen's capacity per 15-minute slot (pickup and delivery together; null: no limit), its shortest notice, and auto-accept with its prep time; never saved, the defaults.",
  );
  app.get(
    url,
    { schema: { params: IdParams, response: { 200: answer, ...NOT_YOURS } }, preValidation: app.requireUser },
    async (request) => (await readKitchenSettings(db, scope(request), request.params.id)) satisfies KitchenSettings,
  );
  app.put(
    url,
    {
      schema: {
        params: IdParams,
        body: KitchenSettings,
        response: { 200: answer, 400: refusal('A field out of its range, named in `fields`.'), ...NOT_YOURS },
      },
      preValidation: app.requireUser,
    },
    async (request) => (await saveKitchenSettings(db, scope(request), request.params.id, request.body, context.clock())) satisfies KitchenSettings,
  );
}
