import { NotFound } from '../../components/not-found';
import { TerritoriesListView } from './territories-list.view';
import { TerritoryEditorView } from './territory-editor.view';

export type TerritoriesScreen = 'territories' | 'territories/new' | 'territories/:id';

/** The territories area's screens (administrators only): the list, a new territory, one territory. */
export function TerritoriesArea({ screen, params }: { screen: TerritoriesScreen; params: Record<string, string | undefined> }) {
  if (screen === 'territories') return <TerritoriesListView />;
  if (screen === 'territories/new') return <TerritoryEditorView id={null} />;
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) return <NotFound backTo="/territories" backLabel="Go to the territories" />;
  // A fresh editor per territory: a link from one territory to another starts from its data.
  return <TerritoryEditorView key={id} id={id} />;
}
