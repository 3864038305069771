import { timingSafeEqual } from 'node:crypto';
import {
  type CreatedSharedLink,
  type CreateSharedLinkRequest,
  roleAllows,
  SHARED_LINK_LIMITS,
  SHARED_LINK_PAGES,
  SHARED_LINK_TEXTS,
  type SharedLink,
  type SharedLinkKind,
  type SharedPreview,
  type SharedReport,
} from '@portal/contract';
import type { LimiterFactory } from '../../adapters/rate-limit/rate-limiter';
import type { SharedLinkRow } from '../../db/schema';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { HttpError, notFound, tooManyRequests } from '../../lib/http-errors';
import type { AdvertiserPrincipal } from '../../lib/principal';
import { generateToken, hashToken } from '../../lib/tokens';
import type { AdvertiserRepository } from '../advertisers';
import type { CampaignRepository } from '../campaigns';
import type { ReportService } from '../insights';
import type { MediaRepository, MediaService } from '../media';
import type { SharedLinkListRow, SharedLinkRepository } from './shared-link.repository';

export interface SharingRepositories {
  sharedLinks: SharedLinkRepository;
  advertisers: AdvertiserRepository;
  campaigns: CampaignRepository;
  media: MediaRepository;
}

export interface SharingServiceOptions {
  data: DataAccess<SharingRepositories>;
  clock: Clock;
  limiterFactory: LimiterFactory;
  /** Reports over dates (insights): a report link shows what the signed-in report shows. */
  reports: ReportService;
  /** View addresses of a preview's files. */
  media: MediaService;
}

const DAY_MS = 86_400_000;
/** What `generateToken` makes: 43 characters of base64url (256 bits). Anything else is not a token. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Every failure of a public link answers this, so a page cannot tell why (decision 034). */
const gone = () => notFound(SHARED_LINK_TEXTS.gone);
const campaignNotFound = () => notFound(SHARED_LINK_TEXTS.campaignNotFound);

/** The two hashes compared in constant time (the lookup found the row by the same hash). */
const sameHash = (stored: string, given: string) =>
  stored.length === given.length && timingSafeEqual(Buffer.from(stored), Buffer.from(given));

const toSharedLink = ({ link, campaignName, makerFirstName, makerLastName }: SharedLinkListRow): SharedLink => ({
  id: link.id,
  kind: link.kind,
  campaign_id: link.campaignId,
  campaign_name: campaignName,
  from: link.rangeFrom,
  to: link.rangeTo,
  created_at: link.createdAt.toISOString(),
  expires_at: link.expiresAt.toISOString(),
  views: link.views,
  last_viewed_at: link.lastViewedAt?.toISOString() ?? null,
  created_by: [makerFirstName, makerLastName].filter(Boolean).join(' '),
});

/**
 * Shared links (docs/product/campaigns.md, Preview share links; docs/product/insights.md, Report
 * links; decision 034): members make and revoke them; anyone with the token sees the one thing
 * it shows, read-only, each view counted.
 */
export class SharingService {
  private readonly viewsPerAddress;

  constructor(private readonly options: SharingServiceOptions) {
    this.viewsPerAddress = options.limiterFactory({
      name: 'shared-link-address',
      points: SHARED_LINK_LIMITS.viewsPerAddressPerHour,
      durationSeconds: 60 * 60,
    });
  }

  /** A new link, with the account's row locked so that two at once cannot pass the limit together. */
  async create(principal: AdvertiserPrincipal, request: CreateSharedLinkRequest): Promise<CreatedSharedLink> {
    const { data, clock } = this.options;
    const advertiserId = principal.advertiser.id;
    const campaignId = request.campaign_id ?? null;
    await this.checkCampaign(principal, request.kind, campaignId);
    const token = generateToken();
    const days = request.kind === 'preview' ? SHARED_LINK_LIMITS.previewDays : request.expires_in_days;
    const link = await data.withTransaction(async (repos) => {
      await repos.advertisers.lock(advertiserId);
      const now = clock.now();
      if ((await repos.sharedLinks.countActive(advertiserId, now)) >= SHARED_LINK_LIMITS.perAccount) {
        throw new HttpError(409, SHARED_LINK_TEXTS.tooMany);
      }
      return repos.sharedLinks.create({
        advertiserId,
        createdBy: principal.userId,
        kind: request.kind,
        campaignId,
        rangeFrom: request.kind === 'report' ? request.from : null,
        rangeTo: request.kind === 'report' ? request.to : null,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + days * DAY_MS),
      });
    });
    const listed = await data.repos.sharedLinks.listed(link.id);
    return { ...toSharedLink(listed!), path: SHARED_LINK_PAGES[request.kind].to(token) };
  }

  /** The account's active links: an owner sees every one, anyone else their own. */
  async list(principal: AdvertiserPrincipal): Promise<SharedLink[]> {
    const rows = await this.options.data.repos.sharedLinks.listActive(
      principal.advertiser.id,
      this.makerFilter(principal),
      this.options.clock.now(),
    );
    return rows.map(toSharedLink);
  }

  async revoke(principal: AdvertiserPrincipal, id: number): Promise<void> {
    const revoked = await this.options.data.repos.sharedLinks.revoke(
      principal.advertiser.id,
      id,
      this.makerFilter(principal),
      this.options.clock.now(),
    );
    if (!revoked) throw notFound(SHARED_LINK_TEXTS.notFound);
  }

  /** A preview link's ad: its texts, link and files, under the account's name and picture, and nothing else. */
  async preview(token: string, ip: string): Promise<SharedPreview> {
    const link = await this.liveLink(token, 'preview', ip);
    const { repos } = this.options.data;
    const view = link.campaignId === null ? undefined : await repos.campaigns.findView(link.campaignId);
    if (!view || view.campaign.deletedAt !== null) throw gone();
    const [advertiser, files] = await Promise.all([
      repos.advertisers.find(link.advertiserId),
      repos.media.ofCampaign(view.campaign.id),
    ]);
    const media = await Promise.all(
      files.map(async (file) => ({
        url: await this.options.media.viewUrlOf(file.key, SHARED_LINK_LIMITS.mediaViewSeconds),
        kind: file.contentType.startsWith('video/') ? ('video' as const) : ('image' as const),
      })),
    );
    await repos.sharedLinks.countView(link.id, this.options.clock.now());
    return {
      account_name: advertiser!.name,
      logo: view.owner.logo,
      primary_text: view.ad?.adTitle ?? '',
      additional_text: view.ad?.adDescription ?? '',
      destination_url: view.ad?.destinationUrl ?? '',
      media,
      expires_at: link.expiresAt.toISOString(),
    };
  }

  /** A report link's report over its days: the campaign's, or the account's campaigns together. */
  async report(token: string, ip: string): Promise<SharedReport> {
    const link = await this.liveLink(token, 'report', ip);
    const { data, reports, clock } = this.options;
    const scope = { advertiserId: link.advertiserId };
    const range = { from: link.rangeFrom!, to: link.rangeTo! };
    let answer: Omit<SharedReport, 'expires_at'>;
    if (link.campaignId === null) {
      const advertiser = await data.repos.advertisers.find(link.advertiserId);
      answer = { title: advertiser!.name, subject: 'account', ...(await reports.sums(scope, range)) };
    } else {
      // A campaign no longer on the analytics page (deleted for good) ends its links.
      const report = await reports.campaign(scope, link.campaignId, range).catch((error: unknown) => {
        throw error instanceof HttpError && error.statusCode === 404 ? gone() : error;
      });
      const { from, to, totals, days } = report;
      answer = { title: report.campaign_name, subject: 'campaign', from, to, totals, days };
    }
    await data.repos.sharedLinks.countView(link.id, clock.now());
    return { ...answer, expires_at: link.expiresAt.toISOString() };
  }

  /** Owners see and revoke every link of the account; other members their own. */
  private makerFilter(principal: AdvertiserPrincipal): number | null {
    return roleAllows(principal.advertiser.role, 'team.manage') ? null : principal.userId;
  }

  /**
   * A campaign the member may share: for a preview, one of the account's campaigns not deleted
   * (a draft only by the member whose draft it is); for a report, one on the analytics page.
   */
  private async checkCampaign(principal: AdvertiserPrincipal, kind: SharedLinkKind, campaignId: number | null) {
    if (campaignId === null) return;
    const { repos } = this.options.data;
    const scope = { advertiserId: principal.advertiser.id };
    if (kind === 'report') {
      if ((await repos.campaigns.analyticsCampaigns(scope, [campaignId])).length === 0) throw campaignNotFound();
      return;
    }
    const view = await repos.campaigns.findView(campaignId);
    const campaign = view?.campaign;
    if (!campaign || campaign.advertiserId !== scope.advertiserId || campaign.deletedAt !== null) {
      throw campaignNotFound();
    }
    if (campaign.approvalStatus === 'draft' && campaign.userId !== principal.userId) throw campaignNotFound();
  }

  /** The working link of a public page's token, counted against the caller's address first. */
  private async liveLink(token: string, kind: SharedLinkKind, ip: string): Promise<SharedLinkRow> {
    const tries = await this.viewsPerAddress.consume(ip);
    if (!tries.allowed) throw tooManyRequests(SHARED_LINK_TEXTS.tooManyViews, tries.retryAfterSeconds);
    if (!TOKEN_SHAPE.test(token)) throw gone();
    const tokenHash = hashToken(token);
    const link = await this.options.data.repos.sharedLinks.findLive(tokenHash, this.options.clock.now());
    if (!link || link.kind !== kind || !sameHash(link.tokenHash, tokenHash)) throw gone();
    return link;
  }
}
