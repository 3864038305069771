import { Modal, type ModalProps } from '@mantine/core';
import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * What a person fills in: where a dialog's focus starts. Hidden inputs are Mantine's
 * bookkeeping; file inputs hide behind the buttons that open them.
 */
const FIELDS = [
  'input:not([type="hidden"]):not([type="file"]):not(:disabled)',
  'textarea:not(:disabled)',
  'select:not(:disabled)',
].join(', ');

/**
 * The element that last took the focus, remembered after it loses it. A button that shows a
 * loader is disabled meanwhile, and the browser then drops its focus to the page: a dialog
 * that such a button opens (Add payment method asks the server first) still knows its opener.
 */
let lastFocused: Element | null = null;
document.addEventListener('focusin', (event) => {
  lastFocused = event.target instanceof Element ? event.target : null;
});

/** Focus that is nowhere: on the page itself, as after its element was removed or disabled. */
const isStranded = (element: Element | null) => !element || element === document.body;

/** The first field of `container`; a radio group is entered at its chosen option, as Tab enters it. */
function firstField(container: HTMLElement): HTMLElement | null {
  const field = container.querySelector<HTMLElement>(FIELDS);
  if (!(field instanceof HTMLInputElement) || field.type !== 'radio' || !field.name) return field;
  const options = Array.from(container.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
  return options.find((option) => option.name === field.name && option.checked) ?? field;
}

/** Where the focus starts in a dialog's content (not counting the content itself): what asks for it, else the first field. */
const startOf = (content: HTMLElement): HTMLElement | null =>
  content.querySelector<HTMLElement>('[data-autofocus]') ?? firstField(content);

/**
 * Every dialog of the portal: Mantine's Modal, with the focus handled the same way everywhere
 * (docs/accessibility.md, Focus).
 *
 * - Opening puts the focus on the element marked `data-autofocus`, else on the first field.
 *   Mantine's focus trap focuses `[data-autofocus]` and otherwise the first tabbable element,
 *   which is the header's close button; so the first field is marked for it as the content
 *   mounts. A dialog with no field yet (a form still loading, or a message) focuses its
 *   content, and its first field once that arrives.
 * - Tab and Shift+Tab stay inside (Mantine's `trapFocus`); Escape closes.
 * - While it is open, the focus never falls to the page behind: a focused element that
 *   disappears (a step of the dialog replaced by the next) hands it to the new content's start,
 *   and a button that lost it while it waited disabled (Save, until the server answers) gets
 *   it back when enabled again.
 * - Closing gives the focus back to the element that opened the dialog, also when that element
 *   had lost it while the dialog was being prepared. Mantine's own `returnFocus` only knows the
 *   element focused at the moment of opening, so it is replaced here.
 */
export function Dialog({ opened, children, ...props }: ModalProps) {
  const root = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const wasOpened = useRef(false);
  const isOpen = useRef(opened);

  // Runs as the content mounts, before the trap's first focus (a timer it sets then).
  const contentRef = useCallback((content: HTMLDivElement | null) => {
    if (!content) return;
    // With nothing to start on yet, the content itself is the start until a field arrives.
    let waitingForField = !startOf(content);
    if (!content.querySelector('[data-autofocus]')) {
      (firstField(content) ?? content).setAttribute('data-autofocus', '');
    }
    // Content that changes while open. The focus moves to the content's start when it still
    // waits on the content (a form that arrives after its loader) or its element was removed
    // (the next step in place of the one whose button had it); it goes back to a button that
    // waited disabled, and so lost it, once that button is enabled again (a refused save).
    const observer = new MutationObserver(() => {
      if (!isOpen.current) return;
      const active = document.activeElement;
      const removed = isStranded(active) && lastFocused !== null && !lastFocused.isConnected;
      if (removed || (waitingForField && active === content)) {
        const start = startOf(content);
        if (start) waitingForField = false;
        // A removed element's focus stays in the dialog even when the new content has no field.
        (start ?? content).focus({ preventScroll: true });
      } else if (
        isStranded(active) &&
        lastFocused instanceof HTMLElement &&
        content.contains(lastFocused) &&
        !lastFocused.matches(':disabled')
      ) {
        lastFocused.focus({ preventScroll: true });
      }
    });
    observer.observe(content, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    return () => observer.disconnect();
  }, []);

  // A layout effect: the opener is read before the trap moves the focus into the dialog.
  useLayoutEffect(() => {
    const opening = opened && !wasOpened.current;
    const closing = !opened && wasOpened.current;
    wasOpened.current = opened;
    isOpen.current = opened;
    if (opening) {
      const active = document.activeElement;
      opener.current = isStranded(active) ? lastFocused : active;
    }
    if (!closing) return;
    // Once the close has rendered, so that an opener the closing enables again can take it.
    const timer = window.setTimeout(() => {
      const active = document.activeElement;
      const leftBehind = isStranded(active) || Boolean(root.current?.contains(active));
      if (leftBehind && opener.current instanceof HTMLElement && opener.current.isConnected) {
        opener.current.focus({ preventScroll: true });
      }
    });
    return () => window.clearTimeout(timer);
  }, [opened]);

  return (
    <Modal ref={root} opened={opened} {...props} trapFocus returnFocus={false}>
      {/* Focusable by script only: the start while the dialog has no field. */}
      <div ref={contentRef} tabIndex={-1} data-dialog-content style={{ outline: 'none' }}>
        {children}
      </div>
    </Modal>
  );
}
