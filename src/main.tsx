// Mantine's CSS per component, not the whole styles.css: these three are global (reset,
// variables, helpers); every component imports its own file where it is used.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// The base of every button-like component (Button, NavLink, Burger…): it must come before
// their own files, whichever lazy chunk loads them first, so it is global too.
import '@mantine/core/styles/UnstyledButton.css';
import './focus-targets.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

function render(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The recording build of `npm run paths -- --coverage --browser` (VITE_RECORD_TRANSITIONS=1)
// attaches the transition recorder before the first actor starts. Vite replaces the variable at
// build time: in every other build this branch is dead and the recorder is no chunk of it.
if (import.meta.env.VITE_RECORD_TRANSITIONS === '1') {
  void import('../tests/support/record-in-browser').then(() => render(container));
} else {
  render(container);
}
