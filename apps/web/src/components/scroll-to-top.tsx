import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Every new page starts at its top, scrolling there smoothly unless the user asked for less motion. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const reduceMotion = useReducedMotion();
  const firstPage = useRef(true);
  useEffect(() => {
    // The page the visit starts on is already at its top; scrolling would only make the browser
    // lay the new page out at once, inside the task that draws it.
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    // Only a change of page scrolls, not a change of the motion preference.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}
