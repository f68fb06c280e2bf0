import { useCallback, useEffect, useState } from 'react';
import { PageHeader } from '#client/admin/kit';
import { checkApiHealth, checkImageUrl } from './api-checks';
import { CheckCard } from './check-card';
import { imageCheckMessages } from './diagnostic-messages';
import { ImagePathTest } from './image-path-test';
import { checkImageService } from './image-service-check';
import { builtImageUrl } from './image-urls';
import { DiagnosticHelp, SystemInfo } from './system-info';
import { TokenPanel } from './token-panel';
import { useCheck } from './use-check';
import './diagnostics.css';

/**
 * 'Diagnostic de l'API' (product rules, Pages and routes; product rules: the token diagnostic is one of its
 * panels). The checks run on load and again with 'Lancer tous les tests'; each can also be
 * run alone. The image test runs with the others only once a path is typed.
 */
export function Component() {
  const api = useCheck(checkApiHealth, 'Connexion en cours...');
  const images = useCheck(checkImageService);
  const [path, setPath] = useState('');
  const image = useCheck((signal) =>
    path.trim()
      ? checkImageUrl(builtImageUrl(path), signal)
      : { status: 'warning', message: imageCheckMessages.noPath },
  );
  const [tokenRun, setTokenRun] = useState(0);
  const [running, setRunning] = useState(false);

  const { run: runApi } = api;
  const { run: runImages } = images;
  const { run: runImage } = image;
  const runAll = useCallback(async () => {
    setRunning(true);
    setTokenRun((n) => n + 1);
    await Promise.all([runApi(), runImages(), path.trim() ? runImage() : null]);
    setRunning(false);
  }, [runApi, runImages, runImage, path]);

  // Once, on load (not on every new runAll): the path is empty then, so the image test waits.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose: once, not on every new runAll
  useEffect(() => void runAll(), []);

  return (
    <>
      <PageHeader
        title="Diagnostic de l'API"
        lead="Vérifiez la connexion à l'API, le service d'images et votre session."
      >
        <button type="button" className="btn btn-primary" onClick={() => void runAll()} disabled={running}>
          {running ? 'Tests en cours...' : 'Lancer tous les tests'}
        </button>
      </PageHeader>
      <div className="diag-grid">
        <CheckCard
          title="Statut de l'API"
          result={api.result}
          actions={
            <button
              type="button"
              className="btn btn-outline btn-small"
              onClick={() => void api.run()}
              disabled={api.result.status === 'pending'}
            >
              Tester la connexion
            </button>
          }
        />
        <CheckCard
          title="Service d'images"
          result={images.result}
          actions={
            <button
              type="button"
              className="btn btn-outline btn-small"
              onClick={() => void images.run()}
              disabled={images.result.status === 'pending'}
            >
              Tester le service d'images
            </button>
          }
        />
        <TokenPanel runSignal={tokenRun} />
        <ImagePathTest
          path={path}
          onPathChange={setPath}
          result={image.result}
          onTest={() => void image.run()}
        />
      </div>
      <div className="diag-grid admin-section">
        <SystemInfo />
        <DiagnosticHelp />
      </div>
    </>
  );
}
