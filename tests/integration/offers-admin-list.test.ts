import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeJson } from '#server/db/dialect';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { anOffer, type OfferRows } from '../helpers/builders';
import { testEngines } from '../helpers/test-db';

/**
 * The offers' server lists and their bulk actions (docs/product-rules.md, "Lists of the back
 * office" and "Bulk actions"), one per kind, on every engine: pages, each sort, the state,
 * status and search filters, the 422s in French; publish, unpublish, a parcel's status and
 * the trash, by ids and by filter, with the activity log and the versions a single save
 * writes, and the public reads following.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  sortInvalid: (columns: string) =>
    `Tri inconnu. Colonnes possibles : ${columns} (précédées de « - » pour l’ordre décroissant).`,
  perPageInvalid: 'Le nombre de lignes par page doit être compris entre 1 et 100.',
  publicationInvalid: 'Le filtre de publication doit être « draft », « scheduled » ou « published ».',
  statusFilterInvalid:
    'Le filtre de statut doit être l’un de : Disponible, En cours, Réservé, À venir, Vendu.',
  statusRequired: 'Veuillez sélectionner un statut',
  actionInvalid: 'Action groupée inconnue pour cette liste.',
  notFound: 'Élément introuvable (déjà supprimé ?).',
  changed: (expected: number, found: string) =>
    `La liste a changé depuis votre sélection (${found} au lieu de ${expected}). Vérifiez-la et recommencez : rien n’a été modifié.`,
};

const FUTURE = '2099-06-01 08:00:00';
const PAST = '2020-06-01 08:00:00';

type Table = keyof OfferRows;

interface Kind {
  name: string;
  table: Table;
  path: string;
  publicPath: string;
  /** Three rows whose columns each order them differently. */
  rows: Partial<OfferRows[Table]>[];
  sorts: string[];
  /** A search that finds the first row only, written in another case. */
  search: string;
  entity: string;
  trashKind: string;
}

const KINDS: Kind[] = [
  {
    name: 'parcels',
    table: 'parcels',
    path: '/api/admin/parcels',
    publicPath: '/api/parcels',
    rows: [
      {
        title: 'Alpha terrain Calavi',
        location: 'Ouidah',
        price: 3_000_000,
        surface: 900,
        status: 'Vendu',
        created_at: '2026-01-02 10:00:00',
      },
      {
        title: 'Beta parcelle',
        location: 'Calavi',
        price: 9_000_000,
        surface: 250,
        status: 'Disponible',
        created_at: '2026-01-03 10:00:00',
      },
      {
        title: 'Gamma lot',
        location: 'Porto-Novo',
        price: 1_000_000,
        surface: 500,
        status: 'En cours',
        created_at: '2026-01-01 10:00:00',
      },
    ],
    sorts: ['title', 'location', 'price', 'surface', 'status', 'created_at'],
    search: 'CALAVI alpha',
    entity: 'parcel',
    trashKind: 'parcel',
  },
  {
    name: 'fleet properties',
    table: 'fleet_properties',
    path: '/api/admin/flotte-immobiliere',
    publicPath: '/api/flotte-immobiliere',
    rows: [
      {
        property_type: 'Villa duplex',
        address: 'Haie Vive',
        owner: 'Mme Zinsou',
        estimated_value: 185_000_000.5,
        occupation_status: 'Vacant',
        created_at: '2026-01-02 10:00:00',
      },
      {
        property_type: 'Appartement',
        address: 'Akpakpa',
        owner: 'M. Houngbo',
        estimated_value: 45_000_000,
        occupation_status: 'Loué',
        created_at: '2026-01-01 10:00:00',
      },
      {
        property_type: 'Immeuble',
        address: 'Cadjehoun',
        owner: 'M. Adjovi',
        estimated_value: 900_000_000,
        occupation_status: 'Occupé',
        created_at: '2026-01-03 10:00:00',
      },
    ],
    sorts: ['property_type', 'address', 'owner', 'estimated_value', 'occupation_status', 'created_at'],
    search: 'DUPLEX',
    entity: 'fleet_property',
    trashKind: 'fleet',
  },
  {
    name: 'miscellaneous goods',
    table: 'miscellaneous_goods',
    path: '/api/admin/biens-immobiliers',
    publicPath: '/api/biens-immobiliers',
    rows: [
      { description: 'Groupe électrogène 20 kVA', created_at: '2026-01-03 10:00:00' },
      { description: 'Bétonnière 350 litres', created_at: '2026-01-01 10:00:00' },
      { description: 'Camion benne', created_at: '2026-01-02 10:00:00' },
    ],
    sorts: ['description', 'created_at'],
    search: 'kva GROUPE',
    entity: 'miscellaneous_good',
    trashKind: 'misc',
  },
];

/** The ids of `rows` in the order of `column` (ties never happen in these fixtures). */
function orderOf(
  built: { id: number; row: Record<string, unknown> }[],
  column: string,
  desc: boolean,
): number[] {
  const sorted = [...built].sort((a, b) => {
    const [x, y] = [a.row[column], b.row[column]] as [string | number, string | number];
    const order = typeof x === 'number' ? x - (y as number) : String(x).localeCompare(String(y), 'fr');
    return desc ? -order : order;
  });
  return sorted.map((entry) => entry.id);
}

const ids = (body: { data: { id: number }[] }) => body.data.map((item) => item.id);

describe.each(testEngines())('offers admin lists on $name', (engine) => {
  let api: ApiHarness;
  const auth = () => ({ Authorization: `Bearer ${api.adminToken}` });
  const get = (path: string, query: Record<string, string> = {}) =>
    request(api.app).get(path).query(query).set(auth());
  const bulk = (path: string, body: object) => request(api.app).post(`${path}/bulk`).set(auth()).send(body);

  beforeAll(async () => {
    api = await openApiHarness(engine);
  }, 120_000);
  afterAll(() => api.cleanup());

  beforeEach(async () => {
    for (const table of [
      'parcels',
      'fleet_properties',
      'miscellaneous_goods',
      'activity_log',
      'revisions',
      'trash',
    ])
      await api.db.knex(table).delete();
  });

  /** The kind's three rows (and `extra`), inserted one after the other: ids in that order. */
  async function build(kind: Kind, extra: Partial<OfferRows[Table]>[] = []) {
    const built: { id: number; row: Record<string, unknown> }[] = [];
    for (const overrides of [...kind.rows, ...extra]) {
      const row = await anOffer(api.db, kind.table, overrides as Partial<OfferRows[typeof kind.table]>);
      built.push({ id: row.id, row: { ...row } });
    }
    return built;
  }

  const activity = () =>
    api.db
      .knex('activity_log')
      .orderBy('id')
      .select('action', 'entity', 'entity_id', 'label', 'changes', 'user_name');

  describe.each(KINDS)('$name', (kind) => {
    it('sorts on each of its columns both ways, newest first by default, and pages with the total', async () => {
      const built = await build(kind);
      const first = await get(kind.path).expect(200);
      expect(first.headers['cache-control']).toContain('no-store');
      expect(ids(first.body)).toEqual(orderOf(built, 'created_at', true));
      expect(first.body).toMatchObject({
        current_page: 1,
        last_page: 1,
        per_page: 50,
        total: 3,
        from: 1,
        to: 3,
      });

      for (const column of kind.sorts) {
        const asc = await get(kind.path, { sort: column }).expect(200);
        expect(ids(asc.body), column).toEqual(orderOf(built, column, false));
        const desc = await get(kind.path, { sort: `-${column}` }).expect(200);
        expect(ids(desc.body), `-${column}`).toEqual(orderOf(built, column, true));
      }

      const second = await get(kind.path, { per_page: '2', page: '2', sort: 'created_at' }).expect(200);
      expect(ids(second.body)).toEqual(orderOf(built, 'created_at', false).slice(2));
      expect(second.body).toMatchObject({
        current_page: 2,
        last_page: 2,
        per_page: 2,
        total: 3,
        from: 3,
        to: 3,
      });
    });

    it('answers a 422 in French for an unknown sort, a page over 100 rows or an unknown state', async () => {
      const sort = await get(kind.path, { sort: 'image' }).expect(422);
      expect(sort.body.errors.sort).toEqual([M.sortInvalid(kind.sorts.join(', '))]);
      const perPage = await get(kind.path, { per_page: '101' }).expect(422);
      expect(perPage.body.errors.per_page).toEqual([M.perPageInvalid]);
      const state = await get(kind.path, { publication: 'archived' }).expect(422);
      expect(state.body.errors.publication).toEqual([M.publicationInvalid]);
    });

    it('filters on the state and the search, and never lists a trashed row', async () => {
      const [found, , other] = await build(kind);
      const draft = await anOffer(api.db, kind.table, { publication: 'draft' });
      const scheduled = await anOffer(api.db, kind.table, { publish_at: FUTURE });
      await anOffer(api.db, kind.table, { deleted_at: PAST });

      expect(ids((await get(kind.path, { publication: 'draft' }).expect(200)).body)).toEqual([draft.id]);
      expect(ids((await get(kind.path, { publication: 'scheduled' }).expect(200)).body)).toEqual([
        scheduled.id,
      ]);
      const published = await get(kind.path, { publication: 'published', sort: 'created_at' }).expect(200);
      expect(published.body.total).toBe(3);
      expect(ids(published.body)).toContain(other!.id);
      expect((await get(kind.path).expect(200)).body.total).toBe(5);

      const searched = await get(kind.path, { search: kind.search }).expect(200);
      expect(ids(searched.body)).toEqual([found!.id]);
      expect(searched.body.total).toBe(1);
    });

    it('publishes the rows ticked: drafts and scheduled ones on the site now, each logged and versioned', async () => {
      const draft = await anOffer(api.db, kind.table, { publication: 'draft', publish_at: PAST });
      const scheduled = await anOffer(api.db, kind.table, { publish_at: FUTURE });
      const already = await anOffer(api.db, kind.table, {});
      const gone = await anOffer(api.db, kind.table, { deleted_at: PAST });

      const publicBefore = await request(api.app).get(kind.publicPath).expect(200);
      expect(ids(publicBefore.body)).toEqual([already.id]);

      const answer = await bulk(kind.path, {
        action: 'publish',
        ids: [draft.id, scheduled.id, already.id, gone.id],
      }).expect(200);
      expect(answer.body).toEqual({
        changed: 2,
        refused: [{ id: gone.id, message: M.notFound }],
        message: '2 éléments modifiés, 1 refusé.',
      });

      const rows = await api.db.knex(kind.table).whereIn('id', [draft.id, scheduled.id]).orderBy('id');
      expect(rows.map((row) => row.publication)).toEqual(['published', 'published']);
      // The past moment changes nothing and stays; the moment still to come is cleared.
      expect(rows[0].publish_at).not.toBeNull();
      expect(rows[1].publish_at).toBeNull();

      const publicAfter = await request(api.app).get(kind.publicPath).expect(200);
      expect(ids(publicAfter.body).sort((a, b) => a - b)).toEqual([draft.id, scheduled.id, already.id]);

      const log = await activity();
      expect(
        log.map((entry) => [entry.action, entry.entity, Number(entry.entity_id), entry.user_name]),
      ).toEqual([
        ['update', kind.entity, draft.id, 'Awa Admin'],
        ['update', kind.entity, scheduled.id, 'Awa Admin'],
      ]);
      expect(decodeJson<Record<string, unknown>>(log[0]!.changes, {})).toEqual({
        publication: ['draft', 'published'],
      });
      expect(Object.keys(decodeJson<Record<string, unknown>>(log[1]!.changes, {}))).toEqual(['publish_at']);

      const versions = await api.db.knex('revisions').orderBy('id').select('entity_id', 'data');
      expect(versions.map((version) => Number(version.entity_id))).toEqual([draft.id, scheduled.id]);
      // The version before the save, as a single save keeps it: its content and its image.
      expect(decodeJson<{ images: string[] }>(versions[0]!.data, { images: [] }).images).toEqual([
        draft.image,
      ]);
    });

    it('unpublishes the filtered list it was shown, and changes nothing when that list changed since', async () => {
      const [first, second, third] = await build(kind);
      const filter = { search: '', publication: 'published' };

      const changed = await bulk(kind.path, { action: 'unpublish', filter, expected: 4 }).expect(409);
      expect(changed.body.message).toBe(M.changed(4, '3 lignes'));
      expect(await api.db.knex(kind.table).where({ publication: 'draft' }).count({ n: '*' })).toEqual([
        { n: 0 },
      ]);
      expect(await activity()).toEqual([]);

      const answer = await bulk(kind.path, { action: 'unpublish', filter, expected: 3 }).expect(200);
      expect(answer.body).toEqual({ changed: 3, refused: [], message: '3 éléments modifiés.' });
      const states = await api.db
        .knex(kind.table)
        .whereIn('id', [first!.id, second!.id, third!.id])
        .select('publication');
      expect(states.map((row) => row.publication)).toEqual(['draft', 'draft', 'draft']);
      expect(ids((await request(api.app).get(kind.publicPath).expect(200)).body)).toEqual([]);
      expect((await activity()).map((entry) => entry.action)).toEqual(['update', 'update', 'update']);

      // Already drafts: nothing changes, nothing is logged.
      const again = await bulk(kind.path, { action: 'unpublish', ids: [first!.id] }).expect(200);
      expect(again.body).toEqual({ changed: 0, refused: [], message: '0 élément modifié.' });
      expect(await activity()).toHaveLength(3);
    });

    it('moves the rows to the trash by ids, refusing the one already gone', async () => {
      const [first, second] = await build(kind);
      const answer = await bulk(kind.path, {
        action: 'delete',
        ids: [first!.id, second!.id, 999_999],
      }).expect(200);
      expect(answer.body).toEqual({
        changed: 2,
        refused: [{ id: 999_999, message: M.notFound }],
        message: '2 éléments modifiés, 1 refusé.',
      });
      const trashed = await api.db.knex('trash').orderBy('entity_id').select('kind', 'entity_id');
      expect(trashed.map((row) => [row.kind, Number(row.entity_id)])).toEqual([
        [kind.trashKind, first!.id],
        [kind.trashKind, second!.id],
      ]);
      expect((await get(kind.path).expect(200)).body.total).toBe(1);
      expect((await activity()).map((entry) => [entry.action, entry.entity])).toEqual([
        ['trash', kind.entity],
        ['trash', kind.entity],
      ]);
    });

    it('refuses an unknown action and an empty selection in French', async () => {
      const action = await bulk(kind.path, { action: 'archive', ids: [1] }).expect(422);
      expect(action.body.errors.action).toEqual([M.actionInvalid]);
      const none = await bulk(kind.path, { action: 'publish' }).expect(422);
      expect(none.body.errors.ids).toEqual([
        'Indiquez les lignes à traiter (ids) ou le filtre de la liste (filter).',
      ]);
    });
  });

  describe('parcels', () => {
    const parcels = KINDS[0]!;

    it('filters on the status and refuses one the form does not offer', async () => {
      const [sold] = await build(parcels);
      const answer = await get(parcels.path, { status: 'Vendu' }).expect(200);
      expect(ids(answer.body)).toEqual([sold!.id]);
      const wrong = await get(parcels.path, { status: 'Perdu' }).expect(422);
      expect(wrong.body.errors.status).toEqual([M.statusFilterInvalid]);
    });

    it('sets the status of the parcels of a filter, each logged with its change', async () => {
      const [sold, available, ongoing] = await build(parcels);
      const answer = await bulk(parcels.path, {
        action: 'set_status',
        status: 'Réservé',
        filter: { search: '', status: 'Disponible' },
        expected: 1,
      }).expect(200);
      expect(answer.body).toEqual({ changed: 1, refused: [], message: '1 élément modifié.' });
      const rows = await api.db.knex('parcels').orderBy('id').select('id', 'status');
      expect(Object.fromEntries(rows.map((row) => [Number(row.id), row.status]))).toEqual({
        [sold!.id]: 'Vendu',
        [available!.id]: 'Réservé',
        [ongoing!.id]: 'En cours',
      });
      const [entry] = await activity();
      expect(entry).toMatchObject({ action: 'update', entity: 'parcel', label: 'Beta parcelle' });
      expect(decodeJson<Record<string, unknown>>(entry!.changes, {})).toEqual({
        status: ['Disponible', 'Réservé'],
      });
    });

    it('asks for the new status, and keeps it to the statuses of the form', async () => {
      const [sold] = await build(parcels);
      const missing = await bulk(parcels.path, { action: 'set_status', ids: [sold!.id] }).expect(422);
      expect(missing.body.errors.status).toEqual([M.statusRequired]);
      const wrong = await bulk(parcels.path, {
        action: 'set_status',
        status: 'Perdu',
        ids: [sold!.id],
      }).expect(422);
      expect(wrong.body.errors.status).toEqual([M.statusRequired]);
      expect((await api.db.knex('parcels').where({ id: sold!.id }).first()).status).toBe('Vendu');
    });

    it('has no status to set on the other kinds', async () => {
      const answer = await bulk(KINDS[1]!.path, { action: 'set_status', status: 'Vendu', ids: [1] }).expect(
        422,
      );
      expect(answer.body.errors.action).toEqual([M.actionInvalid]);
    });
  });
});
