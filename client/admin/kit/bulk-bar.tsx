import { useId, useState } from 'react';
import type { BulkAnswer, BulkRefusal } from '#shared/bulk';
import type { Paged } from '#shared/paged';
import { countOf } from '#shared/plural';
import { can, type Access } from '#shared/roles';
import { adminApi, isSessionEnd } from './admin-api';
import { ConfirmDialog } from './confirm-dialog';
import { CsvExportButton } from './csv-export-button';
import type { SelectOption } from './form-fields';
import { useSession } from './session';
import { toast } from './toast';
import { tokenOrToast } from './use-delete';
import type { ListSelection } from './use-list-selection';

/**
 * The bar of a list's bulk actions (docs/product-rules.md, "Bulk actions"): how many rows
 * are selected, 'Tout sélectionner (N)' once the page is ticked, the list's actions, each
 * confirmed with the count it will touch, and the rows the server refused, named with why.
 */
export interface BulkAction {
  /** The API's action (`publish`, `delete`, `move_category`). */
  action: string;
  label: string;
  /** The confirmation's question, given the count in words ('12 produits'). */
  question: (count: string) => string;
  /** A sentence under the question (a deletion's trash warning). */
  description?: string;
  destructive?: boolean;
  /** Only for a role with this access (shared/roles.ts). */
  access?: Access;
  /** A value the action needs, chosen in the confirmation: sent as `name` (a number when numeric). */
  choose?: { name: string; label: string; options: readonly SelectOption[] };
}

export interface BulkOptions<T> {
  /** Under /api: '/admin/products/bulk'. */
  path: string;
  /** The rows' noun, singular and plural: ['produit', 'produits']. */
  noun: readonly [string, string];
  /** A feminine noun: '3 soumissions sélectionnées' rather than 'sélectionnés'. */
  feminine?: boolean;
  actions: readonly BulkAction[];
  /** Names a refused row (its id otherwise). */
  labelOf?: (row: T) => string;
  /** 'Exporter la sélection (CSV)': the list's export, with `ids=` or the filters. */
  exportCsv?: { path: string; fallbackName: string };
}

export interface BulkBarProps<T> {
  bulk: BulkOptions<T>;
  selection: ListSelection<T>;
  page: Paged<T> | null;
  /** The filtered list as the API reads it (search and filters), for 'every row'. */
  filter: Record<string, string>;
  /** After an action: the list loads again. */
  onDone: () => void;
}

export const bulkBarMessages = {
  region: 'Actions groupées',
  clear: 'Désélectionner',
  failed: 'L’action groupée a échoué',
  refusedTitle: 'Lignes non traitées',
} as const;

function bodyValue(value: string): string | number | null {
  if (value === '') return null;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export function BulkBar<T>({ bulk, selection, page, filter, onDone }: BulkBarProps<T>) {
  const session = useSession();
  const role = session.status === 'authenticated' ? session.user.role : null;
  const [pending, setPending] = useState<BulkAction | null>(null);
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ rows: BulkRefusal[]; names: Map<number, string> } | null>(null);
  const chooseId = useId();
  const total = page?.total ?? 0;
  const count = selection.count(total);
  const countText = countOf(count, bulk.noun[0], bulk.noun[1]);
  const selected = bulk.feminine ? 'sélectionnée' : 'sélectionné';
  const actions = bulk.actions.filter((action) => action.access === undefined || can(role, action.access));
  const pageRows = page?.data ?? [];
  const offerAll = !selection.allMatching && selection.pageState(pageRows) === 'all' && total > count;
  const selectionQuery = selection.allMatching
    ? new URLSearchParams(filter).toString()
    : `ids=${[...selection.ids].join(',')}`;

  const open = (action: BulkAction) => {
    if (!tokenOrToast()) return;
    setChoice(action.choose?.options[0]?.value ?? '');
    setPending(action);
  };

  const run = async () => {
    if (!pending) return;
    setBusy(true);
    const names = new Map<number, string>();
    for (const [id, row] of selection.rows) names.set(id, bulk.labelOf ? bulk.labelOf(row) : `#${id}`);
    const body: Record<string, unknown> = selection.allMatching
      ? { action: pending.action, filter, expected: total }
      : { action: pending.action, ids: [...selection.ids] };
    if (pending.choose) body[pending.choose.name] = bodyValue(choice);
    try {
      const answer = await adminApi<BulkAnswer>(bulk.path, { method: 'POST', json: body });
      toast({
        title: pending.label,
        description: answer.message,
        variant: answer.changed === 0 && answer.refused.length > 0 ? 'destructive' : undefined,
      });
      setRefused(answer.refused.length > 0 ? { rows: answer.refused, names } : null);
      selection.clear();
      setPending(null);
      onDone();
    } catch (error) {
      if (!isSessionEnd(error))
        toast({
          title: bulkBarMessages.failed,
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
        });
      setPending(null);
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {count > 0 && (
        <div className="bulk-bar" role="region" aria-label={bulkBarMessages.region}>
          <p className="bulk-count" aria-live="polite">
            {countOf(count, `${bulk.noun[0]} ${selected}`, `${bulk.noun[1]} ${selected}s`)}
          </p>
          {offerAll && (
            <button type="button" className="link-button" onClick={selection.selectAllMatching}>
              Tout sélectionner ({total})
            </button>
          )}
          <div className="bulk-actions">
            {actions.map((action) => (
              <button
                key={action.action}
                type="button"
                className={`btn btn-small${action.destructive ? ' btn-danger' : ' btn-outline'}`}
                onClick={() => open(action)}
              >
                {action.label}
              </button>
            ))}
            {bulk.exportCsv && (
              <CsvExportButton
                path={bulk.exportCsv.path}
                query={selectionQuery}
                fallbackName={bulk.exportCsv.fallbackName}
                label="Exporter la sélection (CSV)"
              />
            )}
            <button type="button" className="link-button" onClick={selection.clear}>
              {bulkBarMessages.clear}
            </button>
          </div>
        </div>
      )}
      {refused && (
        <div className="bulk-refused" role="alert">
          <p>
            <strong>{bulkBarMessages.refusedTitle}</strong> ({refused.rows.length})
          </p>
          <ul>
            {refused.rows.map((row) => (
              <li key={row.id}>
                {refused.names.get(row.id) ?? `#${row.id}`} : {row.message}
              </li>
            ))}
          </ul>
          <button type="button" className="link-button" onClick={() => setRefused(null)}>
            Fermer
          </button>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? pending.question(countText) : ''}
        description={
          pending && (pending.description || pending.choose) ? (
            <>
              {pending.description && <p>{pending.description}</p>}
              {pending.choose && (
                <div className="field">
                  <label htmlFor={chooseId}>{pending.choose.label}</label>
                  <select id={chooseId} value={choice} onChange={(event) => setChoice(event.target.value)}>
                    {pending.choose.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </>
          ) : undefined
        }
        confirmLabel={pending?.label}
        destructive={pending?.destructive}
        busy={busy}
        onConfirm={() => void run()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
