/**
 * The api-tokens module: personal API tokens (the `api_tokens` table; decision 035). Nothing
 * in another module uses it: the composition root hands its checks to the access hook
 * (plugins/auth.ts) and registers its routes.
 */
export type { ApiTokenService } from './api-token.service';
