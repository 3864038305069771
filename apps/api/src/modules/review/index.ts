/**
 * The review module: the administrators' review queue, decisions and bans. It offers the other
 * modules nothing to call: its decisions reach them as `campaign.reviewed` events.
 */
export {};
