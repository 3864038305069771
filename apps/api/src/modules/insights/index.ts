/**
 * The insights module: statistics entries, dashboards, analytics and reports over dates (the
 * daily ledgers' tables; docs/product/insights.md).
 *
 * What it offers the other modules, and to whom:
 * - `ReportService`: to sharing, whose report links show the report a signed-in member sees.
 */
export type { ReportService } from './report.service';
