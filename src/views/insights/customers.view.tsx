import type { GeneralStatsMachine } from '../../machines/insights/general-stats.machine';
import { GeneralStatsScreen, StaticList, type StatCard } from './general-stats-screen';
import classes from './insights.module.css';

const CUSTOMER_CARDS: StatCard[] = [
  { label: 'Total Restaurants', stat: 'restaurants' },
  { label: 'Menu Items', stat: 'menuItems' },
  { label: 'Categories', stat: 'categories' },
];

/** Customers (second document, section 7): stat cards; the feature lists are static until customer accounts arrive. */
export function CustomersView({ machine }: { machine?: GeneralStatsMachine }) {
  return (
    <GeneralStatsScreen title="Customers" cards={CUSTOMER_CARDS} {...(machine ? { machine } : {})}>
      <div className={classes.charts}>
        <StaticList title="Customer profiles" items={['Order history', 'Saved addresses', 'Favourite items']} />
        <StaticList title="Engagement" items={['Loyalty points', 'Promo code usage', 'Reviews and ratings']} />
      </div>
    </GeneralStatsScreen>
  );
}
