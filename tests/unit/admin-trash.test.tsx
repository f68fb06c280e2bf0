import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { TrashActions } from '#client/admin/trash/trash-actions';
import {
  daysLeftText,
  emptiedText,
  emptyQuestion,
  kindOptions,
  purgeQuestion,
  trashCodec,
  trashListPath,
  trashRowActions,
  visibleKinds,
} from '#client/admin/trash/trash-query';
import { deleteQuestion, TRASH_WARNING } from '#client/admin/kit/trash-notice';
import { can, type Role } from '#shared/roles';
import type { TrashItem } from '#shared/trash';

// The 'Corbeille' screen's parts (docs/product-rules.md, "Trash"): the kinds and buttons
// each role gets, the query in the address and to the API, and the words of the
// confirmations, the 'Reste' column and a deletion's toast.

const allowedFor = (role: Role) => (access: Parameters<typeof can>[1]) => can(role, access);

describe('what each role sees', () => {
  test('the kinds of the Type filter are those the role deletes, in the table’s order', () => {
    expect(visibleKinds(allowedFor('editeur'))).toEqual([
      'product',
      'category',
      'project',
      'parcel',
      'fleet',
      'misc',
      'promotion',
      'testimonial',
    ]);
    expect(visibleKinds(allowedFor('chantier'))).toEqual(['site_update']);
    expect(visibleKinds(allowedFor('commercial'))).toEqual([]);
    expect(visibleKinds(allowedFor('admin'))).toHaveLength(11);
    expect(kindOptions(['product', 'site_update'])).toEqual([
      { value: 'product', label: 'Produit' },
      { value: 'site_update', label: 'Nouvelle de chantier' },
    ]);
  });

  test('an editor restores a product but never purges; the administrator does both', () => {
    expect(trashRowActions(allowedFor('editeur'), 'product')).toEqual({ restore: true, purge: false });
    expect(trashRowActions(allowedFor('editeur'), 'message')).toEqual({ restore: false, purge: false });
    expect(trashRowActions(allowedFor('chantier'), 'site_update')).toEqual({ restore: true, purge: false });
    expect(trashRowActions(allowedFor('admin'), 'submission')).toEqual({ restore: true, purge: true });
  });

  const item: TrashItem = {
    kind: 'product',
    id: 4,
    label: 'Ciment 50 kg',
    deletedAt: '2026-11-20T08:30:00.000Z',
    deletedBy: 'Awa',
    daysLeft: 22,
  };
  const buttons = (restore: boolean, purge: boolean) =>
    renderToString(
      <MemoryRouter>
        <TrashActions
          item={item}
          restore={restore}
          purge={purge}
          busy={false}
          onRestore={vi.fn()}
          onPurge={vi.fn()}
        />
      </MemoryRouter>,
    );

  test('the row’s buttons name their item; an editor’s row has no purge button', () => {
    const editor = buttons(true, false);
    expect(editor).toContain('aria-label="Restaurer Ciment 50 kg"');
    expect(editor).not.toContain('Supprimer définitivement');
    const admin = buttons(true, true);
    expect(admin).toContain('>Restaurer</button>');
    expect(admin).toContain('aria-label="Supprimer définitivement Ciment 50 kg"');
    expect(buttons(false, false)).toBe('');
  });
});

describe('the query', () => {
  test('the kind and the page in the address; an unknown kind reads as every kind', () => {
    expect(trashCodec.read(new URLSearchParams('type=category&page=3'))).toEqual({
      page: 3,
      search: '',
      kind: 'category',
    });
    expect(trashCodec.read(new URLSearchParams('type=martian&page=-1'))).toEqual({
      page: 1,
      search: '',
      kind: '',
    });
    const written = trashCodec.write(new URLSearchParams('x=1&page=2&type=product'), {
      page: 1,
      search: '',
      kind: '',
    });
    expect(written.toString()).toBe('x=1');
    expect(
      trashCodec.write(new URLSearchParams(), { page: 2, search: '', kind: 'site_update' }).toString(),
    ).toBe('page=2&type=site_update');
  });

  test('the API is asked the page, its size and the kind only when one is chosen', () => {
    expect(trashListPath({ page: 2, per_page: 20, kind: 'promotion' })).toBe(
      '/admin/trash?page=2&per_page=20&kind=promotion',
    );
    expect(trashListPath({ page: 1, per_page: 20, kind: '' })).toBe('/admin/trash?page=1&per_page=20');
  });

  describe('the calls', () => {
    afterEach(() => vi.unstubAllGlobals());

    test('restore POSTs, purge and empty DELETE, each under /api/admin/trash', async () => {
      const { stubBrowserStorage } = await import('./admin-browser-stubs');
      stubBrowserStorage({ access_token: 'a.b.c' });
      const calls: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn<typeof fetch>(async (input, init) => {
          calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
          return new Response(JSON.stringify({ message: 'ok', purged: 2, kept: 0 }), {
            headers: { 'content-type': 'application/json' },
          });
        }),
      );
      const { restoreItem, purgeItem, emptyTrash } = await import('#client/admin/trash/trash-query');
      await restoreItem({ kind: 'site_update', id: 9 } as TrashItem);
      await purgeItem({ kind: 'category', id: 3 } as TrashItem);
      expect(await emptyTrash()).toEqual({ message: 'ok', purged: 2, kept: 0 });
      expect(calls).toEqual([
        'POST /api/admin/trash/site_update/9/restore',
        'DELETE /api/admin/trash/category/3',
        'DELETE /api/admin/trash',
      ]);
    });
  });
});

describe('the words', () => {
  test('Reste: days in French, the last day by name', () => {
    expect(daysLeftText(29)).toBe('29 jours');
    expect(daysLeftText(1)).toBe('1 jour');
    expect(daysLeftText(0)).toBe('Dernier jour');
  });

  test('the purge names the item and its kind and says it cannot be undone; emptying gives the count', () => {
    expect(purgeQuestion({ kind: 'category', label: 'Carrelage' })).toBe(
      'Supprimer définitivement « Carrelage » (Catégorie) ? Cet élément et ses fichiers seront effacés. Cette action est irréversible.',
    );
    expect(emptyQuestion(7)).toBe(
      'Les 7 éléments de la corbeille seront supprimés définitivement, avec leurs fichiers. Cette action est irréversible.',
    );
    expect(emptyQuestion(1)).toBe(
      '1 élément de la corbeille sera supprimé définitivement, avec ses fichiers. Cette action est irréversible.',
    );
  });

  test('emptying says what stayed in the trash, if anything did', () => {
    expect(emptiedText({ message: 'Corbeille vidée.', kept: 0 })).toBe('Corbeille vidée.');
    expect(emptiedText({ message: 'Corbeille vidée.' })).toBe('Corbeille vidée.');
    expect(emptiedText({ message: 'Corbeille vidée.', kept: 2 })).toBe(
      "Corbeille vidée. 2 éléments n'ont pas pu être supprimés et restent dans la corbeille (une catégorie qui contient encore des produits, par exemple).",
    );
  });

  test('every deletion’s confirmation says the item goes to the trash for 30 days and can come back', () => {
    expect(TRASH_WARNING).toBe(
      'Cet élément sera placé dans la corbeille pendant 30 jours. Vous pourrez le restaurer.',
    );
    expect(deleteQuestion('Ciment')).toBe(
      'Êtes-vous sûr de vouloir supprimer « Ciment » ? Cet élément sera placé dans la corbeille pendant 30 jours. Vous pourrez le restaurer.',
    );
  });
});

describe('a deletion’s toast', () => {
  afterEach(() => {
    vi.doUnmock('#client/admin/kit/toast');
    vi.resetModules();
  });

  test('says Suppression réussie with the entity’s sentence and leads to the trash on the item’s kind', async () => {
    const shown = vi.fn();
    vi.resetModules();
    vi.doMock('#client/admin/kit/toast', () => ({ toast: shown }));
    const { toastMovedToTrash } = await import('#client/admin/kit/trash-notice');
    toastMovedToTrash('fleet', 'Bien supprimé.');
    expect(shown).toHaveBeenCalledWith({
      title: 'Suppression réussie',
      description: 'Bien supprimé.',
      link: { label: 'Voir la corbeille', href: '/admin/corbeille?type=fleet' },
    });
  });

  test('the toast store keeps the link for the region to draw', async () => {
    const { ToastStore } = await import('#client/components/toast');
    const store = new ToastStore({ dismissAfterMs: { default: null, destructive: null } });
    store.show({ title: 'T', link: { label: 'Voir la corbeille', href: '/admin/corbeille' } });
    expect(store.snapshot()[0]!.link).toEqual({ label: 'Voir la corbeille', href: '/admin/corbeille' });
  });
});
