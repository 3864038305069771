import { and, eq, inArray } from 'drizzle-orm';
import type { AlertKind } from '@portal/contract';
import type { Database } from '../../db/database';
import { alertEmailSettings } from '../../db/schema';

/** The `alert_email_settings` table: the alerts each person turned the e-mail of off (or on again). */
export class AlertSettingsRepository {
  constructor(private readonly db: Database) {}

  /** The person's choices so far; a kind not in the map is e-mailed. */
  async ofUser(userId: number): Promise<Map<AlertKind, boolean>> {
    const rows = await this.db
      .select({ kind: alertEmailSettings.kind, email: alertEmailSettings.email })
      .from(alertEmailSettings)
      .where(eq(alertEmailSettings.userId, userId));
    return new Map(rows.map((row) => [row.kind, row.email]));
  }

  async setEmail(userId: number, kind: AlertKind, email: boolean, at: Date): Promise<void> {
    await this.db
      .insert(alertEmailSettings)
      .values({ userId, kind, email, updatedAt: at })
      .onConflictDoUpdate({
        target: [alertEmailSettings.userId, alertEmailSettings.kind],
        set: { email, updatedAt: at },
      });
  }

  /** Of these people, those who turned this alert's e-mail off. */
  async emailOff(userIds: number[], kind: AlertKind): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .select({ userId: alertEmailSettings.userId })
      .from(alertEmailSettings)
      .where(
        and(
          inArray(alertEmailSettings.userId, userIds),
          eq(alertEmailSettings.kind, kind),
          eq(alertEmailSettings.email, false),
        ),
      );
    return new Set(rows.map((row) => row.userId));
  }
}
