import { SPENT_LABELS } from '../common/money';

/**
 * The figures of a statistics entry, each declared once (docs/product/insights.md, Names). The
 * request and answer schemas, the dashboard cards, the CSV columns, the API's answers, the Edit
 * metrics dialog and the analytics cards all follow this list and its order, which is the order
 * of docs/product/insights.md, Statistics entries.
 */

/** Money is dollars with two decimals (kept in cents); counts and hours are whole numbers. */
export type FigureUnit = 'money' | 'count' | 'hours';

/** The heading a figure is shown under, in the dialog and on an opened analytics card. */
export type FigureGroup = 'spend' | 'audience' | 'reach' | 'impressions' | 'engagement' | 'stories' | 'response';

interface FigureDeclaration {
  /** The API name: the field of the request, the entry, the dashboard answer, and the CSV column. */
  key: string;
  /** Its name on the dashboard cards, and everywhere else unless `fieldLabel` says otherwise. */
  label: string;
  /**
   * Its name in the Edit metrics dialog and on the analytics cards where the product docs give
   * one apart from the card's (docs/product/payments.md, Total spent and Amount spent).
   */
  fieldLabel?: string;
  unit: FigureUnit;
  /** The message when an administrator leaves it empty; null: optional, 0 when left out. */
  required: string | null;
  /** Whether the dashboard has a card for it (docs/product/insights.md, Dashboard cards). */
  onDashboard: boolean;
  group: FigureGroup;
}

const DECLARED = [
  {
    key: 'amount_spent',
    label: 'Amount Spent',
    fieldLabel: SPENT_LABELS.amountSpent,
    unit: 'money',
    required: 'Amount spent is required',
    onDashboard: true,
    group: 'spend',
  },
  {
    key: 'ad_cost',
    label: 'Ad Cost',
    unit: 'money',
    required: 'Ad cost is required',
    onDashboard: true,
    group: 'spend',
  },
  {
    key: 'followers_count',
    label: 'Followers',
    unit: 'count',
    required: 'Followers count is required',
    onDashboard: true,
    group: 'audience',
  },
  {
    key: 'posts',
    label: 'Posts',
    unit: 'count',
    required: 'Posts count is required',
    onDashboard: true,
    group: 'audience',
  },
  // Not summed over campaigns, so no card.
  {
    key: 'duration',
    label: 'Duration',
    unit: 'hours',
    required: 'Duration is required',
    onDashboard: false,
    group: 'audience',
  },
  {
    key: 'total_reach',
    label: 'Total Reach',
    unit: 'count',
    required: 'Total reach is required',
    onDashboard: true,
    group: 'reach',
  },
  {
    key: 'post_reach',
    label: 'Post Reach',
    unit: 'count',
    required: 'Post reach is required',
    onDashboard: true,
    group: 'reach',
  },
  {
    key: 'story_reach',
    label: 'Story Reach',
    unit: 'count',
    required: 'Story reach is required',
    onDashboard: true,
    group: 'reach',
  },
  {
    key: 'total_impressions',
    label: 'Total Impressions',
    unit: 'count',
    required: 'Total impressions count is required',
    onDashboard: true,
    group: 'impressions',
  },
  {
    key: 'post_impressions',
    label: 'Post Impressions',
    unit: 'count',
    required: 'Post impressions count is required',
    onDashboard: true,
    group: 'impressions',
  },
  {
    key: 'story_impressions',
    label: 'Story Impressions',
    unit: 'count',
    required: 'Story impressions count is required',
    onDashboard: true,
    group: 'impressions',
  },
  {
    key: 'post_likes',
    label: 'Likes',
    unit: 'count',
    required: 'Likes count is required',
    onDashboard: true,
    group: 'engagement',
  },
  {
    key: 'post_comments',
    label: 'Comments',
    unit: 'count',
    required: 'Comments count is required',
    onDashboard: true,
    group: 'engagement',
  },
  {
    key: 'post_shares',
    label: 'Shares',
    unit: 'count',
    required: 'Shares count is required',
    onDashboard: true,
    group: 'engagement',
  },
  {
    key: 'post_saves',
    label: 'Saves',
    unit: 'count',
    required: 'Saves count is required',
    onDashboard: true,
    group: 'engagement',
  },
  {
    key: 'story_account_taps',
    label: 'Story Account Taps',
    unit: 'count',
    required: 'Story account taps count is required',
    onDashboard: true,
    group: 'stories',
  },
  {
    key: 'stories_with_link',
    label: 'Stories With Link',
    unit: 'count',
    required: 'Stories with link count is required',
    onDashboard: true,
    group: 'stories',
  },
  {
    key: 'link_clicks',
    label: 'Link Clicks',
    unit: 'count',
    required: null,
    onDashboard: false,
    group: 'response',
  },
  {
    key: 'lead_generated',
    label: 'Leads',
    unit: 'count',
    required: null,
    onDashboard: false,
    group: 'response',
  },
] as const satisfies readonly FigureDeclaration[];

type Declared = (typeof DECLARED)[number];
export type FigureKey = Declared['key'];
/** The figures kept in cents and answered in dollars. */
export type MoneyFigureKey = Extract<Declared, { unit: 'money' }>['key'];
/** The figures with a dashboard card. */
export type DashboardFigureKey = Extract<Declared, { onDashboard: true }>['key'];

export interface Figure extends FigureDeclaration {
  key: FigureKey;
}

/** Every figure, in order. */
export const FIGURES: readonly Figure[] = DECLARED;

/** Each figure by its API name. */
export const FIGURES_BY_KEY = Object.fromEntries(FIGURES.map((figure) => [figure.key, figure])) as Record<
  FigureKey,
  Figure
>;

/** The dashboard's cards, in their order. */
export const DASHBOARD_FIGURES = FIGURES.filter(
  (figure): figure is Figure & { key: DashboardFigureKey } => figure.onDashboard,
);

/** A figure's name in the Edit metrics dialog and on the analytics cards. */
export const fieldLabelOf = (figure: Figure): string => figure.fieldLabel ?? figure.label;
