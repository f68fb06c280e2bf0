import { useState } from 'react';
import type { UploadAnswer } from './diagnostic-types';
import { PathVariants } from './path-variants';
import { TestUpload } from './test-upload';
import { UrlGenerator } from './url-generator';

/**
 * 'Tester des images' (product rules: this tab holds the image tester of product rules, Pages and routes): upload a
 * test image, build a typed URL, try the path variants. A fresh upload fills both paths.
 */
export function ImageTesterTab() {
  const [lastPath, setLastPath] = useState('');
  const uploaded = (answer: UploadAnswer) => setLastPath(answer.path);
  return (
    <div className="diag-stack">
      <TestUpload onUploaded={uploaded} />
      <UrlGenerator initialPath={lastPath} />
      <PathVariants initialPath={lastPath} />
    </div>
  );
}
