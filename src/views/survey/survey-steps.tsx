import { FRUSTRATION_COUNT, FRUSTRATION_MAX, LONG_TEXT_MAX, SHORT_TEXT_MAX, SURVEY_OPTIONS } from '../../../contracts/survey';
import type { SurveyAnswers, SurveyEvent, SurveyStep } from '../../machines/survey/survey.machine';
import { fieldProps } from '../shared/bind-field';
import { LongText, MultiChoice, ShortText, SingleChoice, YesNo } from './survey-fields';
import classes from './survey.module.css';

/** Title and one line of context per step, in the order of SURVEY_STEPS. */
export const STEP_TEXT: Record<SurveyStep, { title: string; intro: string }> = {
  about: { title: 'About you and your restaurant', intro: 'A little context, so we read your answers in the right light.' },
  pos: { title: 'Your point of sale', intro: 'The system your orders and payments run through today.' },
  ordering: { title: 'Ordering in the restaurant', intro: 'How guests order and pay when they are with you.' },
  delivery: { title: 'Delivery and online orders', intro: 'The apps and services that bring you orders from outside.' },
  frustrations: { title: 'What delivery costs you', intro: 'What gets in the way today, and what would help.' },
  team: { title: 'Your team', intro: 'The tools behind scheduling, hiring and paying your staff.' },
  systems: { title: 'Systems and numbers', intro: 'What you run the restaurant on, and the figures you watch.' },
  wishes: { title: 'Last words', intro: 'Two wishes, and whether you would like to try what we build first.' },
};

/** Every question's label, in the order the survey asks them (the summary of a refusal names them so). */
export const QUESTION_LABELS = {
  business_name: 'Restaurant or business name',
  role: 'Your role',
  role_other: 'Your role, in your words',
  restaurant_types: 'What kind of restaurant do you run?',
  pos_system: 'Which POS system do you use?',
  pos_other: 'Which POS system?',
  pos_satisfaction: 'How satisfied are you with it?',
  pos_painpoints: 'What frustrates you most about it?',
  ordering_devices: 'Which of these do you use?',
  ordering_wishlist: 'What would you add or change about how guests order?',
  delivery_apps: 'Which delivery apps take orders for you?',
  delivery_other: 'Which other delivery apps?',
  white_label: 'Which online ordering service runs your own website orders?',
  white_label_other: 'Which online ordering service?',
  delivery_frustrations: 'Your three biggest frustrations with delivery',
  delivery_interests: 'Which of these interest you?',
  staff_tools_used: 'Which staff tasks do you use software for?',
  staff_tools_text: 'Which tools, and how well do they work?',
  ops_efficiency_text: 'Where does your team lose the most time?',
  systems_used: 'Which of these systems do you use?',
  systems_feedback: 'What works, and what does not?',
  analytics_tracked: 'Which numbers do you track?',
  reports_needed: 'Which reports do you wish you had?',
  wish_fix_one: 'If you could fix one thing in your operation tomorrow, what would it be?',
  wish_feature: 'Which feature would make the biggest difference to you?',
  early_access: 'Yes, I would like early access',
  contact_email: 'Email to reach you',
} as const satisfies Record<keyof SurveyAnswers, string>;

const frustrationLabel = (index: number) => `Frustration ${index + 1}`;

/** The `fields` keys a refusal may name, with their labels, in the survey's order (for `labelsInError`). */
export const QUESTION_ORDER: readonly (readonly [string, string])[] = Object.entries(QUESTION_LABELS).flatMap(([field, label]): [string, string][] => [
  [field, label],
  ...(field === 'delivery_frustrations'
    ? Array.from({ length: FRUSTRATION_COUNT }, (_, index): [string, string] => [`${field}.${index}`, frustrationLabel(index)])
    : []),
]);

const L = QUESTION_LABELS;

type StepProps = {
  answers: SurveyAnswers;
  errors: Partial<Record<string, string>>;
  send: (event: SurveyEvent) => void;
};

type TextName = {
  [F in keyof SurveyAnswers]: SurveyAnswers[F] extends string ? F : never;
}[keyof SurveyAnswers];

/** The props every free-text question shares: its value, its error, and how it reports edits. */
function textProps({ answers, errors, send }: StepProps, field: TextName, maxLength = LONG_TEXT_MAX) {
  return { ...fieldProps(field, answers[field], errors[field], (value) => send({ type: 'answer.set', field, value })), maxLength };
}

function otherText(props: StepProps, field: 'role_other' | 'pos_other' | 'delivery_other' | 'white_label_other', label: string) {
  return (
    <div className={classes.other}>
      <ShortText {...textProps(props, field, SHORT_TEXT_MAX)} label={label} />
    </div>
  );
}

function single(props: StepProps, field: 'role' | 'pos_system' | 'pos_satisfaction' | 'white_label') {
  return {
    name: field,
    options: SURVEY_OPTIONS[field],
    value: props.answers[field],
    error: props.errors[field],
    onChange: (value: string) => props.send({ type: 'answer.set', field, value }),
  };
}

function multi(props: StepProps, field: Exclude<keyof typeof SURVEY_OPTIONS, 'role' | 'pos_system' | 'pos_satisfaction' | 'white_label'>) {
  return {
    options: SURVEY_OPTIONS[field],
    value: props.answers[field],
    error: props.errors[field],
    onToggle: (option: string) => props.send({ type: 'option.toggle', field, option }),
  };
}

/** The questions of one step, in a sensible order; "Other" reveals its own text field. */
export function StepQuestions({ step, ...props }: StepProps & { step: SurveyStep }) {
  switch (step) {
    case 'about':
      return (
        <>
          <ShortText {...textProps(props, 'business_name', SHORT_TEXT_MAX)} label={L.business_name} autoComplete="organization" placeholder="e.g. Pizza Loco" />
          <SingleChoice {...single(props, 'role')} label={L.role} other={otherText(props, 'role_other', L.role_other)} />
          <MultiChoice {...multi(props, 'restaurant_types')} label={L.restaurant_types} />
        </>
      );
    case 'pos':
      return (
        <>
          <SingleChoice {...single(props, 'pos_system')} label={L.pos_system} other={otherText(props, 'pos_other', L.pos_other)} />
          <SingleChoice {...single(props, 'pos_satisfaction')} label={L.pos_satisfaction} />
          <LongText {...textProps(props, 'pos_painpoints')} label={L.pos_painpoints} />
        </>
      );
    case 'ordering':
      return (
        <>
          <MultiChoice {...multi(props, 'ordering_devices')} label={L.ordering_devices} />
          <LongText {...textProps(props, 'ordering_wishlist')} label={L.ordering_wishlist} />
        </>
      );
    case 'delivery':
      return (
        <>
          <MultiChoice {...multi(props, 'delivery_apps')} label={L.delivery_apps} other={otherText(props, 'delivery_other', L.delivery_other)} />
          <SingleChoice
            {...single(props, 'white_label')}
            label={L.white_label}
            hint="Skip this if you take no orders on your own website."
            other={otherText(props, 'white_label_other', L.white_label_other)}
          />
        </>
      );
    case 'frustrations':
      return (
        <>
          <fieldset className={classes.fieldset}>
            <legend className={classes.legend}>{L.delivery_frustrations}</legend>
            <div className={classes.stack}>
              {props.answers.delivery_frustrations.map((text, index) => (
                <ShortText
                  // The three are positions, not records: their index is their identity.
                  key={index}
                  {...fieldProps(`delivery_frustrations.${index}`, text, props.errors[`delivery_frustrations.${index}`], (value) =>
                    props.send({ type: 'answer.set', field: 'delivery_frustrations', index, value }),
                  )}
                  label={frustrationLabel(index)}
                  maxLength={FRUSTRATION_MAX}
                />
              ))}
            </div>
          </fieldset>
          <MultiChoice {...multi(props, 'delivery_interests')} label={L.delivery_interests} />
        </>
      );
    case 'team':
      return (
        <>
          <MultiChoice {...multi(props, 'staff_tools_used')} label={L.staff_tools_used} />
          <LongText {...textProps(props, 'staff_tools_text')} label={L.staff_tools_text} />
          <LongText {...textProps(props, 'ops_efficiency_text')} label={L.ops_efficiency_text} />
        </>
      );
    case 'systems':
      return (
        <>
          <MultiChoice {...multi(props, 'systems_used')} label={L.systems_used} />
          <LongText {...textProps(props, 'systems_feedback')} label={L.systems_feedback} />
          <MultiChoice {...multi(props, 'analytics_tracked')} label={L.analytics_tracked} />
          <LongText {...textProps(props, 'reports_needed')} label={L.reports_needed} />
        </>
      );
    case 'wishes':
      return (
        <>
          <LongText {...textProps(props, 'wish_fix_one')} label={L.wish_fix_one} />
          <LongText {...textProps(props, 'wish_feature')} label={L.wish_feature} />
          <YesNo
            label={L.early_access}
            hint="Try the new ordering and delivery tools before anyone else."
            checked={props.answers.early_access}
            onChange={(value) => props.send({ type: 'answer.set', field: 'early_access', value })}
          />
          <ShortText
            {...textProps(props, 'contact_email', 254)}
            type="email"
            autoComplete="email"
            label={L.contact_email}
            hint="Optional. Only used to follow up on your answers."
            placeholder="you@yourrestaurant.com"
          />
        </>
      );
  }
}
