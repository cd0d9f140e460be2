import { describe, expect, it } from 'vitest';
import { offeredPaymentMethods } from '#contracts/shared/payment-methods';

/** Which ways of paying a store offers (issue 44): the store page, its checkout and the server all ask this. */
describe('offeredPaymentMethods', () => {
  it.each([
    [{ card_online: true, in_person: true }, true, ['card', 'in_person']],
    [{ card_online: true, in_person: false }, true, ['card']],
    [{ card_online: false, in_person: true }, true, ['in_person']],
    [{ card_online: true, in_person: true }, false, ['in_person']],
    // Cards only, on a platform that has since lost its Stripe keys: in person rather than nothing.
    [{ card_online: true, in_person: false }, false, ['in_person']],
    [{ card_online: false, in_person: true }, false, ['in_person']],
  ] as const)('%j with Stripe keys %s offers %j', (choice, cardAvailable, offered) => {
    expect(offeredPaymentMethods(choice, cardAvailable)).toEqual(offered);
  });
});
