/**
 * The delivery step's defaults that customers see (spec section 9, and our choices where it is
 * silent): the onboarding's delivery step starts from them, and a launched store whose delivery
 * step was never saved shows them. Amounts are money in the restaurant's currency.
 */
export type DeliveryTerms = {
  has_delivery: boolean;
  has_pickup: boolean;
  coverage_mode: 'distance' | 'zip';
  delivery_eta_from: number;
  delivery_eta_to: number;
  pickup_eta_from: number;
  pickup_eta_to: number;
  apply_delivery_fee: boolean;
  delivery_fee: number;
  min_order_enabled: boolean;
  min_order_amount: number;
  free_over_enabled: boolean;
  free_over_amount: number;
};

export const DEFAULT_DELIVERY_TERMS: Readonly<DeliveryTerms> = {
  has_delivery: true,
  has_pickup: true,
  coverage_mode: 'distance',
  delivery_eta_from: 20,
  delivery_eta_to: 30,
  pickup_eta_from: 10,
  pickup_eta_to: 20,
  apply_delivery_fee: false,
  delivery_fee: 0,
  min_order_enabled: false,
  min_order_amount: 0,
  free_over_enabled: false,
  free_over_amount: 10,
};
