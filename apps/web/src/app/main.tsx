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
/** Lets the browser run what is waiting (paint, input) before the next step starts. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void applyDeferredStylesheets()
  // Evaluating the app's modules, starting the router (which requests the page's chunks) and
  // drawing are each a task of their own, not one long one (Total Blocking Time).
  .then(nextTask)
  .then(() => {
    const router = createRouter();
    const root = createRoot(container);
    return nextTask().then(() =>
      // As a transition, React draws the first page in slices and lets the browser breathe
      // between them, instead of holding the main thread for the whole tree.
      startTransition(() =>
        root.render(
          <StrictMode>
            <AppProviders>
              <RouterProvider router={router} />
            </AppProviders>
          </StrictMode>,
        ),
      ),
    );
  });
