import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '#client/admin/kit';
import { DiagnosticTabs, type TabDefinition } from './diagnostic-tabs';
import { ImageTesterTab } from './image-tester-tab';
import { ImagesTab } from './images-tab';
import { SystemTab } from './system-tab';
import { useVisited } from './use-visited';
import './diagnostics.css';

type TabKey = 'tester' | 'systeme' | 'images';

const TABS: TabDefinition<TabKey>[] = [
  { key: 'tester', label: 'Tester des images', render: () => <ImageTesterTab /> },
  { key: 'systeme', label: 'Diagnostic système', render: () => <SystemTab /> },
  { key: 'images', label: 'Liste des images', render: () => <ImagesTab /> },
];

const isTab = (value: string | null): value is TabKey => TABS.some((tab) => tab.key === value);

/**
 * 'Diagnostic et test d'images' (product rules, Pages and routes) with its three tabs; product rules: the first
 * holds the image tester, the second is the "system diagnostic screen". The open tab is in
 * the address (?onglet=…), so a reload or a shared link opens the same one.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('onglet');
  const selected: TabKey = isTab(asked) ? asked : 'tester';
  const visited = useVisited(selected);

  return (
    <>
      <PageHeader
        title="Diagnostic et test d'images"
        lead="Testez l'envoi et l'affichage des images, vérifiez le stockage et parcourez les images enregistrées."
      />
      <DiagnosticTabs
        label="Diagnostic des images"
        tabs={TABS}
        selected={selected}
        visited={visited}
        onSelect={(key) => setParams(key === 'tester' ? {} : { onglet: key }, { replace: true })}
      />
    </>
  );
}
