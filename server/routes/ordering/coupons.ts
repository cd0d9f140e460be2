import { Coupon, CouponCreate, CouponListQuery, CouponsPage, CouponUpdate } from '../../../contracts/ordering/coupons';
import { json, noContent, refusal } from '../../../contracts/shared/answers';
import { IdParams } from '../../../contracts/shared/lists';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon } from '../../domain/ordering/coupons';
import { scopeOf } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import type { ContractApp } from '../../plugins/contract-types';
import { created, toPage } from '../shared/list-answers';

const NOT_FOUND = { 404: refusal('No such coupon (or restaurant), or another restaurant’s.') } as const;
const CODE_TAKEN = refusal('Another coupon of the restaurant has the code, capitals and spaces aside (`duplicate`, on `code`).');

/** A restaurant's coupons (issue 43): list and create; one coupon's read, change and delete. */
export async function couponRoutes(app: ContractApp, context: AppContext) {
  const { database, clock } = context;
  const { db } = database;
  const scope = (request: Parameters<typeof signedInUser>[0]) => scopeOf(signedInUser(request));
  const collection = `${API_BASE}${paths.coupons}`;
  const one = `${API_BASE}${paths.coupon(':id')}`;

  app.get(
    collection,
    {
      preValidation: app.requireUser,
      schema: {
        querystring: CouponListQuery,
        response: { 200: json(CouponsPage, 'A page of coupons, newest first, each with its uses and what it gave away.'), ...NOT_FOUND },
      },
    },
    async (request) => toPage(request, await listCoupons(db, scope(request), request.query)),
  );
  app.post(
    collection,
    {
      preValidation: app.requireUser,
      schema: {
        body: CouponCreate,
        response: {
          201: json(Coupon, 'The new coupon.'),
          ...NOT_FOUND,
          409: refusal(
            'Another coupon of the restaurant has the code, capitals and spaces aside (`duplicate`), or the Idempotency-Key was used before with another body.',
          ),
        },
      },
    },
    async (request, reply) => created(context, request, reply, (tx, callerScope) => createCoupon(tx, callerScope, request.body)),
  );
  app.get(
    one,
    { preValidation: app.requireUser, schema: { params: IdParams, response: { 200: json(Coupon, 'The coupon.'), ...NOT_FOUND } } },
    async (request) => (await getCoupon(db, scope(request), request.params.id)) satisfies Coupon,
  );
  app.patch(
    one,
    {
      preValidation: app.requireUser,
      schema: { params: IdParams, body: CouponUpdate, response: { 200: json(Coupon, 'The changed coupon.'), ...NOT_FOUND, 409: CODE_TAKEN } },
    },
    async (request) => (await db.transaction((tx) => updateCoupon(tx, scope(request), request.params.id, request.body, clock()))) satisfies Coupon,
  );
  app.delete(
    one,
    {
      preValidation: app.requireUser,
      schema: { params: IdParams, response: { 204: noContent('Deleted; its orders keep the code they were placed with.'), ...NOT_FOUND } },
    },
    async (request, reply) => {
      await db.transaction((tx) => deleteCoupon(tx, scope(request), request.params.id));
      return reply.code(204).send();
    },
  );
}
