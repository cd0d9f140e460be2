import '@mantine/core/styles/Paper.css';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMachine } from '@xstate/react';
import { is } from 'superstruct';
import { lazy, useEffect, useEffectEvent, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { TerritoryCoverageRequest, type Territory, type TerritoryImageField } from '../../../contracts/territories';
import { FieldsToFix, useFocusAfterRefusal } from '../../components/form-errors';
import { ImageDropzone } from '../../components/image-dropzone';
import { LoadFailed } from '../../components/load-failed';
import { mapConfigMachine, type MapConfigMachine } from '../../machines/territories/map-config.machine';
import { territoryCoverageMachine, type TerritoryCoverageMachine } from '../../machines/territories/territory-coverage.machine';
import { territoryEditorMachine, type TerritoryEditorMachine } from '../../machines/territories/territory-editor.machine';
import { ServiceAreaField } from './service-area-field';
import { SocialLinksField } from './social-links-field';
import { ScreenFrame, ScreenLoading as Loading } from '../../components/screen-frame';
import { RepresentativeFields, SummaryFields } from './territory-fields';
import { drawableCircle, formErrorsOf, formValuesOf, toTerritoryBody, validateTerritory, type TerritoryFormValues } from './territory-form';
import type { TerritoryForm } from './territory-form-context';
import type { TerritoryMapProps } from './territory-map';
import type { TerritoryImages } from '../../services/territories/territories';
import { ZipCodesField } from './zip-codes-field';

const BACK = { href: '/territories', label: 'Territories' };

// Leaflet is a large library only this screen needs: it loads with the map.
const TerritoryMap = lazy(() => import('./territory-map').then((module) => ({ default: module.TerritoryMap })));

export type TerritoryEditorMachines = {
  editor?: TerritoryEditorMachine;
  coverage?: TerritoryCoverageMachine;
  mapConfig?: MapConfigMachine;
  /** Tests stand a plain component in for the Leaflet map, which needs a real layout. */
  map?: ComponentType<TerritoryMapProps>;
};

/** The form's fields in the order the screen shows them, for the summary of fields to fix. */
const FIELD_LABELS: readonly (readonly [string, string])[] = [
  ['name', 'Name'],
  ['slug', 'Slug'],
  ['phone', 'Phone'],
  ['email', 'Email'],
  ['current_commission', 'Current commission'],
  ['settlement_date', 'Settlement date'],
  ['rep_name', 'Representative name'],
  ['rep_dob', 'Date of birth'],
  ['rep_meze_email', 'Work email'],
  ['rep_personal_email', 'Personal email'],
  ['rep_phone', 'Representative phone'],
  ['rep_address', 'Address'],
  ['zips', 'Zip codes'],
  ['circles', 'Circles'],
  ['socials', 'Social links'],
];

/** The pictures' labels, for their pickers and for the alert's list of fields to check. */
const PICTURE_LABELS: Record<TerritoryImageField, string> = { rep_photo: 'Representative photo', wallpaper: 'Wallpaper' };

function labelsOf(errors: Record<string, ReactNode>): string[] {
  const keys = Object.keys(errors).filter((key) => errors[key]);
  return FIELD_LABELS.filter(([field]) => keys.some((key) => key === field || key.startsWith(`${field}.`))).map(([, label]) => label);
}

/** One territory's editor (spec sections 2, 4 and 5); `id` null for a new one. */
export function TerritoryEditorView({ id, machines = {} }: { id: number | null; machines?: TerritoryEditorMachines }) {
  const [state, send] = useMachine(machines.editor ?? territoryEditorMachine, { input: { id } });
  const [, navigate] = useLocation();
  const saved = state.matches('saved');
  // Spec section 4: after saving, the list (where the territory's counts are).
  useEffect(() => {
    if (saved) navigate('/territories');
  }, [saved, navigate]);

  const title = id === null ? 'New territory' : 'Edit territory';
  if (state.matches('deciding') || state.matches('loading')) {
    return (
      <ScreenFrame title={title} back={BACK}>
        <Loading label="Loading the territory" />
      </ScreenFrame>
    );
  }
  if (state.matches('loadFailed')) {
    return (
      <ScreenFrame title={title} back={BACK}>
        <LoadFailed message={state.context.error} onRetry={() => send({ type: 'load.retry' })} />
      </ScreenFrame>
    );
  }
  return <TerritoryEditorForm state={state} send={send} machines={machines} title={title} />;
}

type EditorState = ReturnType<typeof useMachine<TerritoryEditorMachine>>[0];
type EditorSend = ReturnType<typeof useMachine<TerritoryEditorMachine>>[1];

type Images = Record<TerritoryImageField, File | null>;

function TerritoryEditorForm({ state, send, machines, title }: { state: EditorState; send: EditorSend; machines: TerritoryEditorMachines; title: string }) {
  const { territory, error, fieldErrors, pictureErrors, images: unsent } = state.context;
  const form = useForm<TerritoryFormValues>({ mode: 'controlled', initialValues: formValuesOf(territory), validate: validateTerritory });
  const [images, setImages] = useState<Images>({ rep_photo: null, wallpaper: null });
  const sending = state.matches('saving') || state.matches('uploading');
  const formRef = useRef<HTMLFormElement>(null);
  const armFocus = useFocusAfterRefusal(formRef, !sending);

  // The server's sentences per field go beside the inputs, as the form's own do (only a new answer sets them:
  // the effect event reads the form as it is then, without running again when the person types).
  const showServerErrors = useEffectEvent((errors: typeof fieldErrors) => {
    if (Object.keys(errors).length > 0) form.setErrors(formErrorsOf(errors, form.getValues()));
  });
  useEffect(() => {
    showServerErrors(fieldErrors);
  }, [fieldErrors]);
  // Once the pictures are sent, the stored ones are no longer a choice waiting: the pickers keep
  // only what the machine still holds (the refused ones), whose fields say why.
  useEffect(() => {
    setImages({ rep_photo: unsent.rep_photo ?? null, wallpaper: unsent.wallpaper ?? null });
  }, [unsent]);

  const submit = form.onSubmit(
    (values) => {
      armFocus();
      const chosen = Object.fromEntries(Object.entries(images).filter(([, file]) => file)) as Partial<Record<TerritoryImageField, File>>;
      send({ type: 'territory.save', body: toTerritoryBody(values), images: chosen });
    },
    () => armFocus(),
  );
  const refused = labelsOf(form.errors);
  const pictureProps = { territory, images, setImages, errors: pictureErrors, unsent, loading: state.matches('uploading') };

  return (
    <ScreenFrame title={form.values.name.trim() || title} documentTitle={title} back={BACK}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="lg">
          {error ? (
            <Alert
              role="alert"
              color="red"
              variant="light"
              radius="md"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => send({ type: 'alert.dismiss' })}
            >
              {error}
              <FieldsToFix labels={[...refused, ...(Object.keys(pictureErrors) as TerritoryImageField[]).map((field) => PICTURE_LABELS[field])]} />
            </Alert>
          ) : refused.length > 0 ? (
            <Alert role="alert" color="red" variant="light" radius="md">
              Please correct the fields marked in red.
              <FieldsToFix labels={refused} />
            </Alert>
          ) : null}
          <Section title="Summary">
            <SummaryFields form={form} />
          </Section>
          <Section title="Representative">
            <RepresentativeFields form={form} />
            <ImagePick field="rep_photo" {...pictureProps} />
          </Section>
          <Section title="Zip codes">
            <ZipCodesField form={form} />
          </Section>
          <Section title="Service area">
            <ServiceArea form={form} machines={machines} />
          </Section>
          <Section title="Home wallpaper">
            <ImagePick field="wallpaper" {...pictureProps} />
          </Section>
          <Section title="Social links">
            <SocialLinksField form={form} />
          </Section>
          <Group gap="sm">
            <Button type="submit" loading={sending}>
              Save territory
            </Button>
            <Button variant="default" component={Link} href="/territories">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </ScreenFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function ImagePick(props: {
  field: TerritoryImageField;
  territory: Territory | null;
  images: Images;
  setImages: (update: (images: Images) => Images) => void;
  /** Why a picture the server refused was not stored, and the refused files still held. */
  errors: Partial<Record<TerritoryImageField, string>>;
  unsent: TerritoryImages;
  loading: boolean;
}) {
  const file = props.images[props.field];
  return (
    <ImageDropzone
      label={PICTURE_LABELS[props.field]}
      currentUrl={props.territory?.[props.field] ?? null}
      file={file}
      onFileChange={(chosen) => props.setImages((images) => ({ ...images, [props.field]: chosen }))}
      loading={props.loading && file !== null}
      // Said while the refused file is still the one chosen: another choice is a new try.
      error={file !== null && file === props.unsent[props.field] ? (props.errors[props.field] ?? null) : null}
    />
  );
}

/** The map and the circles' fields, with the coverage of what is drawn asked for as it changes. */
function ServiceArea({ form, machines }: { form: TerritoryForm; machines: TerritoryEditorMachines }) {
  const [coverage, sendCoverage] = useMachine(machines.coverage ?? territoryCoverageMachine);
  const [tiles] = useMachine(machines.mapConfig ?? mapConfigMachine);
  const { zips, circles } = form.values;
  useEffect(() => {
    const request = { zips, circles: circles.map(drawableCircle).filter((circle) => circle !== null) };
    // Nothing drawn, nothing to ask; a field being typed waits until it holds a valid value.
    if (request.zips.length + request.circles.length === 0 || !is(request, TerritoryCoverageRequest)) return;
    sendCoverage({ type: 'coverage.request', request });
  }, [zips, circles, sendCoverage]);
  return (
    <ServiceAreaField
      form={form}
      coverage={coverage.context.coverage}
      coveragePending={coverage.matches('waiting') || coverage.matches('fetching')}
      coverageError={coverage.matches('failed') ? coverage.context.error : null}
      tiles={tiles.context.config}
      tilesUnavailable={tiles.matches('withoutTiles')}
      MapComponent={machines.map ?? TerritoryMap}
    />
  );
}
