import { z } from "../validation/messages";

export const loginSchema = z.object({
  email: z.email().max(255),
  password: z.string().min(1).max(1000),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1).max(100),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;
