import { z } from 'zod';
import { timeZoneSchema } from '../common/time-zone';
import { idSchema, textField } from '../common/common.schemas';
import { pagePath } from '../common/page-paths';
import { emailSchema } from '../auth/auth.schemas';
import { newPasswordSchema, passwordConfirmationSchema, withPasswordConfirmation } from '../auth/password.schemas';
import { personalNamesSchema } from '../account/profile.schemas';

/**
 * Advertiser accounts and their members (docs/product/teams.md). An advertiser account owns the
 * campaigns, files, cards, payments and billing details; a user belongs to one or more accounts
 * with one role in each.
 */

/**
 * The request header that names the advertiser account a request acts on (decision 027). The
 * server checks it against the caller's memberships on every request; without it, a request
 * acts on the caller's first account, so callers with one account need not send it.
 */
export const ADVERTISER_HEADER = 'x-advertiser-id';

export const ADVERTISER_ROLES = ['owner', 'manager', 'billing', 'viewer'] as const;
export type AdvertiserRole = (typeof ADVERTISER_ROLES)[number];

export const ADVERTISER_ROLE_LABELS: Record<AdvertiserRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  billing: 'Billing',
  viewer: 'Viewer',
};

/** What each role is for, as the team page explains it. */
export const ADVERTISER_ROLE_DESCRIPTIONS: Record<AdvertiserRole, string> = {
  owner: 'Everything, including the team, billing details and closing the account.',
  manager: 'Creates, edits, switches, duplicates and archives campaigns; reads analytics.',
  billing: 'Balance, cards, payment links, payment activity, receipts and billing details.',
  viewer: 'Reads dashboards, campaign lists and analytics, and exports the CSV.',
};

/**
 * What a customer endpoint needs of the caller's role in the account it acts on. Every customer
 * endpoint of the contract names one, and the server checks it before the handler runs.
 */
export const ADVERTISER_PERMISSIONS = ['campaigns.view', 'campaigns.manage', 'billing.manage', 'team.manage'] as const;
export type AdvertiserPermission = (typeof ADVERTISER_PERMISSIONS)[number];

/** The one list of who may do what (docs/product/teams.md, Roles). */
export const ROLE_PERMISSIONS: Record<AdvertiserRole, readonly AdvertiserPermission[]> = {
  owner: ADVERTISER_PERMISSIONS,
  manager: ['campaigns.view', 'campaigns.manage'],
  // Finance pays for campaigns, so it sees them, read-only.
  billing: ['campaigns.view', 'billing.manage'],
  viewer: ['campaigns.view'],
};

export const roleAllows = (role: AdvertiserRole, permission: AdvertiserPermission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/** The roles that hear of something: who gets which notifications and e-mails. */
export const ROLES_CONCERNED = {
  /** Reviews of campaigns: approvals and declines. */
  campaigns: ['owner', 'manager'],
  /** Amounts due, payments and receipts, and a paid week about to end. */
  payments: ['owner', 'billing'],
  /** What campaigns spend: the budget alerts (docs/product/alerts.md). */
  results: ['owner', 'manager'],
} as const satisfies Record<string, readonly AdvertiserRole[]>;

/** How long an invitation link stays valid. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** At most this many invitations of one account wait at once. */
export const MAX_PENDING_INVITATIONS = 50;
/** At most this many people belong to one account. */
export const MAX_ADVERTISER_MEMBERS = 100;

export const ADVERTISER_MESSAGES = {
  headerInvalid: 'The advertiser account named by the request is not valid',
  notMember: 'You are not a member of this advertiser account.',
  noAccount: 'You are not a member of any advertiser account.',
  suspended: 'This advertiser account is suspended. Contact support.',
  roleForbidden: (permission: AdvertiserPermission) =>
    `Your role in this advertiser account does not allow ${PERMISSION_PHRASES[permission]}.`,
  roleRequired: 'Choose a role',
  roleInvalid: 'The role must be owner, manager, billing or viewer',
  memberNotFound: 'This person is not a member of the account.',
  lastOwner: 'An advertiser account needs at least one owner. Make someone else an owner first.',
  roleChanged: 'The role has been changed',
  memberRemoved: 'The member has been removed',
  left: 'You have left the advertiser account',
  alreadyMember: 'This person is already a member of the account.',
  alreadyInvited: 'This e-mail address already has a pending invitation. Resend it instead.',
  tooManyInvitations: `An account can have at most ${MAX_PENDING_INVITATIONS} pending invitations.`,
  tooManyMembers: `An account can have at most ${MAX_ADVERTISER_MEMBERS} members.`,
  invited: 'The invitation has been sent',
  resent: 'The invitation has been sent again',
  withdrawn: 'The invitation has been withdrawn',
  invitationNotFound: 'This invitation does not exist or has already been answered.',
  invitationInvalid: 'This invitation link is not valid. Ask for a new one.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationWrongEmail: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  invitationWrongKind: 'This invitation is for another kind of account.',
  invitationEmailTaken: 'An account with this e-mail address exists. Log in to accept the invitation.',
  resendTooSoon: 'The invitation was sent less than a minute ago. Wait a moment before sending it again.',
  suspendedNow: 'The advertiser account has been suspended',
  reinstated: 'The advertiser account has been reinstated',
  trustedNow: 'The advertiser account is now trusted',
  untrusted: 'The advertiser account is no longer trusted',
  advertiserNotFound: 'This advertiser account does not exist.',
  joined: (name: string) => `You have joined ${name}`,
  renamed: 'The advertiser account has been renamed',
  nameRequired: 'The account name is required',
  nameTooLong: 'The account name must be at most 100 characters',
  userIdInvalid: 'The member is not valid',
  invitationIdInvalid: 'The invitation is not valid',
} as const;

const PERMISSION_PHRASES: Record<AdvertiserPermission, string> = {
  'campaigns.view': 'seeing campaigns',
  'campaigns.manage': 'changing campaigns',
  'billing.manage': 'billing and payments',
  'team.manage': 'managing the team',
};

export const advertiserRoleSchema = z.enum(ADVERTISER_ROLES, {
  error: (issue) => (issue.input == null ? ADVERTISER_MESSAGES.roleRequired : ADVERTISER_MESSAGES.roleInvalid),
});

/** The header's value: an account id. */
export const advertiserHeaderSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647));

/** One of the caller's accounts, as the header's account switcher lists them. */
export const membershipSchema = z
  .object({
    advertiser_id: z.number().int(),
    name: z.string(),
    role: advertiserRoleSchema,
    suspended: z.boolean(),
    /** The zone of its flight dates, an IANA name (docs/product/campaigns.md, Flight dates). */
    time_zone: z.string(),
  })
  .meta({ id: 'Membership' });
export type Membership = z.infer<typeof membershipSchema>;

export const membershipsResponseSchema = z.object({ data: z.array(membershipSchema) }).meta({ id: 'Memberships' });

export const memberSchema = z
  .object({
    user_id: z.number().int(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    role: advertiserRoleSchema,
    joined_at: z.string(),
  })
  .meta({ id: 'AdvertiserMember' });
export type AdvertiserMember = z.infer<typeof memberSchema>;

export const invitationSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: advertiserRoleSchema,
    invited_at: z.string(),
    expires_at: z.string(),
    /** Past its expiry: it can be resent (with a new link) or withdrawn. */
    expired: z.boolean(),
  })
  .meta({ id: 'AdvertiserInvitation' });
export type AdvertiserInvitation = z.infer<typeof invitationSchema>;

export const teamResponseSchema = z
  .object({
    advertiser: membershipSchema.omit({ role: true }),
    members: z.array(memberSchema),
    invitations: z.array(invitationSchema),
  })
  .meta({ id: 'AdvertiserTeam' });
export type AdvertiserTeam = z.infer<typeof teamResponseSchema>;

export const inviteMemberRequestSchema = z
  .object({ email: emailSchema, role: advertiserRoleSchema })
  .meta({ id: 'InviteMemberRequest' });
export type InviteMemberValues = z.output<typeof inviteMemberRequestSchema>;

export const changeRoleRequestSchema = z.object({ role: advertiserRoleSchema }).meta({ id: 'ChangeRoleRequest' });

/** The account's time zone, chosen by an owner on My account. */
export const advertiserTimeZoneRequestSchema = z
  .object({ time_zone: timeZoneSchema })
  .meta({ id: 'AdvertiserTimeZoneRequest' });

export const renameAdvertiserRequestSchema = z
  .object({
    name: textField(
      'The account name',
      ADVERTISER_MESSAGES.nameRequired,
      z
        .string()
        .trim()
        .min(1, { error: ADVERTISER_MESSAGES.nameRequired })
        .max(100, { error: ADVERTISER_MESSAGES.nameTooLong }),
    ),
  })
  .meta({ id: 'RenameAdvertiserRequest' });

export const memberIdParams = z.object({
  userId: z
    .string()
    .transform((value) => (/^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : 0))
    .meta({ description: 'The member’s user id' }),
});

/** An invitation link's token, as the invitee's page sends it back. */
export const invitationTokenSchema = z
  .object({
    token: textField(
      'The invitation',
      ADVERTISER_MESSAGES.invitationInvalid,
      z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, { error: ADVERTISER_MESSAGES.invitationInvalid }),
    ),
  })
  .meta({ id: 'InvitationToken' });

/** What the invitation page shows before the invitee signs in or accepts. */
export const invitationPreviewSchema = z
  .object({
    advertiser_name: z.string().nullable(),
    /** 'admin' for an administrator's invitation. */
    kind: z.enum(['advertiser', 'admin']),
    role: advertiserRoleSchema.nullable(),
    email: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const joinedResponseSchema = z
  .object({ message: z.string(), membership: membershipSchema })
  .meta({ id: 'JoinedAdvertiser' });

/** One line of an account's audit trail, as its owners read it. */
export const advertiserAuditEntrySchema = z
  .object({
    id: z.number().int(),
    action: z.string(),
    /** Who did it: the member's or administrator's name; null for the portal itself. */
    actor: z.string().nullable(),
    subject_type: z.string(),
    subject_id: z.number().int(),
    /** The campaign's current name, for a line about a campaign. */
    campaign_name: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AdvertiserAuditEntry' });
export type AdvertiserAuditEntry = z.infer<typeof advertiserAuditEntrySchema>;

export const advertiserAuditResponseSchema = z
  .object({ data: z.array(advertiserAuditEntrySchema), next_before: z.number().int().nullable() })
  .meta({ id: 'AdvertiserAudit' });
export type AdvertiserAudit = z.infer<typeof advertiserAuditResponseSchema>;

export const advertiserAuditQuerySchema = z.object({
  before: idSchema('The position is not valid').optional(),
});

/** A new person's first sign-in through an invitation: the link proves the e-mail address. */
export const invitationSignupRequestSchema = withPasswordConfirmation(
  {
    ...invitationTokenSchema.shape,
    ...personalNamesSchema.shape,
    password: newPasswordSchema(),
    password_confirmation: passwordConfirmationSchema,
  },
  'password',
  'password_confirmation',
).meta({ id: 'InvitationSignupRequest' });
export type InvitationSignupValues = z.output<typeof invitationSignupRequestSchema>;

/** An administrator's invitation of another administrator. */
export const inviteAdminRequestSchema = z.object({ email: emailSchema }).meta({ id: 'InviteAdminRequest' });

export const adminInvitationsResponseSchema = z
  .object({ data: z.array(invitationSchema.omit({ role: true })) })
  .meta({ id: 'AdminInvitations' });

/** An advertiser account as administrators see it on the users pages, with its members. */
export const adminAdvertiserSchema = membershipSchema
  .omit({ role: true })
  .extend({
    members: z.array(memberSchema),
    /** Its members' edits of an approved campaign's texts or keywords skip review (docs/product/campaigns.md). */
    trusted: z.boolean(),
  })
  .meta({ id: 'AdminAdvertiser' });
export type AdminAdvertiser = z.infer<typeof adminAdvertiserSchema>;

export const adminAdvertisersResponseSchema = z
  .object({ data: z.array(adminAdvertiserSchema) })
  .meta({ id: 'AdminAdvertisers' });

/** The pages of teams: the team page, and the page an invitation link opens. */
export const TEAM_PAGES = {
  team: '/team',
  invitation: pagePath('/invitations/:token', 'token'),
} as const;

/** Marks an advertiser account trusted or not (docs/product/review.md, Trusted advertisers). */
export const advertiserTrustRequestSchema = z
  .object({ trusted: z.boolean({ error: 'Trusted must be true or false' }) })
  .meta({ id: 'AdvertiserTrustRequest' });
