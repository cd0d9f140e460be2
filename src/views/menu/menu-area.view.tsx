import type { CurrentUser } from '../../../contracts/shared/session';
import { ComingSoon } from '../../components/coming-soon';
import type { MenuScope } from '../../services/menu/menu-types';
import { useSession } from '../shared/session-context';
import { CategoriesListView } from './categories-list.view';
import { CategoryEditorView, CategoryNotFound } from './category-editor.view';
import { DressingsView } from './dressings.view';
import { ExtraOptionsView } from './extra-options.view';
import { MenuHomeView } from './menu-home.view';
import { PrimaryOptionsView } from './primary-options.view';
import { ToppingsView } from './toppings.view';

/**
 * Spec section 6: superadmins are not tied to a restaurant; everyone else acts in their active one.
 * A superadmin who chose a restaurant in the header's picker (issue 10) works in it like anyone
 * else, so lists and creates are tagged with it; without a choice the spec's untagged rule holds.
 */
export const menuScope = (user: Pick<CurrentUser, 'is_superadmin' | 'active_restaurant_id'>): MenuScope => ({
  restaurantId: user.active_restaurant_id,
  superadmin: user.is_superadmin && user.active_restaurant_id === null,
});

type MenuScreenProps = { screen: string; params?: Record<string, string | undefined> };

/**
 * The menu screens of the back office, one lazily loaded chunk (the landing page never loads it).
 * A new working restaurant (the admin's picker) starts them afresh: every list re-reads what now
 * applies, and no half-made row is sent to the wrong restaurant.
 */
export function MenuArea(props: MenuScreenProps) {
  const { user } = useSession();
  return <MenuScreens key={user.active_restaurant_id ?? 'none'} {...props} />;
}

function MenuScreens({ screen, params }: MenuScreenProps) {
  const { user } = useSession();
  const scope = menuScope(user);
  switch (screen) {
    case 'menu':
      return <MenuHomeView />;
    case 'menu/categories':
      return <CategoriesListView scope={scope} />;
    case 'menu/categories/new':
      return <CategoryEditorView key="new" categoryId={null} scope={scope} />;
    case 'menu/categories/:id/editor': {
      const id = Number(params?.id);
      // A malformed id names a category that cannot exist.
      if (!Number.isInteger(id) || id < 1) return <CategoryNotFound />;
      return <CategoryEditorView key={params?.id} categoryId={id} scope={scope} />;
    }
    case 'menu/toppings':
      return <ToppingsView scope={scope} />;
    case 'menu/dressings':
      return <DressingsView scope={scope} />;
    case 'menu/primary-options':
      return <PrimaryOptionsView scope={scope} />;
    case 'menu/extra-options':
      return <ExtraOptionsView scope={scope} />;
    default:
      return <ComingSoon area="Menu" />;
  }
}
