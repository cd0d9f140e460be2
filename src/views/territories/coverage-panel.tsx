import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import type { TerritoryCoverage } from '../../../contracts/territories';
import { zipCount } from './zip-codes-field';

/** The texts for the two mismatches an administrator fixes with one click. */
export const COVERAGE_TEXTS = {
  notListed: 'Inside a circle but not in the zip list',
  outside: 'In the zip list but outside every circle',
  unplaced: 'Not on the map (zip codes the map does not know)',
} as const;

type CoveragePanelProps = {
  coverage: TerritoryCoverage | null;
  /** Still asking the server about the latest change. */
  pending: boolean;
  error: string | null;
  onAddZips: (zips: string[]) => void;
  onCoverZips: (zips: string[]) => void;
};

/**
 * What the drawn territory covers, in words beside the map: the restaurants and sign-ups inside,
 * and the zips where the circles and the zip list disagree, each fixed with one click (a zip
 * inside a circle is added to the list; a listed zip outside every circle gets a circle).
 */
export function CoveragePanel({ coverage, pending, error, onAddZips, onCoverZips }: CoveragePanelProps) {
  const signups = coverage?.zips.reduce((sum, zip) => sum + zip.signups, 0) ?? 0;
  return (
    <Stack gap="sm" aria-busy={pending || undefined}>
      <Title order={3} size="h5">
        Coverage
      </Title>
      {error ? <Text size="sm" c="red" role="status">{`Coverage is not shown: ${error}`}</Text> : null}
      {coverage ? (
        <>
          <Text size="sm" role="status">
            {`${coverage.restaurants.length} restaurant${coverage.restaurants.length === 1 ? '' : 's'} inside (green pins); ` +
              `${signups} sign-up${signups === 1 ? '' : 's'} in the last 90 days (orange circles, larger for more); listed zips as grey dots.`}
          </Text>
          <Mismatch title={COVERAGE_TEXTS.notListed} zips={coverage.circle_zips_not_listed} verb="Add" allLabel="Add all to the zip list" onFix={onAddZips} />
          <Mismatch
            title={COVERAGE_TEXTS.outside}
            zips={coverage.listed_zips_outside_circles}
            verb="Circle"
            allLabel="Add circles around all"
            onFix={onCoverZips}
          />
          {coverage.unplaced_zips.length > 0 ? <Text size="sm">{`${COVERAGE_TEXTS.unplaced}: ${coverage.unplaced_zips.join(', ')}`}</Text> : null}
        </>
      ) : (
        !error && (
          <Text size="sm" c="dimmed">
            {pending ? 'Working out the coverage…' : 'Add zip codes or circles to see what they cover.'}
          </Text>
        )
      )}
    </Stack>
  );
}

function Mismatch(props: { title: string; zips: string[]; verb: string; allLabel: string; onFix: (zips: string[]) => void }) {
  if (props.zips.length === 0) return null;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>{`${props.title} (${zipCount(props.zips.length)})`}</Text>
        <Button size="xs" variant="light" onClick={() => props.onFix(props.zips)}>
          {props.allLabel}
        </Button>
      </Group>
      <List listStyleType="none" spacing={4} aria-label={props.title} styles={{ root: { display: 'flex', flexWrap: 'wrap', gap: 6, paddingInlineStart: 0 } }}>
        {props.zips.map((zip) => (
          <List.Item key={zip}>
            <Button size="compact-xs" variant="default" onClick={() => props.onFix([zip])}>
              {`${props.verb} ${zip}`}
            </Button>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
