import * as client from "openid-client";
import type { Config } from "../../config";
import type { OidcIdentity } from "./users.queries";

export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

const isLoopback = (url: URL) => ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);

/**
 * OpenID Connect sign-in: authorization code flow with PKCE, state and nonce (openid-client).
 * The provider's metadata is discovered once, on first use.
 */
export function createOidc(settings: NonNullable<Config["oidc"]>) {
  const issuer = new URL(settings.issuerUrl);
  let configuration: Promise<client.Configuration> | undefined;

  function discover() {
    configuration ??= client
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        // Plain http is allowed only for a provider on this machine (development and tests).
        issuer.protocol === "http:" && isLoopback(issuer)
          ? { execute: [client.allowInsecureRequests] }
          : undefined,
      )
      .catch((error) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    async start(redirectUri: string): Promise<{ url: string; pending: PendingLogin }> {
      const config = await discover();
      const codeVerifier = client.randomPKCECodeVerifier();
      const pending: PendingLogin = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
        redirectUri,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending };
    },

    async finish(callbackUrl: URL, pending: PendingLogin): Promise<OidcIdentity> {
      const config = await discover();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error("The identity provider returned no ID token");
      // Many providers put the profile claims only in the UserInfo response, not in the ID token.
      const userInfo = await client
        .fetchUserInfo(config, tokens.access_token, idClaims.sub)
        .catch(() => ({}));
      const claims = { ...userInfo, ...idClaims, ...pickDefined(userInfo) };
      const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: claims.email_verified === false ? undefined : text(claims.email),
        emailVerified: claims.email_verified === true,
        firstName: text(claims.given_name),
        lastName: text(claims.family_name),
        picture: text(claims.picture),
      };
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;

function pickDefined(values: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null));
}
