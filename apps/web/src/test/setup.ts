import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { advertiserStore } from '@/stores/advertiser-store';
import { sessionStore } from '@/stores/session-store';
import { FetchBackedXMLHttpRequest } from './fetch-backed-xhr';
import { mediaQueryList, stubApi } from './fixtures';

// jsdom lacks the layout APIs Mantine reads; these stand-ins are enough for components to render.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => mediaQueryList(query, false),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.scrollTo = () => {};
window.XMLHttpRequest = FetchBackedXMLHttpRequest as unknown as typeof XMLHttpRequest;
Element.prototype.scrollIntoView = () => {};
// Autosizing textareas listen for web fonts loading.
Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

// No test reaches the network: a request its test did not stub answers at once with the
// stand-in's "Unexpected request" (599), as with `stubApi`.
beforeEach(() => {
  stubApi({});
});

afterEach(() => {
  cleanup();
  notifications.clean();
  sessionStore.clear();
  advertiserStore.set(null);
  queryClient.clear();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// A page's code is compiled the first time a test file loads it, which on a busy two-core machine
// takes several seconds: longer than the default one-second wait of findBy* and waitFor, and than
// the 5 s that failed a login test under load. A wait that ends sooner is never slowed by this.
configure({ asyncUtilTimeout: 15_000 });
