// The page's side of the sample's sign-in: a JWT from POST /auth/login, kept for this tab, sent as a bearer token.

const TOKEN = 'token';

export interface Me {
  username: string;
  tenant: string;
  roles: string[];
}

export class SignedOutError extends Error {
  constructor() {
    super('Your session has ended: sign in again.');
  }
}

export const session = {
  token: (): string | null => sessionStorage.getItem(TOKEN),
  save: (token: string): void => sessionStorage.setItem(TOKEN, token),
  clear: (): void => sessionStorage.removeItem(TOKEN),
};

export function authHeaders(): Record<string, string> {
  const token = session.token();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** GET of a JSON resource behind the sign-in; a 401 is a `SignedOutError`. */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: authHeaders() });
  if (response.status === 401) throw new SignedOutError();
  if (!response.ok) throw new Error(`${path}: the server answered ${response.status}`);
  return (await response.json()) as T;
}

/** Signs in; `false` for wrong credentials. */
export async function signIn(username: string, password: string): Promise<boolean> {
  const response = await fetch('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) return false;
  session.save(((await response.json()) as { access_token: string }).access_token);
  return true;
}

/** Asks the server to stop the chat's running answer, on whichever replica runs it. */
export async function stopAnswer(chatId: string): Promise<void> {
  await fetch(`/api/chat/${encodeURIComponent(chatId)}/stop`, { method: 'POST', headers: authHeaders() });
}
