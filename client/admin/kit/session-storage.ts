/** Local storage keys of product rules, Entities: `access_token` and `user`. Browser only. */
export interface SessionUser {
  id?: number;
  name: string;
  email: string;
  role: string;
}

const TOKEN_KEY = 'access_token';
const USER_KEY = 'user';

export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storedUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    const user: unknown = raw ? JSON.parse(raw) : null;
    return user && typeof user === 'object' ? (user as SessionUser) : null;
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function storeUser(user: SessionUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
