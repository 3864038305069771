/** The audit module: the append-only `audit_log` table, written in the transaction of each change. */
export { AuditRepository, type AuditRecord } from './audit.repository';
