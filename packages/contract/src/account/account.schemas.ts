import { z } from 'zod';
import { sessionInfoSchema } from '../auth/auth.schemas';

export const currentSessionResponseSchema = z
  .object({
    data: sessionInfoSchema.extend({
      created_at: z.string(),
      expires_at: z.string(),
    }),
  })
  .meta({ id: 'CurrentSessionResponse' });
export type CurrentSessionResponse = z.infer<typeof currentSessionResponseSchema>;
