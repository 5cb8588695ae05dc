import { Logger } from '@nestjs/common';
import { jwtSecret } from '../../sample-app/src/auth/jwt-secret';

describe('sample app: the JWT secret', () => {
  afterEach(() => jest.restoreAllMocks());

  it('comes from JWT_SECRET', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    expect(jwtSecret({ JWT_SECRET: 's3cret' })).toBe('s3cret');
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to a development secret, with a warning, when JWT_SECRET is not set', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    expect(jwtSecret({})).toBe('support-desk-development-secret-change-me');
    expect(warn).toHaveBeenCalledWith(
      'JWT_SECRET is not set: signing tokens with a development secret. Set JWT_SECRET before deploying.',
    );
  });
});
