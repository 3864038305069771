/**
 * Days as 'YYYY-MM-DD' in UTC, and ISO weeks (Monday to Sunday), as the dashboards count them
 * (docs/product/insights.md, Weekly change).
 */
const DAY_MS = 86_400_000;

export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

const dateOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

export const addDays = (day: string, days: number): string => dayOf(new Date(dateOf(day).getTime() + days * DAY_MS));

/** The Monday of the ISO week `day` is in. */
export const mondayOf = (day: string): string => addDays(day, -((dateOf(day).getUTCDay() + 6) % 7));
