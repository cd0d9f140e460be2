import { Alert, Button, Group, Stack } from '@mantine/core';
import { useActorRef, useMachine, useSelector } from '@xstate/react';
import { lazy, useRef, type ComponentType, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { TERRITORY_IMAGE_FIELDS, type TerritoryImageField } from '../../../contracts/territories';
import { FieldsToFix, focusFirstInError } from '../../components/form-errors';
import { ImageDropzone } from '../../components/image-dropzone';
import { LoadFailed } from '../../components/load-failed';
import { mapConfigMachine, type MapConfigMachine } from '../../machines/territories/map-config.machine';
import { territoryEditorMachine, type TerritoryEditorMachine } from '../../machines/territories/territory-editor.machine';
import { ServiceAreaField } from './service-area-field';
import { SocialLinksField } from './social-links-field';
import { ScreenFrame, ScreenLoading as Loading } from '../../components/screen-frame';
import { RepresentativeFields, SummaryFields, type EditorActor } from './territory-fields';
import type { TerritoryMapProps } from './territory-map';
import { useScreen } from '../shared/use-screen';
import { ZipCodesField } from './zip-codes-field';
import { FormSection } from '../../components/form-section';

const BACK = { href: '/territories', label: 'Territories' };

// Leaflet is a large library only this screen needs: it loads with the map.
const TerritoryMap = lazy(() => import('./territory-map').then((module) => ({ default: module.TerritoryMap })));

export type TerritoryEditorMachines = {
  /** The editor, with its `coverage` child. */
  editor?: TerritoryEditorMachine;
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
  const actor = useActorRef(machines.editor ?? territoryEditorMachine, { input: { id } });
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  useScreen(actor, {
    'screen.navigate': ({ to }) => navigate(to),
    // The event comes with the transition, before React has drawn the marks: focus after it.
    'screen.refused': () =>
      setTimeout(() => {
        if (formRef.current) focusFirstInError(formRef.current);
      }),
  });
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const loadFailed = useSelector(actor, (snapshot) => snapshot.hasTag('loadFailed'));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);

  const title = id === null ? 'New territory' : 'Edit territory';
  if (loading) {
    return (
      <ScreenFrame title={title} back={BACK}>
        <Loading label="Loading the territory" />
      </ScreenFrame>
    );
  }
  if (loadFailed) {
    return (
      <ScreenFrame title={title} back={BACK}>
        <LoadFailed message={error} onRetry={() => actor.send({ type: 'load.retry' })} />
      </ScreenFrame>
    );
  }
  return <TerritoryEditorForm actor={actor} machines={machines} title={title} formRef={formRef} />;
}

function TerritoryEditorForm({
  actor,
  machines,
  title,
  formRef,
}: {
  actor: EditorActor;
  machines: TerritoryEditorMachines;
  title: string;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const name = useSelector(actor, (snapshot) => snapshot.context.name);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const pictureErrors = useSelector(actor, (snapshot) => snapshot.context.pictureErrors);
  const sending = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'territory.save' });
  };
  const refused = labelsOf(fieldErrors);

  return (
    <ScreenFrame title={name.trim() || title} documentTitle={title} back={BACK}>
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
              onClose={() => actor.send({ type: 'alert.dismiss' })}
            >
              {error}
              <FieldsToFix labels={[...refused, ...TERRITORY_IMAGE_FIELDS.filter((field) => pictureErrors[field]).map((field) => PICTURE_LABELS[field])]} />
            </Alert>
          ) : refused.length > 0 ? (
            <Alert role="alert" color="red" variant="light" radius="md">
              Please correct the fields marked in red.
              <FieldsToFix labels={refused} />
            </Alert>
          ) : null}
          <FormSection phonePadding="sm" title="Summary">
            <SummaryFields actor={actor} />
          </FormSection>
          <FormSection phonePadding="sm" title="Representative">
            <RepresentativeFields actor={actor} />
            <ImagePick field="rep_photo" actor={actor} />
          </FormSection>
          <FormSection phonePadding="sm" title="Zip codes">
            <ZipCodesField actor={actor} />
          </FormSection>
          <FormSection phonePadding="sm" title="Service area">
            <ServiceArea actor={actor} machines={machines} />
          </FormSection>
          <FormSection phonePadding="sm" title="Home wallpaper">
            <ImagePick field="wallpaper" actor={actor} />
          </FormSection>
          <FormSection phonePadding="sm" title="Social links">
            <SocialLinksField actor={actor} />
          </FormSection>
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

/** One picture's picker: the stored one, or the file chosen and not stored yet. */
function ImagePick({ field, actor }: { field: TerritoryImageField; actor: EditorActor }) {
  const current = useSelector(actor, (snapshot) => snapshot.context.territory?.[field] ?? null);
  const file = useSelector(actor, (snapshot) => snapshot.context.images[field] ?? null);
  const refusedFile = useSelector(actor, (snapshot) => snapshot.context.refusedImages[field]);
  const reason = useSelector(actor, (snapshot) => snapshot.context.pictureErrors[field] ?? null);
  const uploading = useSelector(actor, (snapshot) => snapshot.hasTag('uploading'));
  return (
    <ImageDropzone
      label={PICTURE_LABELS[field]}
      currentUrl={current}
      file={file}
      onFileChange={(chosen) => actor.send({ type: 'picture.choose', field, file: chosen })}
      loading={uploading && file !== null}
      // Said while the refused file is still the one chosen: another choice is a new try.
      error={file !== null && file === refusedFile ? reason : null}
    />
  );
}

/** The map and the circles' fields, with what they cover (the editor's `coverage` child, told of every change). */
function ServiceArea({ actor, machines }: { actor: EditorActor; machines: TerritoryEditorMachines }) {
  const coverageActor = useSelector(actor, (snapshot) => snapshot.children.coverage);
  const coverage = useSelector(coverageActor, (snapshot) => snapshot?.context.coverage ?? null);
  const coveragePending = useSelector(coverageActor, (snapshot) => snapshot?.hasTag('pending') ?? false);
  const coverageError = useSelector(coverageActor, (snapshot) => (snapshot?.hasTag('failed') ? snapshot.context.error : null));
  const [tiles] = useMachine(machines.mapConfig ?? mapConfigMachine);
  return (
    <ServiceAreaField
      actor={actor}
      coverage={coverage}
      coveragePending={coveragePending}
      coverageError={coverageError}
      tiles={tiles.context.config}
      tilesUnavailable={tiles.hasTag('withoutTiles')}
      MapComponent={machines.map ?? TerritoryMap}
    />
  );
}
