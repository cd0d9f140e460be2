import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { ActorRef, Snapshot } from 'xstate';
import { TAX_RATE_MAX, TIP_CHOICES_MAX, TIP_PERCENT_MAX } from '../../../contracts/ordering/order-settings';
import { DEFAULT_PREP_MAX, MIN_LEAD_MAX, SLOT_LIMIT_MAX } from '../../../contracts/ordering/kitchen-settings';
import { focusFirstInError } from '../../components/form-errors';
import { Spinner } from '../../components/spinner';
import { changed, type SettingsSectionEmitted } from '../../machines/ordering/settings-section';
import { categoryField, taxSettingsMachine, type TaxForm, type TaxSettingsMachine } from '../../machines/ordering/tax-settings.machine';
import { choiceField, tipSettingsMachine, type TipForm, type TipSettingsMachine } from '../../machines/ordering/tip-settings.machine';
import { paymentSettingsMachine, type PaymentForm, type PaymentSettingsMachine } from '../../machines/ordering/payment-settings.machine';
import { kitchenSettingsMachine, type KitchenForm, type KitchenSettingsMachine } from '../../machines/ordering/kitchen-settings.machine';
import { useScreen } from '../shared/use-screen';

/**
 * The Store screen's Taxes and Tips sections (issue 43), Payments (issue 44) and Kitchen (issue 45,
 * here beside them since it is built on the same section frame). The Store screen
 * (onboarding's) draws each section's card and heading; these are the bodies, handed to it by src/app.tsx.
 */

export const TAX_NOTICE = 'Set your sales tax rate: until you save one, your orders carry no tax.';
export const CARD_UNAVAILABLE =
  'Card payments are not set up on this platform yet: its administrator adds Stripe keys first. Until then, customers pay in person.';
const fieldStyle = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

type SectionActor = ActorRef<Snapshot<unknown>, never, SettingsSectionEmitted>;

/** What the machine tells a section to do once: say "Saved", or move the focus to the first field in error. */
function useSectionEffects(actor: SectionActor, form: () => HTMLFormElement | null) {
  const [saved, setSaved] = useState(false);
  useScreen(actor, {
    'section.saved': () => setSaved(true),
    'section.refused': () => {
      setSaved(false);
      // The event comes with the transition, before React has drawn the sentences: focus after it.
      setTimeout(() => {
        const element = form();
        if (element) focusFirstInError(element);
      });
    },
  });
  return saved;
}

/** Loading, a failed load with its retry, or the form with its alert, fields and Save. */
/** What each section's frame reads of its machine: the tags, whether the form changed, and Save and Try again as events. */
function frameProps(
  state: { hasTag: (tag: 'loading' | 'loadFailed' | 'saving') => boolean; context: Parameters<typeof changed>[0] },
  send: (event: { type: 'section.save' } | { type: 'section.retry' }) => void,
) {
  return {
    tags: { loading: state.hasTag('loading'), loadFailed: state.hasTag('loadFailed'), saving: state.hasTag('saving') },
    changed: changed(state.context),
    onSave: () => send({ type: 'section.save' }),
    onRetry: () => send({ type: 'section.retry' }),
  };
}

function SectionForm(props: {
  what: string;
  save: string;
  tags: { loading: boolean; loadFailed: boolean; saving: boolean };
  changed: boolean;
  saved: boolean;
  error: string | null;
  formRef: RefObject<HTMLFormElement | null>;
  onSave: () => void;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (props.tags.loading) return <Spinner label={`Loading ${props.what}`} />;
  if (props.tags.loadFailed) {
    return (
      <Alert role="alert" color="red" variant="light" title={`We couldn't load ${props.what}`}>
        <Text inherit mb="sm">
          {props.error}
        </Text>
        <Button size="sm" variant="default" onClick={props.onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave();
  };
  return (
    <form ref={props.formRef} noValidate onSubmit={submit}>
      <Stack gap="md">
        {props.error ? (
          <Alert role="alert" color="red" variant="light" title={`We couldn't save ${props.what}`}>
            {props.error}
          </Alert>
        ) : null}
        <fieldset disabled={props.tags.saving} style={fieldStyle}>
          <Stack gap="md">{props.children}</Stack>
        </fieldset>
        <Group gap="sm">
          <Button type="submit" loading={props.tags.saving} disabled={!props.changed}>
            {props.save}
          </Button>
          <Text role="status" size="sm" c="teal.9" fw={600}>
            {props.saved && !props.changed ? 'Saved' : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

export function TaxesSection({ restaurantId, machine = taxSettingsMachine }: { restaurantId: number; machine?: TaxSettingsMachine }) {
  const [state, send, actor] = useMachine(machine, { input: { restaurantId } });
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useSectionEffects(actor, () => formRef.current);
  const { data, form, fieldErrors, error } = state.context;
  const edit = (change: Partial<TaxForm>) => form && send({ type: 'form.change', form: { ...form, ...change } });
  return (
    <Stack gap="md">
      {data?.settings.needs_setup ? (
        <Alert color="yellow" variant="light" title="No sales tax yet">
          {TAX_NOTICE}
        </Alert>
      ) : null}
      <SectionForm what="taxes" save="Save taxes" {...frameProps(state, send)} saved={saved} error={error} formRef={formRef}>
        {form && data ? (
          <>
            <Switch
              label="Menu prices include tax"
              description="On where prices already hold VAT or GST: the tax is split out of them, never added. Off: tax is added at checkout."
              checked={form.prices_include_tax}
              onChange={(event) => edit({ prices_include_tax: event.currentTarget.checked })}
            />
            <TextInput
              label="Tax rate (%)"
              description={`Applies to every category without a rate of its own; 0 to ${TAX_RATE_MAX}, e.g. 8.25.`}
              inputMode="decimal"
              styles={{ wrapper: { maxWidth: 240 } }}
              value={form.default_rate}
              error={fieldErrors.default_rate}
              onChange={(event) => edit({ default_rate: event.currentTarget.value })}
            />
            <Switch
              label="Tax the delivery fee"
              description="At the tax rate above, where your state or country taxes delivery."
              checked={form.delivery_fee_taxable}
              onChange={(event) => edit({ delivery_fee_taxable: event.currentTarget.checked })}
            />
            <fieldset style={fieldStyle}>
              <Text component="legend" fw={600} size="sm">
                Rates by category
              </Text>
              <Text size="sm" c="dimmed" mb="xs">
                Leave a category empty to use the tax rate above.
              </Text>
              {data.categories.length === 0 ? (
                <Text size="sm">Your menu has no categories yet.</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
                  {data.categories.map((category) => (
                    <TextInput
                      key={category.id}
                      label={`${category.name} (%)`}
                      inputMode="decimal"
                      placeholder={form.default_rate}
                      value={form.category_rates[String(category.id)] ?? ''}
                      error={fieldErrors[categoryField(category.id)]}
                      onChange={(event) => edit({ category_rates: { ...form.category_rates, [String(category.id)]: event.currentTarget.value } })}
                    />
                  ))}
                </SimpleGrid>
              )}
              {fieldErrors.category_rates ? (
                <Text size="sm" c="red.8">
                  {fieldErrors.category_rates}
                </Text>
              ) : null}
            </fieldset>
          </>
        ) : null}
      </SectionForm>
    </Stack>
  );
}

const ORDINALS = ['First', 'Second', 'Third', 'Fourth'];

export function TipsSection({ restaurantId, machine = tipSettingsMachine }: { restaurantId: number; machine?: TipSettingsMachine }) {
  const [state, send, actor] = useMachine(machine, { input: { restaurantId } });
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useSectionEffects(actor, () => formRef.current);
  const { form, fieldErrors, error } = state.context;
  const edit = (change: Partial<TipForm>) => form && send({ type: 'form.change', form: { ...form, ...change } });
  return (
    <SectionForm what="tips" save="Save tips" {...frameProps(state, send)} saved={saved} error={error} formRef={formRef}>
      {form ? (
        <>
          <Switch
            label="Offer a tip at checkout"
            description="Beside No tip. A tip is never taxed or discounted."
            checked={form.enabled}
            onChange={(event) => edit({ enabled: event.currentTarget.checked })}
          />
          <fieldset style={fieldStyle} disabled={!form.enabled}>
            <Text component="legend" fw={600} size="sm">
              Tip choices (%)
            </Text>
            <Text size="sm" c="dimmed" mb="xs">
              {`Up to ${TIP_CHOICES_MAX} percentages from 0 to ${TIP_PERCENT_MAX}; leave a field empty to offer fewer.`}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {form.choices.map((choice, slot) => (
                <TextInput
                  key={slot}
                  label={`${ORDINALS[slot]} choice`}
                  inputMode="decimal"
                  value={choice}
                  error={fieldErrors[choiceField(slot)]}
                  onChange={(event) => edit({ choices: form.choices.map((typed, at) => (at === slot ? event.currentTarget.value : typed)) })}
                />
              ))}
            </SimpleGrid>
            {fieldErrors.choices ? (
              <Text size="sm" c="red.8">
                {fieldErrors.choices}
              </Text>
            ) : null}
          </fieldset>
          <Switch
            label="Let customers type an amount"
            checked={form.allow_custom}
            disabled={!form.enabled}
            onChange={(event) => edit({ allow_custom: event.currentTarget.checked })}
          />
        </>
      ) : null}
    </SectionForm>
  );
}

export function PaymentsSection({ restaurantId, machine = paymentSettingsMachine }: { restaurantId: number; machine?: PaymentSettingsMachine }) {
  const [state, send, actor] = useMachine(machine, { input: { restaurantId } });
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useSectionEffects(actor, () => formRef.current);
  const { data, form, fieldErrors, error } = state.context;
  const edit = (change: Partial<PaymentForm>) => form && send({ type: 'form.change', form: { ...form, ...change } });
  return (
    <SectionForm what="payments" save="Save payments" {...frameProps(state, send)} saved={saved} error={error} formRef={formRef}>
      {form && data ? (
        <>
          {/* Left enabled while on, so a store whose platform lost its keys can still turn cards off. Mantine's
              Switch marks no error on its input: aria-invalid says which switch the refusal is about. */}
          <Switch
            label="Card online (Stripe)"
            description={data.card_available ? "Customers pay by card when they order, on Stripe's secure page; no card details reach us." : CARD_UNAVAILABLE}
            checked={form.card_online}
            disabled={!data.card_available && !form.card_online}
            error={fieldErrors.card_online}
            aria-invalid={Boolean(fieldErrors.card_online)}
            onChange={(event) => edit({ card_online: event.currentTarget.checked })}
          />
          <Switch
            label="In person (at pickup or on delivery)"
            description="Customers pay when they collect their order or when it is delivered."
            checked={form.in_person}
            error={fieldErrors.in_person}
            aria-invalid={Boolean(fieldErrors.in_person)}
            onChange={(event) => edit({ in_person: event.currentTarget.checked })}
          />
        </>
      ) : null}
    </SectionForm>
  );
}

export function KitchenSection({ restaurantId, machine = kitchenSettingsMachine }: { restaurantId: number; machine?: KitchenSettingsMachine }) {
  const [state, send, actor] = useMachine(machine, { input: { restaurantId } });
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useSectionEffects(actor, () => formRef.current);
  const { form, fieldErrors, error } = state.context;
  const edit = (change: Partial<KitchenForm>) => form && send({ type: 'form.change', form: { ...form, ...change } });
  const whole = (field: 'max_orders_per_slot' | 'max_items_per_slot' | 'min_lead_minutes' | 'default_prep_minutes', label: string, description: string) =>
    form ? (
      <TextInput
        label={label}
        description={description}
        inputMode="numeric"
        value={form[field]}
        error={fieldErrors[field]}
        onChange={(event) => edit({ [field]: event.currentTarget.value })}
      />
    ) : null;
  return (
    <SectionForm what="kitchen settings" save="Save kitchen settings" {...frameProps(state, send)} saved={saved} error={error} formRef={formRef}>
      {form ? (
        <>
          <Text size="sm" c="dimmed">
            Orders are taken in 15-minute slots. Limits count pickup and delivery orders together. A full slot is not offered to customers.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {whole('max_orders_per_slot', 'Most orders per 15 minutes', `1 to ${SLOT_LIMIT_MAX}; leave empty for no limit.`)}
            {whole('max_items_per_slot', 'Most items per 15 minutes', `Counts every item of every order. 1 to ${SLOT_LIMIT_MAX}; leave empty for no limit.`)}
          </SimpleGrid>
          {whole(
            'min_lead_minutes',
            'Extra notice (minutes)',
            `Added to your quoted time before the earliest time customers can choose. 0 to ${MIN_LEAD_MAX}.`,
          )}
          <Switch
            label="Accept new orders automatically"
            description="New orders go straight to the kitchen with the prep time below, as if you pressed Accept."
            checked={form.auto_accept}
            onChange={(event) => edit({ auto_accept: event.currentTarget.checked })}
          />
          {whole('default_prep_minutes', 'Prep time for accepted orders (minutes)', `1 to ${DEFAULT_PREP_MAX}.`)}
        </>
      ) : null}
    </SectionForm>
  );
}

/** The sections the Store screen adds after its own, in order (src/app.tsx hands them over). */
export const MONEY_SECTIONS = [
  { id: 'store-taxes', title: 'Taxes', intro: 'The sales tax, VAT or GST your orders carry.', Body: TaxesSection },
  { id: 'store-tips', title: 'Tips', intro: 'What checkout offers your customers to tip.', Body: TipsSection },
  { id: 'store-payments', title: 'Payments', intro: 'How your customers may pay for their orders.', Body: PaymentsSection },
  { id: 'store-kitchen', title: 'Kitchen', intro: 'How many orders your kitchen takes at a time, and how new orders are accepted.', Body: KitchenSection },
] as const;
