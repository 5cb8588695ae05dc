import { configuredSecrets, redact } from '../../../../lib/mcp/client/auth/mcp-auth-secrets';

describe('redact: what an authorization error may say', () => {
  it('cuts out the configured secrets, authorization headers and credential parameters', () => {
    const secrets = configuredSecrets({
      type: 'cross_app_access',
      clientId: 'app',
      clientSecret: 'client-s3cret',
      identityProvider: {
        tokenEndpoint: 'https://idp',
        clientId: 'idp-app',
        clientSecret: 'idp-s3cret',
        idToken: () => 'x',
      },
    });
    expect(secrets).toEqual(['client-s3cret', 'idp-s3cret']);
    const text =
      'rejected client-s3cret and idp-s3cret; sent Authorization: Bearer eyJ.abc.def and Basic YXBwOnM=; ' +
      'body code=abc123&code_verifier=v-v-v&refresh_token=r1 assertion=j.w.t';
    expect(redact(text, secrets)).toBe(
      'rejected [redacted] and [redacted]; sent Authorization: Bearer [redacted] and Basic [redacted]; ' +
        'body code=[redacted]&code_verifier=[redacted]&refresh_token=[redacted] assertion=[redacted]',
    );
  });

  it('takes a private key as a secret, and has none for a public client', () => {
    expect(
      configuredSecrets({
        type: 'client_credentials',
        clientId: 'c',
        privateKey: { key: 'PEM', algorithm: 'ES256' },
      }),
    ).toEqual(['PEM']);
    expect(
      configuredSecrets({
        type: 'authorization_code',
        redirectUrl: 'http://127.0.0.1/cb',
        onAuthorizationUrl: () => undefined,
      }),
    ).toEqual([]);
  });
});
