import type { SpecialDay } from '../../../contracts/shared/opening-hours';
import type { Storefront } from '../../../contracts/storefront';
import { addressLine, todayNote } from '../../../contracts/storefront/store-words';
import { StoreStatus } from './store-status';

/** "tel:" wants digits (and a leading +): "(217) 555-0101" → "tel:2175550101". */
const telHref = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** The banner: logo, name, about, the open/closed pill, today's special day, address and phone. */
export function StoreHeader({ store, todaySpecial }: { store: Storefront; todaySpecial: SpecialDay | undefined }) {
  const { restaurant } = store;
  return (
    <header className="hero">
      <div className="wrap hero-inner">
        {restaurant.logo_url && <img className="logo" src={restaurant.logo_url} alt={`${restaurant.name} logo`} width={80} height={80} />}
        <div>
          <h1>{restaurant.name}</h1>
          {restaurant.about && <p className="about">{restaurant.about}</p>}
          <StoreStatus store={store} />
          {todaySpecial && <p className="today-note">{todayNote(todaySpecial, restaurant.country)}</p>}
          <ul className="contact">
            {restaurant.address && (
              <li>
                <address>{addressLine(restaurant.address)}</address>
              </li>
            )}
            {restaurant.public_phone && (
              <li>
                <a href={telHref(restaurant.public_phone)}>{restaurant.public_phone}</a>
              </li>
            )}
          </ul>
        </div>
      </div>
    </header>
  );
}

export function StoreFooter({ store }: { store: Storefront }) {
  const { restaurant } = store;
  return (
    <footer className="site-footer">
      <div className="wrap">
        <p>
          <strong>{restaurant.name}</strong>
          {restaurant.address && ` \u00b7 ${addressLine(restaurant.address)}`}
        </p>
        {restaurant.contact_email && (
          <p>
            Email <a href={`mailto:${restaurant.contact_email}`}>{restaurant.contact_email}</a>
          </p>
        )}
        <p>{`Hours are shown in the restaurant\u2019s local time (${restaurant.time_zone}).`}</p>
      </div>
    </footer>
  );
}
