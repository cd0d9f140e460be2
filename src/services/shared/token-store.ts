import type { Tokens } from '../../../contracts/shared/session';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from './session-summary';

// Defined beside the session's other keys, which the landing page reads without this module.
export { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY };

/** What the API client needs from token storage: only the current access token. */
export interface TokenReader {
  accessToken(): string | null;
}

/** The whole token storage: read, save after sign-in or renewal, clear on sign-out. */
export interface TokenStore extends TokenReader {
  refreshToken(): string | null;
  /** Remember me on: localStorage (survives the browser closing); off: sessionStorage (this tab only). */
  save(tokens: Tokens, options: { remember: boolean }): void;
  /** Replaces the pair where it is kept now (renewal must not turn a tab-only session into a remembered one). */
  replace(tokens: Tokens): void;
  clear(): void;
}

type StorageName = 'localStorage' | 'sessionStorage';
const STORAGES: readonly StorageName[] = ['localStorage', 'sessionStorage'];

// Reaching the storage can itself throw (Safari private mode, storage disabled, sandboxed
// frames), not only reading from it; either way the answer is "no token". An empty value
// counts as none, so a cleared-but-not-removed key never sends "Bearer ".
function storage(name: StorageName): Storage | undefined {
  try {
    return (globalThis as Partial<Record<StorageName, Storage>>)[name];
  } catch {
    return undefined;
  }
}

function readFrom(name: StorageName, key: string): string | null {
  try {
    return storage(name)?.getItem(key) || null;
  } catch {
    return null;
  }
}

function writeTo(name: StorageName, tokens: Tokens): void {
  try {
    storage(name)?.setItem(ACCESS_TOKEN_KEY, tokens.access);
    storage(name)?.setItem(REFRESH_TOKEN_KEY, tokens.refresh);
  } catch {
    // Storage refused (quota, private mode): the session lasts as long as the page.
  }
}

function removeFrom(name: StorageName): void {
  try {
    storage(name)?.removeItem(ACCESS_TOKEN_KEY);
    storage(name)?.removeItem(REFRESH_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

const holder = (): StorageName | undefined => STORAGES.find((name) => readFrom(name, REFRESH_TOKEN_KEY) ?? readFrom(name, ACCESS_TOKEN_KEY));

/** localStorage holds a remembered session, sessionStorage a tab-only one; remembered wins. */
export const browserTokens: TokenStore = {
  accessToken: () => readFrom('localStorage', ACCESS_TOKEN_KEY) ?? readFrom('sessionStorage', ACCESS_TOKEN_KEY),
  refreshToken: () => readFrom('localStorage', REFRESH_TOKEN_KEY) ?? readFrom('sessionStorage', REFRESH_TOKEN_KEY),
  save(tokens, { remember }) {
    const keep: StorageName = remember ? 'localStorage' : 'sessionStorage';
    STORAGES.filter((name) => name !== keep).forEach(removeFrom);
    writeTo(keep, tokens);
  },
  replace(tokens) {
    writeTo(holder() ?? 'sessionStorage', tokens);
  },
  clear() {
    STORAGES.forEach(removeFrom);
  },
};

/** The web storage holding the browser's session (sessionStorage when there is none), so facts about it live beside it. */
export const storageHoldingSession = (): Storage | undefined => storage(holder() ?? 'sessionStorage');
