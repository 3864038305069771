/**
 * Whether a loading placeholder (`selector`, any skeleton unless given) is ever drawn from now
 * on, however briefly: a page whose loader asked for its data first must never show one.
 */
export function watchForPlaceholders(selector = '.mantine-Skeleton-root') {
  let seen = false;
  const observer = new MutationObserver(() => {
    seen ||= document.querySelector(selector) !== null;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { seen: () => seen, stop: () => observer.disconnect() };
}
