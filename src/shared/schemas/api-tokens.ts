// API tokens for scripts (Settings > API tokens) and the procedures behind them.
import { z } from 'zod';
import { ID_MAX_LENGTH } from '@/shared/constants';
import { boundedText, requiredText } from './fields';

export const API_TOKEN_NAME_MAX_LENGTH = 60;

/** A token as its admin sees it in the list: never the secret, which is shown once at creation. */
export const apiTokenSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** ISO date-time the token was created. */
  createdAt: z.iso.datetime(),
  /** ISO date-time of the last request made with it (to the minute); null when never used. */
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.array(apiTokenSchema);

/** The create form and what `admin.apiTokens.create` receives. */
export const createApiTokenSchema = z.object({
  name: boundedText('Token name is required', 'Token name', API_TOKEN_NAME_MAX_LENGTH),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

/** What creation answers: the secret (this once only) and the listed token. */
export const createdApiTokenSchema = z.object({
  /** `salon_` and 32 base32 characters (160 random bits): send it as `Authorization: Bearer <token>`. */
  token: z.string(),
  apiToken: apiTokenSchema,
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const revokeApiTokenSchema = z.object({ id: requiredText('Token id is required', ID_MAX_LENGTH) });

export const revokedApiTokenSchema = z.object({ _id: z.string() });
