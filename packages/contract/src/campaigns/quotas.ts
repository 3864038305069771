/**
 * What one customer may hold at once (docs/product/campaigns.md, Quotas; decision 023). The
 * API enforces them under a lock on the customer, so parallel requests cannot pass them; the
 * messages say which quota refused and how much of it is left.
 */
export const CUSTOMER_QUOTAS = {
  /** Campaigns that are not archived: the draft, pending, declined and approved ones. */
  campaigns: 200,
  /** Media the customer's files take in storage; a file counts from its upload address on. */
  storedBytes: 50 * 1024 ** 3,
  /** Upload addresses whose file is not yet saved to a campaign and that have not expired. */
  pendingUploads: 60,
  /** Campaigns one Duplicate request may copy. */
  duplicatesPerRequest: 10,
} as const;

const GB = 1024 ** 3;
const MB = 1024 ** 2;
// Below 1024 of either unit no thousands separator is needed, so no Intl formatter is built:
// the web imports the contract as it starts, where the first one costs tens of milliseconds
// (docs/decisions/020-dashboard-rendering.md).
const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

/** A size as the media messages write it: "20 MB", "1.5 GB" (powers of 1024, as the limits are). */
export const formatBytes = (bytes: number) =>
  bytes >= GB ? `${oneDecimal(bytes / GB)} GB` : `${oneDecimal(bytes / MB)} MB`;

export const QUOTA_MESSAGES = {
  campaigns: (left: number) =>
    `Campaign quota reached: at most ${CUSTOMER_QUOTAS.campaigns} campaigns that are not archived, ${left} left. Archive campaigns to make room.`,
  storedBytes: (leftBytes: number) =>
    `Storage quota reached: at most ${formatBytes(CUSTOMER_QUOTAS.storedBytes)} of media files, ${formatBytes(leftBytes)} left. Remove files you no longer need.`,
  pendingUploads: (minutes: number) =>
    `Upload quota reached: at most ${CUSTOMER_QUOTAS.pendingUploads} uploads waiting to be saved to a campaign, 0 left. Save or remove the files being uploaded, or try again in ${minutes} minute(s).`,
  duplicatesPerRequest: `At most ${CUSTOMER_QUOTAS.duplicatesPerRequest} campaigns can be duplicated at a time`,
} as const;
