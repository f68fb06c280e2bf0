import { useEffect, useState } from 'react';

export type AvatarState = 'idle' | 'loading' | 'loaded' | 'error';

/** 'Jean Dupont' -> 'JD'; one word -> its first two letters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters =
    words.length === 1 ? words[0]!.slice(0, 2) : `${words[0]![0]}${words[words.length - 1]![0]}`;
  return letters.toLocaleUpperCase('fr');
}

/**
 * Product rules, Pages and routes, 'Mon Profil': an avatar whose picture goes idle -> loading -> loaded or
 * error; the initials show in every state but 'loaded'. Accounts carry no picture yet,
 * so the initials are what is seen today.
 */
export function Avatar({ name, src }: { name: string; src?: string | null }) {
  const [state, setState] = useState<AvatarState>(src ? 'loading' : 'idle');
  useEffect(() => setState(src ? 'loading' : 'idle'), [src]);
  return (
    <span className="avatar" data-state={state} aria-hidden="true">
      {src && state !== 'error' && (
        <img
          src={src}
          alt=""
          onLoad={() => setState('loaded')}
          onError={() => setState('error')}
          hidden={state !== 'loaded'}
        />
      )}
      {state !== 'loaded' && initialsOf(name)}
    </span>
  );
}
