// Compiled by `npm run typecheck`: the sample of docs/mcp.md's "Authorization (OAuth)" section comes from this file;
// test/mcp/client (auth/, mcp-client-oauth*.e2e-spec.ts) and the client conformance spec run these settings' kinds.
import { BadRequestException, Controller, Get, Query, Redirect } from '@nestjs/common';
import { McpToolCallbackProvider, type McpClientAuth } from 'nestjs-tool-calling/mcp';
import { RedisMcpTokenStore } from 'nestjs-tool-calling/redis';

const tokenStore = new RedisMcpTokenStore(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

// A user of the app signs in at the server's authorization server (authorization code with PKCE).
export const ticketsAuth: McpClientAuth = {
  type: 'authorization_code',
  redirectUrl: 'https://app.example.com/mcp/oauth/callback',
  // Optional: a pre-registered client; else a client ID metadata document where supported; else dynamic registration.
  client: {
    clientId: 'my-app',
    clientSecret: process.env.TICKETS_CLIENT_SECRET,
    issuer: 'https://auth.example.com',
  },
  onAuthorizationUrl: (url, server) => {
    // Send the user there (store the URL for the next page, e-mail it…); return nothing: the redirect endpoint finishes.
    console.log(`authorize ${server.name}`, url.origin);
  },
  tokenStore,
};

// Service to service: client credentials, with a secret (client_secret_basic or client_secret_post) or a key.
export const billingAuth: McpClientAuth = {
  type: 'client_credentials',
  clientId: 'billing-agent',
  privateKey: { key: process.env.BILLING_KEY_PEM ?? '', algorithm: 'ES256' }, // private_key_jwt
  issuer: 'https://auth.example.com',
  scope: 'invoices:read',
  tokenStore,
};

// Enterprise-managed (cross-app access): the user's ID token from the company IdP becomes a grant for the server.
export const wikiAuth: McpClientAuth = {
  type: 'cross_app_access',
  clientId: 'my-app',
  clientSecret: process.env.WIKI_CLIENT_SECRET ?? '',
  identityProvider: {
    tokenEndpoint: 'https://idp.example.com/oauth2/token',
    clientId: 'my-app-at-idp',
    idToken: () => process.env.USER_ID_TOKEN ?? '',
  },
};

// The redirect endpoint of `ticketsAuth`: the authorization server sends the user back here with the code.
@Controller('mcp/oauth')
export class McpOAuthCallbackController {
  constructor(private readonly mcpTools: McpToolCallbackProvider) {}

  @Get('callback')
  @Redirect('/')
  async callback(
    @Query('code') code?: string,
    @Query('state') state?: string,
    @Query('iss') iss?: string,
  ): Promise<void> {
    if (!code) throw new BadRequestException('the redirect carries no code');
    // A forged or expired state, or a refused code: McpAuthorizationError (its text never holds the code).
    await this.mcpTools.finishAuthorization('tickets', { code, state, iss });
  }
}
