import { useEffect, useRef } from 'react';

/**
 * Focus for content that replaces itself in place, step by step (the campaign wizard, sign-up):
 * the button that moved on is gone with its step, and the browser would leave the keyboard at
 * the top of the page. When `step` changes, the focus goes to the element marked
 * `data-autofocus` inside the returned ref's element (the new step's first field or heading),
 * else to that element itself, which then needs `tabIndex={-1}`.
 *
 * `undefined` means no step is shown yet (still loading): the first step shown after it, like
 * the first render, takes no focus, since the page has only just opened.
 */
export function useStepFocus<T extends HTMLElement>(step: string | number | undefined) {
  const container = useRef<T>(null);
  const shown = useRef(step);
  useEffect(() => {
    const previous = shown.current;
    shown.current = step;
    if (previous === step || previous === undefined || step === undefined) return;
    const element = container.current;
    if (!element) return;
    (element.querySelector<HTMLElement>('[data-autofocus]') ?? element).focus();
  }, [step]);
  return container;
}
