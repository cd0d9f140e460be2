import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { Suspense, useMemo, type ComponentType } from 'react';
import { DEFAULT_MAP_CENTER, RADIUS_METERS_MAX, TERRITORY_CIRCLES_MAX, type MapConfig, type TerritoryCoverage } from '../../../contracts/territories';
import { ScreenLoading as Loading } from '../../components/screen-frame';
import { CoveragePanel } from './coverage-panel';
import { drawableCircle, type CircleValues, type NumberText } from '../../machines/territories/territory-form';
import { useFormFields, type EditorActor } from './territory-fields';
import type { TerritoryMapProps } from './territory-map';

export type ServiceAreaFieldProps = {
  actor: EditorActor;
  coverage: TerritoryCoverage | null;
  coveragePending: boolean;
  coverageError: string | null;
  tiles: MapConfig | null;
  tilesUnavailable: boolean;
  /** The Leaflet map; view tests stand a plain component in for it (Leaflet needs a real layout). */
  MapComponent: ComponentType<TerritoryMapProps>;
};

/**
 * The territory's circles: on the map by mouse, and as fields beside it for the keyboard
 * (latitude, longitude, radius, Add circle, Remove), with what the territory covers.
 */
export function ServiceAreaField({ actor, coverage, coveragePending, coverageError, tiles, tilesUnavailable, MapComponent }: ServiceAreaFieldProps) {
  const { context } = useFormFields(actor, CIRCLE_FIELDS);
  const circles = context.circles;
  const send = actor.send;
  // The same array while the circles do not change, so the map redraws them only when they do.
  const shapes = useMemo(() => circles.map(drawableCircle), [circles]);
  const full = circles.length >= TERRITORY_CIRCLES_MAX;
  const addCircle = (center: { lat: number; lng: number }) => send({ type: 'circle.add', center });
  const coverZips = (zips: string[]) => {
    for (const zip of coverage?.zips.filter((place) => zips.includes(place.zip_code)) ?? []) addCircle(zip);
  };
  const addZips = (zips: string[]) => send({ type: 'zips.include', zips });
  const bound = (index: number, field: keyof CircleValues) => {
    const path = `circles.${index}.${field}`;
    return numberProps(path, circles[index]![field], context.fieldErrors[path], (value) => send({ type: 'circle.change', index, field, value }));
  };

  return (
    <Stack gap="md">
      <Suspense fallback={<Loading label="Loading the map" />}>
        <MapComponent
          circles={shapes}
          coverage={coverage}
          tiles={tiles}
          onAddCircle={(center) => addCircle(center)}
          onMoveCircle={(index, center) => send({ type: 'circle.move', index, center })}
          onResizeCircle={(index, radius) => send({ type: 'circle.resize', index, radius })}
          onRemoveCircle={(index) => send({ type: 'circle.remove', index })}
        />
      </Suspense>
      {tilesUnavailable ? (
        <Text size="sm" c="dimmed">
          The map's background is unavailable; circles and zip codes work the same.
        </Text>
      ) : null}
      {circles.map((_, index) => (
        // Circles are kept by their place, as the form numbers them ("Circle 2").
        <Fieldset key={index} legend={`Circle ${index + 1}`} p="sm">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <NumberInput label="Latitude" decimalScale={6} min={-90} max={90} {...bound(index, 'center_lat')} />
            <NumberInput label="Longitude" decimalScale={6} min={-180} max={180} {...bound(index, 'center_lng')} />
            <NumberInput label="Radius (metres)" min={1} max={RADIUS_METERS_MAX} step={100} thousandSeparator="," {...bound(index, 'radius_meters')} />
          </SimpleGrid>
          <Button
            mt="sm"
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => send({ type: 'circle.remove', index })}
            aria-label={`Remove circle ${index + 1}`}
          >
            Remove
          </Button>
        </Fieldset>
      ))}
      <Group gap="sm">
        <Button variant="default" disabled={full} onClick={() => addCircle(circles.length > 0 ? lastCentre(circles) : DEFAULT_MAP_CENTER)}>
          Add circle
        </Button>
        <Text size="sm">{`${circles.length} circle${circles.length === 1 ? '' : 's'}`}</Text>
      </Group>
      <CoveragePanel coverage={coverage} pending={coveragePending} error={coverageError} onAddZips={addZips} onCoverZips={coverZips} />
    </Stack>
  );
}

const CIRCLE_FIELDS = ['circles'] as const;

/**
 * `fieldProps` for a number box: Mantine's NumberInput hands over its value (a number, or ''
 * while the box is empty), not a change event, so bind-field.ts's text binding does not fit it.
 */
function numberProps(name: string, value: NumberText, error: string | undefined, onValue: (value: NumberText) => void) {
  return { name, value, error, onChange: onValue };
}

/** A new circle from the keyboard starts where the last one is, so it is on screen. */
function lastCentre(circles: CircleValues[]): { lat: number; lng: number } {
  const last = drawableCircle(circles[circles.length - 1]!);
  return last ? { lat: last.center_lat, lng: last.center_lng } : DEFAULT_MAP_CENTER;
}
