/** Local storage keys of spec section 3: `access_token` and `user`. */
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
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: SessionUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function storeUser(user: SessionUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
