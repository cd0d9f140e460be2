import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TERRITORY_MESSAGES, type MapConfig, type Territory, type TerritoryCoverage, type TerritoryCoverageRequest } from '#contracts/territories';
import { mapConfigMachine } from '#src/machines/territories/map-config.machine';
import { territoryCoverageMachine } from '#src/machines/territories/territory-coverage.machine';
import { territoryEditorMachine, type SaveInput, type UploadInput } from '#src/machines/territories/territory-editor.machine';
import { ApiError } from '#src/services/shared/api';
import type { PicturesSent } from '#src/services/territories/territories';
import { COVERAGE_TEXTS } from '#src/views/territories/coverage-panel';
import { TerritoryEditorView } from '#src/views/territories/territory-editor.view';
import type { TerritoryMapProps } from '#src/views/territories/territory-map';
import { EMPTY_COVERAGE, territoryOf } from '../../machines/territories/fixtures';
import { territoryEditorModel } from '../../models/territories/territory-editor.model';
import { provideChecked } from '../../support/contract-double';
import { createFakeActor } from '../../support/fake-actor';
import { modelPathCases, untakenTransitions, type PathExecutors } from '../../support/model-paths';
import { notedBeforeEachEvent } from '../../support/noted-executors';
import { renderScreen } from './territories-view-harness';

/** Leaflet needs a real layout (tried in Chromium); here the map is a button that adds a circle where it is clicked. */
function StubMap({ circles, onAddCircle }: TerritoryMapProps) {
  return (
    <button type="button" onClick={() => onAddCircle({ lat: 40.5, lng: 49.95 })}>
      {`Map with ${circles.filter(Boolean).length} circles`}
    </button>
  );
}

function createFakes() {
  const load = createFakeActor<Territory, { id: number }>('loadTerritory');
  const save = createFakeActor<Territory, SaveInput>('saveTerritory');
  const upload = createFakeActor<PicturesSent, UploadInput>('uploadTerritoryImages');
  const coverage = createFakeActor<TerritoryCoverage, TerritoryCoverageRequest>('loadCoverage');
  const tiles = createFakeActor<MapConfig, unknown>('loadMapConfig');
  const machines = {
    editor: provideChecked(territoryEditorMachine, {
      actors: {
        loadTerritory: load.actor,
        saveTerritory: save.actor,
        uploadTerritoryImages: upload.actor,
        coverage: provideChecked(territoryCoverageMachine, { actors: { loadCoverage: coverage.actor } }),
      },
    }),
    mapConfig: provideChecked(mapConfigMachine, { actors: { loadMapConfig: tiles.actor } }),
    map: StubMap,
  };
  return { load, save, upload, coverage, machines };
}

/** How many reads, saves and photo uploads the editor had sent. */
type Sent = { loads: number; saves: number; uploads: number };

type Driver = {
  user: UserEvent;
  fakes: ReturnType<typeof createFakes>;
  path: () => string | undefined;
  /** What had been sent just before the model's last event (a walk saves more than once). */
  sentBefore: Sent;
};

function renderEditor(id: number | null): Driver {
  const fakes = createFakes();
  const { user, path } = renderScreen(<TerritoryEditorView id={id} machines={fakes.machines} />, id === null ? '/territories/new' : `/territories/${id}`);
  return { user, fakes, path, sentBefore: { loads: 0, saves: 0, uploads: 0 } };
}

function sent({ load, save, upload }: Driver['fakes']): Sent {
  return { loads: load.received.length, saves: save.received.length, uploads: upload.received.length };
}

const NOT_A_PICTURE = 'This file is not an image we can use.';
const photo = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'rep.png', { type: 'image/png' });
const nameField = () => screen.getByRole('textbox', { name: /^Name/ });

/** What the administrator does in the `fill.valid` step, and what the server must receive for it. */
async function fillValid(user: UserEvent) {
  // Plain text fields take a paste (one input event) rather than a keystroke each: each keystroke
  // re-renders the whole form, and these paths run five times.
  await user.clear(nameField());
  await user.paste('Baku Central');
  await user.type(screen.getByRole('textbox', { name: 'Add zip codes' }), '1001, 1002;AZ 1003\n12 1002');
  await user.click(screen.getByRole('button', { name: 'Add zip codes' }));
  await user.click(screen.getByRole('button', { name: 'Add circle' }));
  const circle = screen.getByRole('group', { name: 'Circle 2' });
  const radius = within(circle).getByRole('textbox', { name: 'Radius (metres)' });
  await user.clear(radius);
  await user.type(radius, '2345.6');
  await user.type(screen.getByLabelText('Settlement date'), '2026-03-15');
  await user.click(screen.getByRole('button', { name: 'Add social link' }));
  const link = screen.getByRole('group', { name: 'Link 2' });
  await user.click(within(link).getByRole('textbox', { name: 'Platform' }));
  await user.paste('Facebook');
  await user.click(within(link).getByRole('textbox', { name: 'Link' }));
  await user.paste('facebook.com/bakucentral');
  // A third row left blank is not sent.
  await user.click(screen.getByRole('button', { name: 'Add social link' }));
  await user.upload(screen.getByLabelText('Representative photo', { selector: 'input' }), photo);
}

const executors: PathExecutors<Driver> = {
  states: {
    loading: ({ fakes, sentBefore }) => {
      expect(screen.getByLabelText('Loading the territory')).toBeInTheDocument();
      expect(sent(fakes)).toEqual({ ...sentBefore, loads: sentBefore.loads + 1 });
    },
    loadFailed: async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load this page");
      expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
    },
    editing: async () => {
      expect(await screen.findByRole('heading', { level: 1, name: 'Baku North' })).toBeInTheDocument();
      expect(nameField()).toHaveValue('Baku North');
      expect(screen.getByText('2 zip codes')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Link' })).toHaveValue('https://instagram.com/bakunorth');
    },
    blankName: () => expect(nameField()).toHaveValue(''),
    refused: async ({ fakes, sentBefore }) => {
      expect(await screen.findByText(TERRITORY_MESSAGES.name)).toBeInTheDocument();
      expect(nameField()).toHaveAttribute('aria-invalid', 'true');
      // Nothing was sent in this step.
      expect(sent(fakes)).toEqual(sentBefore);
    },
    filled: async () => {
      expect(screen.getByText('4 zip codes')).toBeInTheDocument();
      expect(
        within(screen.getByRole('list', { name: 'Listed zip codes' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['1000', '1001', '1002', '1003']);
      expect(screen.getByRole('button', { name: 'Map with 2 circles' })).toBeInTheDocument();
      // react-dropzone reads the dropped files asynchronously.
      expect(await screen.findByRole('img', { name: 'Representative photo preview (new, not saved yet)' })).toBeInTheDocument();
    },
    saving: async ({ fakes, sentBefore }) => {
      await waitFor(() => expect(fakes.save.pending).toHaveLength(1));
      expect(sent(fakes)).toEqual({ ...sentBefore, saves: sentBefore.saves + 1 });
      // An earlier failure's alert is gone, so the next one is this save's.
      expect(screen.queryByRole('alert')).toBeNull();
      const { id, body } = fakes.save.pending[0]!.input;
      expect(id).toBe(7);
      expect(body).toMatchObject({
        name: 'Baku Central',
        zips: ['1000', '1001', '1002', '1003'],
        circles: [
          { center_lat: 40.41, center_lng: 49.87, radius_meters: 1500 },
          { center_lat: 40.41, center_lng: 49.87, radius_meters: 2346 },
        ],
        settlement_date: '2026-03-15',
        rep_dob: null,
        socials: [
          { platform_name: 'Instagram', platform_url: 'https://instagram.com/bakunorth' },
          { platform_name: 'Facebook', platform_url: 'https://facebook.com/bakucentral' },
        ],
      });
      expect(screen.getByRole('button', { name: 'Save territory' })).toHaveAttribute('data-loading', 'true');
    },
    uploading: async ({ fakes, sentBefore }) => {
      await waitFor(() => expect(fakes.upload.pending).toHaveLength(1));
      expect(sent(fakes)).toEqual({ ...sentBefore, uploads: sentBefore.uploads + 1 });
      expect(fakes.upload.pending[0]!.input).toEqual({ id: 7, images: { rep_photo: photo } });
    },
    failed: async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${TERRITORY_MESSAGES.saveFailed}`));
      expect(nameField()).toHaveValue('Baku Central');
      expect(screen.getByText('4 zip codes')).toBeInTheDocument();
    },
    picturesRefused: async ({ path }) => {
      const alert = await screen.findByText(TERRITORY_MESSAGES.picturesRefused);
      expect(alert.closest('[role="alert"]')).toHaveTextContent(`${TERRITORY_MESSAGES.picturesRefused}Check Representative photo.`);
      const picker = screen.getByRole('button', { name: 'Choose representative photo' });
      expect(picker).toHaveAccessibleDescription(expect.stringContaining(NOT_A_PICTURE));
      // The refused file is still the one chosen, and the screen stays: the fields are saved.
      expect(screen.getByText('Chosen: rep.png')).toBeInTheDocument();
      expect(nameField()).toHaveValue('Baku Central');
      expect(path()).toBe('/territories/7');
    },
    dismissed: async () => {
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      expect(nameField()).toHaveValue('Baku Central');
      expect(screen.getByText('4 zip codes')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save territory' })).toBeEnabled();
    },
    saved: async ({ path }) => {
      await waitFor(() => expect(path()).toBe('/territories'));
    },
  },
  events: notedBeforeEachEvent<Driver>(
    {
      'server.loaded': ({ fakes }) => fakes.load.resolve(territoryOf()),
      'server.loadFailed': ({ fakes }) => fakes.load.reject(new Error('HTTP 503')),
      'load.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
      'fill.valid': ({ user }) => fillValid(user),
      'fill.blankName': ({ user }) => user.clear(nameField()),
      'form.save': ({ user }) => user.click(screen.getByRole('button', { name: 'Save territory' })),
      'server.saved': ({ fakes }) => fakes.save.resolve(territoryOf({ name: 'Baku Central' })),
      'server.saveFailed': ({ fakes }) => fakes.save.reject(new Error('HTTP 503')),
      'server.uploaded': ({ fakes }) => fakes.upload.resolve({ territory: territoryOf({ name: 'Baku Central', rep_photo: '/uploads/rep.png' }), refused: {} }),
      'server.uploadFailed': ({ fakes }) =>
        fakes.upload.resolve({
          territory: null,
          refused: { rep_photo: new ApiError(NOT_A_PICTURE, { status: 415, code: 'not_an_image' }) },
        }),
      'alert.dismiss': ({ user }) => user.click(screen.getByRole('button', { name: 'Dismiss' })),
    },
    (driver) => {
      driver.sentBefore = sent(driver.fakes);
    },
  ),
};

const cases = modelPathCases(territoryEditorModel, executors);

describe('territory editor: walks that take every transition of the model (an existing territory)', () => {
  it('has an executor for every model event and an assertion for every model state', () => {
    // modelPathCases made the meta-checks; the walks (or, with --shortest, one path per
    // transition) take every transition.
    expect(untakenTransitions(territoryEditorModel, cases)).toEqual([]);
  });

  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderEditor(7));
    }, 60_000);
});

describe('territory editor: the screen', () => {
  it('creates a new territory from its name alone, with no second request, and goes back to the list', async () => {
    const { user, fakes, path } = renderEditor(null);
    expect(screen.getByRole('heading', { level: 1, name: 'New territory' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('New territory · Back office · Tablefront'));
    await user.type(nameField(), '  Ganja ');
    await user.click(screen.getByRole('button', { name: 'Save territory' }));
    await waitFor(() => expect(fakes.save.pending).toHaveLength(1));
    expect(fakes.save.pending[0]!.input).toMatchObject({ id: null, body: { name: '  Ganja ', zips: [], circles: [], socials: [], is_active: true } });
    await fakes.save.resolve(territoryOf({ id: 12, name: 'Ganja' }));
    await waitFor(() => expect(path()).toBe('/territories'));
    expect(fakes.upload.received).toEqual([]);
  });

  it('saves zip codes pasted into "Add zip codes" without pressing its button, merged with the listed ones', async () => {
    const { user, fakes } = renderEditor(null);
    await user.type(nameField(), 'Ganja');
    const box = screen.getByRole('textbox', { name: /^Add zip codes/ });
    await user.type(box, '2000, 2001');
    await user.click(screen.getByRole('button', { name: 'Add zip codes' }));
    expect(box).toHaveValue('');
    await user.type(box, '2001 2002\n2003');
    await user.click(screen.getByRole('button', { name: 'Save territory' }));
    await waitFor(() => expect(fakes.save.pending).toHaveLength(1));
    expect(fakes.save.pending[0]!.input.body.zips).toEqual(['2000', '2001', '2002', '2003']);
  });

  it('says which picture was refused and why, and shows the other as saved, without saying the save failed (issue 27)', async () => {
    const { user, fakes } = renderEditor(7);
    await fakes.load.resolve(territoryOf());
    const wallpaper = new File([new Uint8Array([1, 2, 3])], 'wall.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Representative photo', { selector: 'input' }), photo);
    await user.upload(screen.getByLabelText('Wallpaper', { selector: 'input' }), wallpaper);
    await screen.findByText('Chosen: wall.png');
    await user.click(screen.getByRole('button', { name: 'Save territory' }));
    await fakes.save.resolve(territoryOf());
    await waitFor(() => expect(fakes.upload.pending).toHaveLength(1));
    await fakes.upload.resolve({
      territory: territoryOf({ rep_photo: '/uploads/rep.png' }),
      refused: { wallpaper: new ApiError(NOT_A_PICTURE, { status: 415, code: 'not_an_image' }) },
    });
    const alert = (await screen.findByText(TERRITORY_MESSAGES.picturesRefused)).closest('[role="alert"]');
    expect(alert).toHaveTextContent(`${TERRITORY_MESSAGES.picturesRefused}Check Wallpaper.`);
    expect(alert).not.toHaveTextContent(TERRITORY_MESSAGES.saveFailed);
    expect(screen.getByRole('button', { name: 'Choose wallpaper' })).toHaveAccessibleDescription(expect.stringContaining(NOT_A_PICTURE));
    expect(screen.getByRole('button', { name: 'Choose representative photo' })).not.toHaveAccessibleDescription(expect.stringContaining(NOT_A_PICTURE));
    // The stored photo shows as saved, no longer as a choice; another wallpaper is a new try, without the old reason.
    expect(screen.getByRole('img', { name: 'Representative photo preview' })).toHaveAttribute('src', '/uploads/rep.png');
    expect(screen.queryByText('Chosen: rep.png')).toBeNull();
    await user.upload(screen.getByLabelText('Wallpaper', { selector: 'input' }), new File([new Uint8Array([4])], 'other.png', { type: 'image/png' }));
    await screen.findByText('Chosen: other.png');
    expect(screen.queryByText(NOT_A_PICTURE)).toBeNull();
  }, 30_000);

  it("shows the server's reason beside the field it is about, and keeps what was typed", async () => {
    const { user, fakes } = renderEditor(null);
    await user.type(nameField(), 'Ganja');
    await user.type(screen.getByRole('textbox', { name: /^Slug/ }), 'ganja');
    await user.click(screen.getByRole('button', { name: 'Save territory' }));
    await fakes.save.reject(new ApiError('Conflict', { status: 409, code: 'slug_taken', fields: { slug: 'Another territory has this slug.' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to save territory/);
    const slug = screen.getByRole('textbox', { name: /^Slug/ });
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug).toHaveAccessibleDescription(expect.stringContaining('Another territory has this slug.'));
    expect(slug).toHaveValue('ganja');
  });

  it('refuses a circle without a radius, beside the field, and sends nothing', async () => {
    const { user, fakes } = renderEditor(7);
    await fakes.load.resolve(territoryOf());
    const radius = within(screen.getByRole('group', { name: 'Circle 1' })).getByRole('textbox', { name: 'Radius (metres)' });
    await user.clear(radius);
    await user.click(screen.getByRole('button', { name: 'Save territory' }));
    expect(radius).toHaveAttribute('aria-invalid', 'true');
    expect(radius).toHaveAccessibleDescription(expect.stringContaining('Expected a whole number.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Check Circles.');
    expect(fakes.save.received).toEqual([]);
  });

  it('asks what the zips and circles cover, and adds a missed zip, all of them, or a circle around a listed one with one click', async () => {
    const { user, fakes } = renderEditor(7);
    await fakes.load.resolve(territoryOf());
    await waitFor(() => expect(fakes.coverage.pending).toHaveLength(1), { timeout: 3000 });
    expect(fakes.coverage.pending[0]!.input).toEqual({ zips: ['1000', '1001'], circles: [{ center_lat: 40.41, center_lng: 49.87, radius_meters: 1500 }] });
    await fakes.coverage.resolve({
      ...EMPTY_COVERAGE,
      zips: [{ zip_code: '1001', lat: 40.3, lng: 49.6, listed: true, in_circle: false, signups: 4 }],
      circle_zips_not_listed: ['1005', '1006'],
      listed_zips_outside_circles: ['1001'],
    });
    const notListed = screen.getByRole('list', { name: COVERAGE_TEXTS.notListed });
    await user.click(within(notListed).getByRole('button', { name: 'Add 1005' }));
    expect(screen.getByText('3 zip codes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add all to the zip list' }));
    expect(screen.getByText('4 zip codes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Circle 1001' }));
    const added = screen.getByRole('group', { name: 'Circle 2' });
    expect(within(added).getByRole('textbox', { name: 'Latitude' })).toHaveValue('40.3');
    expect(within(added).getByRole('textbox', { name: 'Longitude' })).toHaveValue('49.6');
  });

  it('moves the focus to the first field in error when Save is refused, and to the alert when the server refuses it', async () => {
    const { user, fakes } = renderEditor(7);
    await fakes.load.resolve(territoryOf());
    await user.clear(nameField());
    await user.click(screen.getByRole('button', { name: 'Save territory' }));
    await waitFor(() => expect(nameField()).toHaveFocus());
    await user.type(nameField(), 'Baku Central');
    await user.click(screen.getByRole('button', { name: 'Save territory' }));
    await fakes.save.reject(new Error('HTTP 503'));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('refuses a file that is not an image, and says so', async () => {
    const { fakes } = renderEditor(null);
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    // As a drop would: the file picker's own filter is not what refuses it.
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Wallpaper', { selector: 'input' }), text);
    expect(await screen.findByText(/This file is not an image we accept/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Wallpaper preview/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose wallpaper' })).toHaveAccessibleDescription(
      'PNG, JPEG, WebP or GIF, up to 10 MB. This file is not an image we accept. Please choose a PNG, JPEG, WebP or GIF picture.',
    );
    expect(fakes.upload.received).toEqual([]);
  });

  it('adds a circle where the map is clicked', async () => {
    const { user } = renderEditor(null);
    await user.click(screen.getByRole('button', { name: 'Map with 0 circles' }));
    const circle = screen.getByRole('group', { name: 'Circle 1' });
    expect(within(circle).getByRole('textbox', { name: 'Latitude' })).toHaveValue('40.5');
    expect(within(circle).getByRole('textbox', { name: 'Radius (metres)' })).toHaveValue('1,000');
    expect(screen.getByRole('button', { name: 'Map with 1 circles' })).toBeInTheDocument();
  });
});
