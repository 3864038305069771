import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVERTISER_HEADER,
  ADVERTISER_MESSAGES,
  advertiserEndpoints,
  fillPath,
  INVITATION_LIFETIME_MS,
  ROLE,
  type AdvertiserRole,
  type Endpoint,
} from '@portal/contract';
import { invitations } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { wizardOf } from '../../../test/campaigns';
import { openEventStream } from '../../../test/cluster';
import { bearer, createTestApp, errorBody, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../../test/test-app';

const endpoints = advertiserEndpoints;

describe('teams: members, invitations and roles', () => {
  let t: TestApp;
  let ownerToken: string;
  let ownerEmail: string;
  let adminToken: string;
  let advertiserId: number;
  const wizard = wizardOf(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await t.createUser({ withBilling: true, firstName: 'Olga', lastName: 'Owner' });
    ownerEmail = owner.email;
    ownerToken = await t.login(owner.email);
    advertiserId = await t.advertiserOf(owner.id);
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
  });
  afterAll(() => t.close());

  const call = (
    endpoint: Endpoint,
    token: string | null,
    { params, body, advertiser }: { params?: Record<string, unknown>; body?: unknown; advertiser?: number } = {},
  ) =>
    t.app.inject({
      method: endpoint.method,
      url: `/api${fillPath(endpoint.path, params)}`,
      headers: {
        ...(token ? bearer(token) : {}),
        ...(advertiser ? { [ADVERTISER_HEADER]: String(advertiser) } : {}),
      },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });

  /** The token of the newest invitation e-mailed to `email`. */
  async function invitationToken(email: string): Promise<string> {
    const message = (await t.mail()).find((mail) => mail.to === email && /invited you/.test(mail.subject));
    const match = message?.text.match(/\/invitations\/([A-Za-z0-9_-]+)/);
    if (!match) throw new Error(`no invitation to ${email}`);
    return match[1]!;
  }

  /** Invites a new address with the role and signs them up from the link: their token. */
  async function newMember(role: AdvertiserRole, token = ownerToken) {
    const email = uniqueEmail(role);
    const invited = await call(endpoints.inviteMember, token, { body: { email, role } });
    expect(invited.statusCode).toBe(201);
    const joined = await call(endpoints.signUpWithInvitation, null, {
      body: {
        token: await invitationToken(email),
        first_name: 'New',
        last_name: role,
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
      },
    });
    expect(joined.statusCode).toBe(200);
    return {
      email,
      token: joined.json<{ access_token: string; user_data: { id: number } }>().access_token,
      id: joined.json().user_data.id as number,
    };
  }

  it('invites by e-mail; the invitee signs up from the link, joins with the role, and the link works once', async () => {
    const email = uniqueEmail('manager');
    const invited = await call(endpoints.inviteMember, ownerToken, { body: { email, role: 'manager' } });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, role: 'manager', expired: false });
    const token = await invitationToken(email);
    const message = (await t.mail()).find((mail) => mail.to === email)!;
    expect(message.subject).toMatch(/^Olga Owner invited you to the advertiser account /);
    expect(message.text).toContain('as manager');

    const preview = await call(endpoints.previewInvitation, null, { body: { token } });
    expect(preview.json()).toMatchObject({ kind: 'advertiser', role: 'manager', email });

    const body = {
      token,
      first_name: 'Max',
      last_name: 'Manager',
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    };
    const joined = await call(endpoints.signUpWithInvitation, null, { body });
    expect(joined.statusCode).toBe(200);
    const memberToken = joined.json().access_token as string;
    const memberships = await call(endpoints.listMemberships, memberToken);
    expect(memberships.json().data).toEqual([
      { advertiser_id: advertiserId, name: expect.any(String), role: 'manager', suspended: false, time_zone: 'UTC' },
    ]);
    // The owner's campaign list is the member's.
    expect((await call(endpoints.getTeam, memberToken)).statusCode).toBe(403);

    const again = await call(endpoints.signUpWithInvitation, null, { body: { ...body, token } });
    expect(again.statusCode).toBe(404);
    expect(errorBody(again).message).toBe(ADVERTISER_MESSAGES.invitationInvalid);
    const team = (await call(endpoints.getTeam, ownerToken)).json();
    expect(team.members.map((member: { email: string; role: string }) => [member.email, member.role])).toContainEqual([
      email,
      'manager',
    ]);
    expect(team.invitations.map((invitation: { email: string }) => invitation.email)).not.toContain(email);
  });

  it('lets a signed-in customer with the invited address accept; refuses another address, an expired, withdrawn or reused link', async () => {
    const invitee = await t.createUser();
    const inviteeToken = await t.login(invitee.email);
    const other = await t.login((await t.createUser()).email);
    await call(endpoints.inviteMember, ownerToken, { body: { email: invitee.email, role: 'viewer' } });
    const token = await invitationToken(invitee.email);

    const wrong = await call(endpoints.acceptInvitation, other, { body: { token } });
    expect(wrong.statusCode).toBe(403);
    expect(errorBody(wrong).message).toBe(ADVERTISER_MESSAGES.invitationWrongEmail);
    // An address with an account cannot make a second one from the link.
    const taken = await call(endpoints.signUpWithInvitation, null, {
      body: {
        token,
        first_name: 'Alex',
        last_name: 'Brown',
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
      },
    });
    expect(taken.statusCode).toBe(409);

    t.clock.advance(1_000);
    const accepted = await call(endpoints.acceptInvitation, inviteeToken, { body: { token } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().membership).toMatchObject({ advertiser_id: advertiserId, role: 'viewer' });
    // Their own account stays their first; the header picks the new one.
    const list = await call(endpoints.listMemberships, inviteeToken);
    expect(list.json().data.map((membership: { role: string }) => membership.role)).toEqual(['owner', 'viewer']);
    expect((await call(endpoints.acceptInvitation, inviteeToken, { body: { token } })).statusCode).toBe(404);

    const late = await t.createUser();
    await call(endpoints.inviteMember, ownerToken, { body: { email: late.email, role: 'viewer' } });
    const lateToken = await invitationToken(late.email);
    t.clock.advance(INVITATION_LIFETIME_MS + 1);
    // A week on, the owner signs in again; the clock goes back at the end for the other tests.
    const ownerLater = await t.login(ownerEmail);
    const expired = await call(endpoints.acceptInvitation, await t.login(late.email), { body: { token: lateToken } });
    expect(expired.statusCode).toBe(410);
    expect(errorBody(expired).message).toBe(ADVERTISER_MESSAGES.invitationExpired);
    const pending = (await call(endpoints.getTeam, ownerLater)).json().invitations;
    const stale = pending.find((invitation: { email: string }) => invitation.email === late.email);
    expect(stale.expired).toBe(true);

    // Resent: a new link, and the old one stops working.
    const resent = await call(endpoints.resendInvitation, ownerLater, { params: { id: stale.id } });
    expect(resent.statusCode).toBe(200);
    expect((await call(endpoints.resendInvitation, ownerLater, { params: { id: stale.id } })).statusCode).toBe(429);
    const newToken = await invitationToken(late.email);
    expect(newToken).not.toBe(lateToken);
    expect((await call(endpoints.previewInvitation, null, { body: { token: lateToken } })).statusCode).toBe(404);

    const withdrawn = await call(endpoints.withdrawInvitation, ownerLater, { params: { id: stale.id } });
    expect(withdrawn.statusCode).toBe(200);
    const afterWithdraw = await call(endpoints.acceptInvitation, await t.login(late.email), {
      body: { token: newToken },
    });
    expect(afterWithdraw.statusCode).toBe(404);
    expect((await call(endpoints.withdrawInvitation, ownerLater, { params: { id: stale.id } })).statusCode).toBe(404);
    t.clock.advance(-(INVITATION_LIFETIME_MS + 1));
  });

  it('refuses a second invitation to the same address, and one to a member, also when sent at once', async () => {
    const email = uniqueEmail('twice');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(endpoints.inviteMember, ownerToken, { body: { email, role: 'viewer' } })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const member = await newMember('viewer');
    const again = await call(endpoints.inviteMember, ownerToken, { body: { email: member.email, role: 'manager' } });
    expect(again.statusCode).toBe(409);
    expect(errorBody(again).message).toBe(ADVERTISER_MESSAGES.alreadyMember);
  });

  it('always keeps an owner: the last one cannot leave or be demoted, also when two owners demote each other at once', async () => {
    const solo = await t.createUser();
    const soloToken = await t.login(solo.email);
    const demote = await call(endpoints.changeMemberRole, soloToken, {
      params: { userId: solo.id },
      body: { role: 'viewer' },
    });
    expect(demote.statusCode).toBe(409);
    expect(errorBody(demote).message).toBe(ADVERTISER_MESSAGES.lastOwner);
    expect((await call(endpoints.leaveAdvertiser, soloToken)).statusCode).toBe(409);

    const second = await newMember('owner', soloToken);
    const ownersNow = async () => {
      const team = (await call(endpoints.getTeam, soloToken)).json();
      return team.members
        .filter((member: { role: string }) => member.role === 'owner')
        .map((member: { user_id: number }) => member.user_id);
    };
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        call(endpoints.changeMemberRole, soloToken, { params: { userId: second.id }, body: { role: 'viewer' } }),
        call(endpoints.changeMemberRole, second.token, { params: { userId: solo.id }, body: { role: 'viewer' } }),
      ]);
      // The loser is refused by the last-owner rule (409), or, when the winner committed before its
      // request was let in, as no longer an owner (403): never do both succeed.
      const [won, lost] = answers.map((answer) => answer.statusCode).sort();
      expect(won).toBe(200);
      expect([403, 409]).toContain(lost);
      // Whoever is still the owner makes the other one again.
      const [survivor] = answers[0]!.statusCode === 200 ? [soloToken] : [second.token];
      const demoted = answers[0]!.statusCode === 200 ? second.id : solo.id;
      await call(endpoints.changeMemberRole, survivor!, { params: { userId: demoted }, body: { role: 'owner' } });
      expect((await ownersNow()).sort()).toEqual([solo.id, second.id].sort());
    }
    // Two owners removing each other at once: one goes, one stays.
    const removals = await Promise.all([
      call(endpoints.removeMember, soloToken, { params: { userId: second.id } }),
      call(endpoints.removeMember, second.token, { params: { userId: solo.id } }),
    ]);
    expect(removals.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('ends a removed member’s access and their stream in that account at once', async () => {
    const member = await newMember('manager');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(`${address}/api/my-notifications/stream`, member.token);
    const removed = await call(endpoints.removeMember, ownerToken, { params: { userId: member.id } });
    expect(removed.statusCode).toBe(200);
    const ended = await Promise.race([
      stream.ended,
      new Promise((resolve) => setTimeout(() => resolve('open'), 3_000)),
    ]);
    expect(ended).toBe('ended');
    const after = await call(endpoints.listMemberships, member.token);
    expect(after.json().data).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/customer/my-active-campaigns', headers: bearer(member.token) }))
        .statusCode,
    ).toBe(403);
  });

  it('tells owners and managers of a decision, and owners and billing of a payment due, not the others', async () => {
    const manager = await newMember('manager');
    const billing = await newMember('billing');
    const viewer = await newMember('viewer');
    const campaign = await wizard.createSubmitted(manager.token, { campaign_name: 'Team launch' });
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/update-campaign-approval-status/${campaign.id}`,
      headers: bearer(adminToken),
      payload: { approval_status: 'approved' },
    });
    expect(decided.statusCode).toBe(200);
    const mail = await t.mail();
    const about = (subject: RegExp) =>
      mail.filter((message) => subject.test(message.subject)).map((message) => message.to);
    const ownerEmail = (await call(endpoints.getTeam, ownerToken))
      .json()
      .members.find((member: { role: string }) => member.role === 'owner').email;
    expect(about(/approved/i)).toEqual(expect.arrayContaining([ownerEmail, manager.email]));
    expect(about(/approved/i)).not.toContain(billing.email);
    expect(about(/approved/i)).not.toContain(viewer.email);
    const unread = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/my-notifications', headers: bearer(token) })).json().unread_count;
    expect(await unread(manager.token)).toBe(1);
    expect(await unread(viewer.token)).toBe(0);
    expect(await unread(billing.token)).toBe(0);
  });

  it('lets owners read who did what in the account, newest first', async () => {
    const trail = await call(endpoints.getAdvertiserAudit, ownerToken);
    expect(trail.statusCode).toBe(200);
    const actions = trail.json().data.map((line: { action: string }) => line.action);
    expect(actions).toEqual(
      expect.arrayContaining(['team.invited', 'team.joined', 'team.member_removed', 'campaign.submitted']),
    );
    expect(trail.json().data[0].id).toBeGreaterThan(trail.json().data.at(-1).id);
  });

  it('lets an administrator invite another, see a user’s accounts with members, and suspend an account', async () => {
    const email = uniqueEmail('admin');
    expect((await call(endpoints.inviteAdmin, adminToken, { body: { email } })).statusCode).toBe(201);
    expect(
      (await call(endpoints.listAdminInvitations, adminToken)).json().data.map((row: { email: string }) => row.email),
    ).toContain(email);
    const token = await invitationToken(email);
    expect((await call(endpoints.previewInvitation, null, { body: { token } })).json()).toMatchObject({
      kind: 'admin',
      role: null,
    });
    const customer = await t.login((await t.createUser()).email);
    expect((await call(endpoints.acceptInvitation, customer, { body: { token } })).statusCode).toBe(403);
    const joined = await call(endpoints.signUpWithInvitation, null, {
      body: {
        token,
        first_name: 'Ada',
        last_name: 'Min',
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
      },
    });
    expect(joined.json().user_data.role_id).toBe(ROLE.admin);

    const ownerId = (await call(endpoints.getTeam, ownerToken))
      .json()
      .members.find((member: { role: string }) => member.role === 'owner').user_id;
    const accounts = await call(endpoints.listUserAdvertisers, adminToken, { params: { id: ownerId } });
    expect(accounts.json().data[0]).toMatchObject({ advertiser_id: advertiserId, suspended: false });
    expect(accounts.json().data[0].members.length).toBeGreaterThan(1);

    expect((await call(endpoints.suspendAdvertiser, adminToken, { params: { id: advertiserId } })).statusCode).toBe(
      200,
    );
    const refused = await call(endpoints.getTeam, ownerToken);
    expect(refused.statusCode).toBe(403);
    expect(errorBody(refused).message).toBe(ADVERTISER_MESSAGES.suspended);
    expect((await call(endpoints.reinstateAdvertiser, adminToken, { params: { id: advertiserId } })).statusCode).toBe(
      200,
    );
    expect((await call(endpoints.getTeam, ownerToken)).statusCode).toBe(200);
    expect((await call(endpoints.suspendAdvertiser, adminToken, { params: { id: 999_999 } })).statusCode).toBe(404);
  });

  it('asks an invited administrator to set up two-factor sign-in when the setting requires it', async () => {
    const strict = await createTestApp({ env: { REQUIRE_ADMIN_TWO_FACTOR: 'true' } });
    try {
      const token = 'strict-admin-invitation-token-0001';
      const now = strict.clock.now();
      const email = uniqueEmail('strict');
      await strict.database.db.insert(invitations).values({
        advertiserId: null,
        email,
        role: null,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      });
      const answer = await strict.app.inject({
        method: 'POST',
        url: '/api/invitations/sign-up',
        payload: {
          token,
          first_name: 'Ada',
          last_name: 'Strict',
          password: TEST_PASSWORD,
          password_confirmation: TEST_PASSWORD,
        },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ challenge: 'enrolment' });
      expect(answer.json()).not.toHaveProperty('access_token');
    } finally {
      await strict.close();
    }
  });
});
