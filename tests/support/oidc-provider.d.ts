/**
 * oidc-provider ships no types (and @types/oidc-provider is not installed): only what
 * tests/support/oidc-test-provider.ts uses is declared here.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type Interaction = {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  };

  export type Grant = {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };

  export type ClientInstance = { redirectUriAllowed(value: string): boolean };

  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    readonly Grant: {
      new (properties: { accountId: string; clientId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    readonly Client: { prototype: ClientInstance };
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
