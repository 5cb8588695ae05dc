/** Where a server's settings came from: the module's options (code), or JSON (an environment variable). */
export interface McpAuthSource {
  /** The name of the environment variable, when the settings are JSON: they can carry no function. */
  readonly variable?: string;
}

const AUTH_TYPES = ['authorization_code', 'client_credentials', 'cross_app_access'];
const COMMON_KEYS = ['type', 'scope', 'tokenStore', 'clientName', 'skipIssuerMetadataValidation'];
const KEYS: Record<string, ReadonlySet<string>> = {
  authorization_code: new Set([
    ...COMMON_KEYS,
    'redirectUrl',
    'client',
    'clientMetadataUrl',
    'onAuthorizationUrl',
  ]),
  client_credentials: new Set([
    ...COMMON_KEYS,
    'clientId',
    'clientSecret',
    'privateKey',
    'tokenEndpointAuthMethod',
    'issuer',
  ]),
  cross_app_access: new Set([...COMMON_KEYS, 'clientId', 'clientSecret', 'identityProvider', 'issuer']),
};
const CLIENT_CREDENTIALS_METHODS = ['client_secret_basic', 'client_secret_post', 'private_key_jwt'];
const PRE_REGISTERED_METHODS = ['client_secret_basic', 'client_secret_post', 'none'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isUrl = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * Problems of one HTTP server's `auth` (`at` names the server). The texts name fields, never their values (they
 * hold secrets). Settings read from JSON can hold no function: a kind that needs one is refused, saying where to
 * configure it instead.
 */
export function authProblems(at: string, auth: unknown, source: McpAuthSource): string[] {
  if (!isRecord(auth) || typeof auth.type !== 'string' || !AUTH_TYPES.includes(auth.type))
    return [`${at}: "auth.type" must be one of ${AUTH_TYPES.map((type) => `"${type}"`).join(', ')}`];
  const type = auth.type;
  const problems: string[] = [];
  const field = (name: string) => `${at}: "auth.${name}"`;
  const needsCode = (what: string) =>
    source.variable === undefined
      ? `${field(what)} must be a function`
      : `${at}: "auth" of type "${type}" needs ${what} (a function), which ${source.variable} cannot carry (it is ` +
        `JSON): configure this server in the ToolCallingModule options instead`;
  for (const key of Object.keys(auth))
    if (!KEYS[type].has(key))
      problems.push(`${at}: "auth" has an unknown field ${JSON.stringify(key.slice(0, 40))}`);
  const optionalString = (name: string) => {
    if (auth[name] !== undefined && typeof auth[name] !== 'string')
      problems.push(`${field(name)} must be a string`);
  };
  const requiredString = (name: string) => {
    if (typeof auth[name] !== 'string' || auth[name] === '')
      problems.push(`${field(name)} must be a non-empty string`);
  };
  optionalString('scope');
  optionalString('clientName');
  if (
    auth.skipIssuerMetadataValidation !== undefined &&
    typeof auth.skipIssuerMetadataValidation !== 'boolean'
  )
    problems.push(`${field('skipIssuerMetadataValidation')} must be a boolean`);
  if (auth.tokenStore !== undefined && !isTokenStore(auth.tokenStore))
    problems.push(
      source.variable === undefined
        ? `${field('tokenStore')} must be an McpTokenStore (get, set and delete)`
        : `${field('tokenStore')} cannot come from ${source.variable} (it is JSON): leave it out, or configure ` +
            'this server in the ToolCallingModule options',
    );
  if (type === 'authorization_code') {
    if (!isUrl(auth.redirectUrl)) problems.push(`${field('redirectUrl')} must be an http(s) URL`);
    if (auth.clientMetadataUrl !== undefined && !isUrl(auth.clientMetadataUrl))
      problems.push(`${field('clientMetadataUrl')} must be an http(s) URL`);
    if (typeof auth.onAuthorizationUrl !== 'function') problems.push(needsCode('onAuthorizationUrl'));
    if (auth.client !== undefined) {
      const client = auth.client;
      if (!isRecord(client) || typeof client.clientId !== 'string' || client.clientId === '')
        problems.push(`${field('client.clientId')} must be a non-empty string`);
      else {
        if (client.clientSecret !== undefined && typeof client.clientSecret !== 'string')
          problems.push(`${field('client.clientSecret')} must be a string`);
        if (client.issuer !== undefined && typeof client.issuer !== 'string')
          problems.push(`${field('client.issuer')} must be a string`);
        if (
          client.tokenEndpointAuthMethod !== undefined &&
          !PRE_REGISTERED_METHODS.includes(client.tokenEndpointAuthMethod as string)
        )
          problems.push(
            `${field('client.tokenEndpointAuthMethod')} must be one of ${PRE_REGISTERED_METHODS.join(', ')}`,
          );
      }
    }
  } else if (type === 'client_credentials') {
    requiredString('clientId');
    optionalString('clientSecret');
    optionalString('issuer');
    const method = auth.tokenEndpointAuthMethod;
    if (method !== undefined && !CLIENT_CREDENTIALS_METHODS.includes(method as string))
      problems.push(
        `${field('tokenEndpointAuthMethod')} must be one of ${CLIENT_CREDENTIALS_METHODS.join(', ')}`,
      );
    const key = auth.privateKey;
    if (key !== undefined) {
      if (
        !isRecord(key) ||
        (typeof key.key !== 'string' && !isRecord(key.key)) ||
        typeof key.algorithm !== 'string'
      )
        problems.push(`${field('privateKey')} must be { key: PEM text or JWK, algorithm: string }`);
    }
    const byKey = method === 'private_key_jwt' || (method === undefined && key !== undefined);
    if (byKey && key === undefined) problems.push(`${field('privateKey')} is needed for private_key_jwt`);
    if (!byKey && typeof auth.clientSecret !== 'string')
      problems.push(`${field('clientSecret')} is needed (or a "privateKey", for private_key_jwt)`);
  } else {
    requiredString('clientId');
    requiredString('clientSecret');
    optionalString('issuer');
    const idp = auth.identityProvider;
    if (!isRecord(idp)) problems.push(`${field('identityProvider')} must be an object`);
    else {
      if (!isUrl(idp.tokenEndpoint))
        problems.push(`${field('identityProvider.tokenEndpoint')} must be an http(s) URL`);
      if (typeof idp.clientId !== 'string' || idp.clientId === '')
        problems.push(`${field('identityProvider.clientId')} must be a non-empty string`);
      if (idp.clientSecret !== undefined && typeof idp.clientSecret !== 'string')
        problems.push(`${field('identityProvider.clientSecret')} must be a string`);
      if (typeof idp.idToken !== 'function') problems.push(needsCode('identityProvider.idToken'));
    }
  }
  return problems;
}

function isTokenStore(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    ['get', 'set', 'delete'].every(
      (method) => typeof (value as Record<string, unknown>)[method] === 'function',
    )
  );
}
