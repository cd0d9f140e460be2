import type { CustomersMachine } from '../../machines/insights/customers.machine';
import type { GeneralStatsMachine } from '../../machines/insights/general-stats.machine';
import { useSession } from '../shared/session-context';
import { CustomerList } from './customer-list';
import { GeneralStatsScreen, StaticList, type StatCard } from './general-stats-screen';
import { statsRestaurant } from './insight-parts';
import classes from './insights.module.css';

const CUSTOMER_CARDS: StatCard[] = [
  { label: 'Total Restaurants', stat: 'restaurants' },
  { label: 'Menu Items', stat: 'menuItems' },
  { label: 'Categories', stat: 'categories' },
];

export const CUSTOMERS_COMING_SOON =
  'Customer accounts are being built: the lists above show what they will offer. The customer list is counted from real orders.';

/**
 * Customers (second document, section 7): the specification's stat cards, then the restaurant's
 * real customers counted from its orders (issue 30); the feature lists stay static until customer
 * accounts arrive (no saved addresses, favourites, loyalty or reviews are kept yet).
 */
export function CustomersView({ machine, listMachine }: { machine?: GeneralStatsMachine; listMachine?: CustomersMachine }) {
  const restaurantId = statsRestaurant(useSession().user);
  return (
    <GeneralStatsScreen title="Customers" cards={CUSTOMER_CARDS} comingSoon={CUSTOMERS_COMING_SOON} {...(machine ? { machine } : {})}>
      <CustomerList restaurantId={restaurantId} {...(listMachine ? { machine: listMachine } : {})} />
      <div className={classes.charts}>
        <StaticList title="Customer profiles" items={['Order history', 'Saved addresses', 'Favourite items']} />
        <StaticList title="Engagement" items={['Loyalty points', 'Promo code usage', 'Reviews and ratings']} />
      </div>
    </GeneralStatsScreen>
  );
}
