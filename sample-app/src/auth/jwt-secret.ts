import { Logger } from '@nestjs/common';

const DEVELOPMENT_SECRET = 'support-desk-development-secret-change-me';

/** `JWT_SECRET` from the environment; without it, a development default and a warning (never do that in production). */
export function jwtSecret(environment: NodeJS.ProcessEnv = process.env): string {
  const secret = environment.JWT_SECRET;
  if (secret) return secret;
  new Logger('Auth').warn(
    'JWT_SECRET is not set: signing tokens with a development secret. Set JWT_SECRET before deploying.',
  );
  return DEVELOPMENT_SECRET;
}
