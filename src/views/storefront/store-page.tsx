import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { StoreCategory, Storefront } from '../../../contracts/storefront';
import { useHydrated } from '../shared/use-hydrated';
import { useSoldOut } from './use-sold-out';
import { ItemDialog, type OrderFormMaker } from './item-details';
import { CategoryNav, MenuSections, type OpenItem } from './menu-sections';
import { StoreFooter, StoreHeader } from './store-header';
import { InfoColumn, type Today } from './store-info';
import type { ZipChecker } from './zip-check';

export type { Today };

export type StorePageProps = {
  store: Storefront;
  /** The restaurant's date and weekday when the page was rendered: which row of the hours is today's. */
  today: Today;
  /** The zip check, the order form and the ordering parts (`children`: cart, checkout), given by the browser's composition root only. */
  checkZip?: ZipChecker;
  orderForm?: OrderFormMaker;
  children?: ReactNode;
};

type Shown = { item: StoreCategory['items'][number]; category: StoreCategory; opening: number } | null;

/**
 * The store page's body (issue 42): the server renders it to HTML from the `Storefront` (prices,
 * hours, status before any script, and the page works without one), and the browser hydrates the
 * very same tree. Whatever needs the script (item details, the zip check, the cart) appears from
 * the render after hydration (useHydrated), so both renders agree.
 */
export function StorePage({ store, today, checkZip, orderForm, children }: StorePageProps) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [shown, setShown] = useState<Shown>(null);
  const todaySpecial = store.hours.special_days.find((day) => day.date === today.date);
  const soldOut = useSoldOut(store, today, hydrated);

  const open: OpenItem = (item, category, button) => {
    opener.current = button;
    // Each opening is a fresh dialog (its form starts blank), drawn before it is shown.
    flushSync(() => setShown((before) => ({ item, category, opening: (before?.opening ?? 0) + 1 })));
    dialog.current?.showModal();
    dialog.current?.querySelector<HTMLElement>('.close')?.focus();
  };

  return (
    <>
      <a className="skip" href="#menu">
        Skip to the menu
      </a>
      <StoreHeader store={store} todaySpecial={todaySpecial} />
      {store.categories.length > 0 && <CategoryNav store={store} />}
      <main className="wrap layout">
        <MenuSections store={store} open={hydrated ? open : null} soldOut={soldOut} />
        <InfoColumn store={store} today={today} check={hydrated ? (checkZip ?? null) : null} />
      </main>
      <StoreFooter store={store} />
      {hydrated && (
        <>
          <ItemDialog
            key={shown?.opening ?? 0}
            dialog={dialog}
            shown={shown}
            currency={store.restaurant.currency}
            orderForm={orderForm ?? null}
            onClosed={() => opener.current?.focus()}
          />
          {children}
        </>
      )}
    </>
  );
}
