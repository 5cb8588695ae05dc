import type { McpClientAuth } from './mcp-client-auth';

const REDACTED = '[redacted]';
// Credentials a peer may echo back in an error text.
const BEARER = /\b(Bearer|Basic|DPoP)\s+[A-Za-z0-9._~+/=-]+/gi;
const PARAMETER =
  /\b(code|code_verifier|client_secret|access_token|refresh_token|assertion|subject_token)=[^&\s"]+/gi;

/** The configured secrets of one `auth`, to be cut out of any text that leaves the provider. */
export function configuredSecrets(auth: McpClientAuth): string[] {
  const secrets: (string | undefined)[] = [];
  if (auth.type === 'authorization_code') secrets.push(auth.client?.clientSecret);
  if (auth.type === 'client_credentials') {
    secrets.push(auth.clientSecret);
    if (typeof auth.privateKey?.key === 'string') secrets.push(auth.privateKey.key);
  }
  if (auth.type === 'cross_app_access') secrets.push(auth.clientSecret, auth.identityProvider.clientSecret);
  return secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
}

/** `text` without the given secrets, authorization headers, or credential parameters. */
export function redact(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) clean = clean.split(secret).join(REDACTED);
  return clean
    .replace(BEARER, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(PARAMETER, (_match, name: string) => `${name}=${REDACTED}`);
}
