/**
 * A few real calls written against types that openapi-typescript generates from the API
 * description (`npm run typecheck:api-client`, docs/api.md), not against the contract. The file
 * is only type-checked, never run: it stops compiling when the description no longer describes
 * these endpoints, their operation ids, request fields or answers, as a client generated from it
 * would then break.
 */
// Generated on every type check into node_modules/.cache, never checked in.
import type { operations, paths } from '../../../node_modules/.cache/openapi/openapi';

/** The JSON body of one answer of an operation. */
type JsonAnswer<
  Operation extends { responses: object },
  Status extends keyof Operation['responses'],
> = Operation['responses'][Status] extends { content: { 'application/json': infer Body } } ? Body : never;

/** true only when the two types are the same. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type Login = paths['/api/login']['post'];
type ActiveCampaigns = paths['/api/customer/my-active-campaigns']['get'];
type AdminCampaign = paths['/api/admin/campaign/{id}']['get'];

// Each operation is named after its endpoint definition in the contract.
export const operationIds: [
  Same<Login, operations['login']>,
  Same<ActiveCampaigns, operations['listActiveCampaigns']>,
  Same<AdminCampaign, operations['getAdminCampaign']>,
] = [true, true, true];

/** An answer other than the expected one, in the error format every failure uses. */
async function failure(response: Response): Promise<Error> {
  const answer = (await response.json()) as JsonAnswer<Login, 422>;
  const fields = Object.keys(answer.errors ?? {});
  return new Error(`${response.status}: ${answer.message}${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`);
}

/** Logs in and returns the bearer token that the signed-in calls send. */
export async function logIn(origin: string, email: string, password: string): Promise<string> {
  const body: Login['requestBody']['content']['application/json'] = { email, password, remember: true };
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw await failure(response);
  const answer = (await response.json()) as JsonAnswer<Login, 200>;
  // With two-factor sign-in on, the answer is a challenge for POST /api/login/two-factor instead.
  if (!('access_token' in answer)) throw new Error(`${answer.challenge}: ${answer.message}`);
  return answer.access_token;
}

/** The names on one page of the customer's active campaigns, and how many pages there are. */
export async function activeCampaignNames(
  origin: string,
  token: string,
  query: NonNullable<ActiveCampaigns['parameters']['query']>,
): Promise<{ names: string[]; lastPage: number }> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) search.set(name, String(value));
  const response = await fetch(`${origin}/api/customer/my-active-campaigns?${search}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw await failure(response);
  const answer = (await response.json()) as JsonAnswer<ActiveCampaigns, 200>;
  return { names: answer.data.map((campaign) => campaign.campaign_name), lastPage: answer.pagination.last_page };
}

/** The review state of a campaign, for an administrator; an unknown id is a documented 404. */
export async function adminCampaignStatus(
  origin: string,
  token: string,
  path: AdminCampaign['parameters']['path'],
): Promise<JsonAnswer<AdminCampaign, 200>['data']['approval_status'] | 'not found'> {
  const response = await fetch(`${origin}/api/admin/campaign/${encodeURIComponent(path.id)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const notFound: keyof AdminCampaign['responses'] = 404;
  if (response.status === notFound) return 'not found';
  if (response.status !== 200) throw await failure(response);
  const answer = (await response.json()) as JsonAnswer<AdminCampaign, 200>;
  return answer.data.approval_status;
}
