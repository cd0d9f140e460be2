import { DAY_NAMES } from '../../../contracts/shared/opening-hours';
import type { Storefront } from '../../../contracts/storefront';
import { dayHours, deliveryTerms, longDate, pickupTerms, specialDayHours } from '../../../contracts/storefront/store-words';
import { ZipCheck, type ZipChecker } from './zip-check';

export type Today = { date: string; weekday: number };

/** The week's hours (today marked), then the special days to come. */
function HoursCard({ store, today }: { store: Storefront; today: Today }) {
  const { hours } = store;
  const country = store.restaurant.country;
  const upcoming = hours.special_days.filter((day) => day.date >= today.date);
  return (
    <section className="card" aria-labelledby="hours-title">
      <h2 id="hours-title">Opening hours</h2>
      <table className="hours">
        <tbody>
          {hours.open_247 ? (
            <tr>
              <th scope="row">Every day</th>
              <td>Open 24 hours</td>
            </tr>
          ) : (
            hours.days.map((day) => {
              const isToday = day.day_of_week === today.weekday;
              return (
                <tr key={day.day_of_week} aria-current={isToday ? 'date' : undefined}>
                  <th scope="row">
                    {DAY_NAMES[day.day_of_week - 1]}
                    {isToday && <span className="vh"> (today)</span>}
                  </th>
                  <td>
                    {dayHours(day, country).map((span, index) => (
                      <span key={span}>
                        {index > 0 && ', '}
                        <span className="nw">{span}</span>
                      </span>
                    ))}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      {upcoming.length > 0 && (
        <>
          <h3>Special days</h3>
          <ul className="plain">
            {upcoming.map((day) => (
              <li key={day.date}>
                <strong>{longDate(day.date, country)}</strong>
                {`: ${specialDayHours(day, country)}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * Whether the menu's prices already hold the tax (issue 43). A store whose data predates the
 * money block adds tax, as the server then does. "VAT" is the UK's word for it.
 */
export function taxStatement(store: Pick<Storefront, 'money' | 'restaurant'>): string {
  if (!store.money?.prices_include_tax) return 'Tax is added at checkout.';
  return store.restaurant.currency === 'GBP' ? 'Prices include VAT.' : 'Prices include tax.';
}

/**
 * Pickup and delivery in plain words, what the prices hold, and the "Do you deliver to my zip?" form. Without the
 * page's script (`check` null) a sentence tells the visitor how to ask instead; with it, the form.
 */
function OrderingCard({ store, check }: { store: Storefront; check: ZipChecker | null }) {
  const { restaurant } = store;
  const askBy = restaurant.public_phone ? `call ${restaurant.public_phone}` : restaurant.contact_email ? `write to ${restaurant.contact_email}` : null;
  return (
    <section className="card" aria-labelledby="ordering-title">
      <h2 id="ordering-title">Pickup and delivery</h2>
      <p id="tax-statement">{taxStatement(store)}</p>
      <h3>Pickup</h3>
      <p>{pickupTerms(store)}</p>
      <h3>Delivery</h3>
      <ul className="plain terms">
        {deliveryTerms(store).map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
      {store.delivery.available && (
        <>
          {askBy && check === null && <p className="muted">{`To know whether we deliver to your address, ${askBy}.`}</p>}
          <ZipCheck store={{ currency: restaurant.currency, pickup_available: store.pickup.available }} check={check} />
        </>
      )}
    </section>
  );
}

export function InfoColumn({ store, today, check }: { store: Storefront; today: Today; check: ZipChecker | null }) {
  return (
    <aside className="info" aria-label="Hours, pickup and delivery">
      <HoursCard store={store} today={today} />
      <OrderingCard store={store} check={check} />
    </aside>
  );
}
