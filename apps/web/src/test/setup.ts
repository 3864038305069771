import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/stores/session-store';
import { FetchBackedXMLHttpRequest } from './fetch-backed-xhr';
import { mediaQueryList } from './fixtures';

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

afterEach(() => {
  cleanup();
  notifications.clean();
  sessionStore.clear();
  queryClient.clear();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// Two cores run every test project at once; a page's first lazy load can outlast the default
// one-second wait of findBy* and waitFor without anything being wrong.
configure({ asyncUtilTimeout: 5_000 });
