import { array, assign, boolean, nullable, number, object, optional, refine, string, type Infer, type Struct } from 'superstruct';
import { PAGING, Page } from './shared/lists';
import { Email, boundedText } from './shared/text';
import { boundedList, documented } from './shared/documented';

/**
 * The public operator survey (second specification, sections 2 to 5 and 9). The option lists
 * live here and only here: the contract refuses anything else and the survey screens render
 * exactly these, so the two can never drift apart. Where the specification leaves a list out
 * (POS products, the middle satisfaction values, white-label providers, analytics) the choice
 * is ours: real, current products and wording a US restaurant operator recognises.
 */

/** The choice that reveals a free-text field of its own (`role_other`, `pos_other`, ...). */
export const OTHER = 'Other';

export const SURVEY_OPTIONS = {
  role: ['Owner', 'General Manager', 'Operations Director', 'Chef/Head of Kitchen', OTHER],
  restaurant_types: ['Quick Service', 'Fast Casual', 'Full Service', 'Fine Dining', 'Ghost Kitchen', 'Food Truck'],
  pos_system: [
    'Toast',
    'Square for Restaurants',
    'Clover',
    'Lightspeed Restaurant',
    'Revel Systems',
    'TouchBistro',
    'SpotOn',
    'Aloha (NCR Voyix)',
    'Oracle MICROS Simphony',
    'Heartland Restaurant',
    'Shift4 (SkyTab)',
    'PAR Brink',
    'Epos Now',
    'Upserve (Lightspeed)',
    OTHER,
  ],
  pos_satisfaction: ['Very Satisfied', 'Satisfied', 'Neutral', 'Unsatisfied', 'Very Unsatisfied'],
  ordering_devices: [
    'Self-order kiosks',
    'QR code menus',
    'Kitchen display system (KDS)',
    'Handheld ordering devices',
    'Tableside payments',
    'Drive-through system',
  ],
  delivery_apps: ['Uber Eats', 'DoorDash', 'Grubhub', 'Postmates', OTHER, 'Not using 3rd parties'],
  delivery_interests: [
    'Lower commission online orders',
    'Integrated first-party ordering and delivery',
    'Accepting crypto payments',
    'Advanced loyalty program',
    'All of the above',
  ],
  white_label: ['Olo', 'ChowNow', 'BentoBox', 'Owner.com', 'Lunchbox', OTHER],
  staff_tools_used: ['Scheduling', 'Hiring', 'Payroll', 'Performance tracking', 'Training/onboarding'],
  systems_used: ['Inventory management', 'Loyalty program', 'Drive-through management', 'None'],
  analytics_tracked: ['Sales by hour and day', 'Menu item performance', 'Labor cost %', 'Food cost %', 'Customer retention', 'Delivery vs. dine-in mix'],
} as const;

type Options = typeof SURVEY_OPTIONS;
export type SingleChoiceField = 'role' | 'pos_system' | 'pos_satisfaction' | 'white_label';
export type MultiChoiceField = Exclude<keyof Options, SingleChoiceField>;
export type SurveyOption<F extends keyof Options> = Options[F][number];

/**
 * Answers that mean "nothing else": ticking one clears the rest of its list, and the contract
 * refuses them combined with another answer (a contradiction, or a duplicate of every answer).
 */
export const EXCLUSIVE_OPTIONS: Partial<Record<MultiChoiceField, string>> = {
  delivery_apps: 'Not using 3rd parties',
  delivery_interests: 'All of the above',
  systems_used: 'None',
};

/** Which choice field each "Other" text belongs to. */
export const OTHER_TEXT_OF = {
  role_other: 'role',
  pos_other: 'pos_system',
  delivery_other: 'delivery_apps',
  white_label_other: 'white_label',
} as const satisfies Record<string, keyof Options>;

export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 2000;
export const FRUSTRATION_MAX = 500;
export const FRUSTRATION_COUNT = 3;

const quote = (values: readonly string[]) => values.map((value) => `“${value}”`).join(', ');

/** One of `options`; anything else is refused with the list a person could have picked from. */
function oneOf<const T extends readonly string[]>(options: T): Struct<T[number], null> {
  return refine(string(), 'option', (value) => options.includes(value) || `“${value}” is not one of the choices (${quote(options)}).`) as unknown as Struct<
    T[number],
    null
  >;
}

/** Several of `options`, each at most once; an exclusive answer (e.g. “None”) only on its own. */
function someOf<const T extends readonly string[]>(options: T, exclusive?: string): Struct<T[number][], Struct<string>> {
  return refine(boundedList(array(string()), options.length, 'choices'), 'options', (values) => {
    const unknown = values.filter((value) => !options.includes(value));
    if (unknown.length > 0) return `${quote(unknown)} ${unknown.length === 1 ? 'is' : 'are'} not among the choices (${quote(options)}).`;
    if (new Set(values).size !== values.length) return 'Each choice may be given only once.';
    if (exclusive !== undefined && values.includes(exclusive) && values.length > 1) {
      return `“${exclusive}” cannot be combined with other choices.`;
    }
    return true;
  }) as unknown as Struct<T[number][], Struct<string>>;
}

const shortText = (label: string) => optional(boundedText(SHORT_TEXT_MAX, label));
const longText = (label: string) => optional(boundedText(LONG_TEXT_MAX, label));

const Frustrations = documented(
  refine(
    array(boundedText(FRUSTRATION_MAX, 'Each frustration')),
    'count',
    (values) => values.length <= FRUSTRATION_COUNT || `Please list at most ${FRUSTRATION_COUNT} frustrations.`,
  ),
  { maxItems: FRUSTRATION_COUNT },
);

const single = <F extends SingleChoiceField>(field: F) => optional(oneOf(SURVEY_OPTIONS[field]));
const multi = <F extends MultiChoiceField>(field: F) => optional(someOf(SURVEY_OPTIONS[field], EXCLUSIVE_OPTIONS[field]));

/**
 * POST /api/surveys/operator/: every field of the specification's "Survey response", none
 * required (section 5). Unknown fields are refused like everywhere else.
 */
export const SurveyResponseCreate = object({
  business_name: shortText('Business name'),
  role: single('role'),
  role_other: shortText('Your role'),
  restaurant_types: multi('restaurant_types'),
  pos_system: single('pos_system'),
  pos_other: shortText('Your POS system'),
  pos_satisfaction: single('pos_satisfaction'),
  pos_painpoints: longText('POS pain points'),
  ordering_devices: multi('ordering_devices'),
  ordering_wishlist: longText('Ordering wishlist'),
  delivery_apps: multi('delivery_apps'),
  delivery_other: shortText('Other delivery apps'),
  white_label: single('white_label'),
  white_label_other: shortText('Your online ordering provider'),
  delivery_frustrations: optional(Frustrations),
  delivery_interests: multi('delivery_interests'),
  staff_tools_text: longText('Staff tools'),
  staff_tools_used: multi('staff_tools_used'),
  ops_efficiency_text: longText('Operations efficiency'),
  systems_used: multi('systems_used'),
  systems_feedback: longText('Systems feedback'),
  analytics_tracked: multi('analytics_tracked'),
  reports_needed: longText('Reports needed'),
  wish_fix_one: longText('The one thing to fix'),
  wish_feature: longText('Wished-for feature'),
  early_access: optional(boolean()),
  contact_email: optional(Email),
});
export type SurveyResponseCreate = Infer<typeof SurveyResponseCreate>;
export type SurveyField = keyof SurveyResponseCreate;

/** The answer to a stored survey: where to find it again. */
export const SurveyCreated = object({ id: number(), created_at: string() });
export type SurveyCreated = Infer<typeof SurveyCreated>;

/** One stored survey as administrators read it: the answers as sent, plus when and from what. */
export type SurveyResponse = SurveyResponseCreate & { id: number; created_at: string; user_agent: string | null };

export const SURVEY_PAGE_SIZE_DEFAULT = 20;

/** GET /api/surveys/operator/?page=&page_size= */
export const SurveyListQuery = object(PAGING);
export type SurveyListQuery = Infer<typeof SurveyListQuery>;

export type SurveyPage = { count: number; next: string | null; previous: string | null; results: SurveyResponse[] };

/** A page of stored surveys as GET /api/surveys/operator/ answers it, for clients to check what they read. */
export const SurveyResponsePage = Page(assign(SurveyResponseCreate, object({ id: number(), created_at: string(), user_agent: nullable(string()) })));
