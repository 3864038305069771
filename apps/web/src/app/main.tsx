import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { createRouter } from './router';
import { applyDeferredStylesheets } from './shell/shell-boot';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The built index.html paints its shell with its own CSS and leaves the app's stylesheets for
// later (decision 017): they are turned on now, and React draws once they apply. (A promise
// rather than a top-level await, which would make the bundler split the app into many more files.)
void applyDeferredStylesheets().then(() => {
  const root = createRoot(container);
  // As a transition, React draws the first page in slices and lets the browser breathe between
  // them, instead of holding the main thread for the whole tree (Total Blocking Time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={createRouter()} />
        </AppProviders>
      </StrictMode>,
    ),
  );
});
