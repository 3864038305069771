import { messageResponseSchema } from '../common/common.schemas';
import { defineEndpoints, idParams } from '../common/endpoint';
import {
  apiTokenListResponseSchema,
  createApiTokenRequestSchema,
  createApiTokenResponseSchema,
} from './api-tokens.schemas';

/**
 * Personal API tokens on My account (docs/product/accounts.md, API tokens). Customers only: an
 * administrator's work has no program interface (decision 035). None of these takes a token.
 */
export const apiTokenEndpoints = defineEndpoints({
  listApiTokens: {
    method: 'GET',
    path: '/customer/api-tokens',
    access: 'customer',
    tag: 'account',
    summary: "The caller's API tokens that are neither revoked nor expired, newest first",
    response: apiTokenListResponseSchema,
    errors: [401, 403],
  },
  createApiToken: {
    method: 'POST',
    path: '/customer/api-tokens',
    access: 'customer',
    tag: 'account',
    summary: 'Create an API token; the answer holds the token itself, shown this once',
    body: createApiTokenRequestSchema,
    response: createApiTokenResponseSchema,
    successStatus: 201,
    errors: [401, 403, 409, 422],
  },
  revokeApiToken: {
    method: 'DELETE',
    path: '/customer/api-tokens/:id',
    access: 'customer',
    tag: 'account',
    summary: "Revoke one of the caller's API tokens; it is refused from the next request on",
    params: idParams('The token id, a whole number'),
    response: messageResponseSchema,
    errors: [401, 403, 404],
  },
});
