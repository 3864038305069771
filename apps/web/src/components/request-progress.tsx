import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useNavigation } from 'react-router';
import classes from './request-progress.module.css';

/**
 * An indeterminate bar at the top of the page. It is decoration for sighted users: controls
 * announce their own busy state ("Logging in"), and a bar announced on every background
 * refetch would only be noise for a screen reader.
 */
export function ProgressBar() {
  return <div aria-hidden="true" data-testid="request-progress" className={classes.bar} />;
}

/** Shown while any query or mutation runs, or the next page's code is still loading. */
export function RequestProgress() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  return fetching + mutating > 0 || navigation.state !== 'idle' ? <ProgressBar /> : null;
}
