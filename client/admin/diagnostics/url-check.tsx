import { useEffect, useRef, useState } from 'react';
import { checkImageUrl } from './api-checks';
import { CheckLine } from './check-line';
import { absoluteUrl } from './image-urls';
import { useCheck } from './use-check';

/**
 * One URL to try: the address (a link, new tab), a 'Vérifier' button (HEAD, 5 s) and the
 * outcome, with a thumbnail once the URL answered with an image. Each change of `runSignal`
 * runs the check ('Vérifier toutes les variantes').
 */
export function UrlCheck({ label, url, runSignal = 0 }: { label: string; url: string; runSignal?: number }) {
  const check = useCheck((signal) => checkImageUrl(url, signal));
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  const { run } = check;
  // Only a click after this row exists: a row that appears as a path is typed waits.
  const signalAtMount = useRef(runSignal);
  useEffect(() => {
    if (runSignal !== signalAtMount.current) void run();
  }, [runSignal, run]);

  return (
    <li className="diag-url-check">
      <div className="diag-url-head">
        <span className="diag-url-label">{label}</span>
        <a href={url} target="_blank" rel="noopener noreferrer">
          <code>{absoluteUrl(url, origin)}</code>
        </a>
        <button
          type="button"
          className="btn btn-outline btn-small"
          onClick={() => void run()}
          disabled={check.result.status === 'pending'}
          aria-label={`Vérifier : ${label}`}
        >
          Vérifier
        </button>
      </div>
      <CheckLine result={check.result} />
      {check.result.status === 'success' && (
        <img className="diag-thumb" src={url} alt={`Aperçu : ${label}`} />
      )}
    </li>
  );
}
