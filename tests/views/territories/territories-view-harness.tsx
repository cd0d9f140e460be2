/** Renders one territories screen with Mantine and a memory router, for the area's view tests. */
import type { ReactNode } from 'react';
import { renderScreenAt } from '../../support/render-screen';

export const renderScreen = (screen: ReactNode, path = '/territories') => renderScreenAt(screen, path);
