/**
 * A diagnostic check (product rules, States): pending, then success, error or
 * warning. 'idle' is a check not run yet. `detail` is the reason under a message the product rules
 * quotes cut short (diagnostic-messages.ts).
 */
export type CheckStatus = 'idle' | 'pending' | 'success' | 'error' | 'warning';

export interface CheckResult {
  status: CheckStatus;
  message: string;
  detail?: string;
  /** What was checked (an image URL): the screen shows and previews this, not what is typed since. */
  target?: string;
}

export const IDLE: CheckResult = { status: 'idle', message: '' };

export function pending(message: string): CheckResult {
  return { status: 'pending', message };
}
