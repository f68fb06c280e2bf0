import type { Knex } from 'knex';
import { toDbDateTime } from '#server/db/dialect';

/**
 * Rows for integration tests, written straight into a test database (tests/helpers/test-db.ts)
 * on every engine. Each builder inserts one valid row with plain defaults, applies the test's
 * overrides (column names and stored values, as the migrations define them) and returns the
 * row with its id:
 *
 *   const category = await aCategory(db, { name: 'Toiture' });
 *   const product = await aProduct(db, { category_id: category.id, price: 12_500 });
 *   await aPromotion(db, { end_date: '2020-01-31' });
 *
 * A test writes out the values it asserts on; the defaults are only there to make the row
 * valid. Unique columns (category name, product reference, submission e-mail) get a running
 * number so that two calls never collide. Rows a test sends through the API are not built
 * here: those tests check what the API does with them.
 */

type Db = Knex | { knex: Knex };
type Stamps = { created_at: string; updated_at: string };
type Built<Row> = Row & { id: number };
/** Drafts, scheduling and the trash (docs/product-rules.md, "Trash, revisions and drafts"). */
type Lifecycle = {
  publication?: 'draft' | 'published';
  publish_at?: string | null;
  deleted_at?: string | null;
};

let sequence = 0;
const next = () => (sequence += 1);

function knexOf(db: Db): Knex {
  return typeof db === 'function' ? db : db.knex;
}

function now(): Stamps {
  const stamp = toDbDateTime(new Date());
  return { created_at: stamp, updated_at: stamp };
}

async function insert<Row extends object>(db: Db, table: string, row: Row): Promise<Built<Row>> {
  const [id] = await knexOf(db)(table).insert(row);
  return { ...row, id: Number(id) };
}

export interface CategoryRow extends Stamps, Pick<Lifecycle, 'deleted_at'> {
  name: string;
  description: string;
}

export function aCategory(db: Db, overrides: Partial<CategoryRow> = {}): Promise<Built<CategoryRow>> {
  const n = next();
  return insert(db, 'categories', {
    name: `Catégorie de test ${n}`,
    description: `Catégorie de test numéro ${n}.`,
    ...now(),
    ...overrides,
  });
}

export interface ProductRow extends Stamps, Lifecycle {
  reference: string;
  name: string;
  category_id: number;
  price: number;
  old_price?: number | null;
  stock: number;
  description: string;
  long_description?: string | null;
  specifications?: string | null;
  features?: string | null;
  image?: string | null;
  gallery?: string | null;
}

/** Without `category_id`, the product gets a category of its own. */
export async function aProduct(db: Db, overrides: Partial<ProductRow> = {}): Promise<Built<ProductRow>> {
  const n = next();
  const category_id = overrides.category_id ?? (await aCategory(db)).id;
  return insert(db, 'products', {
    reference: `PRD-T${String(n).padStart(4, '0')}`,
    name: `Produit de test ${n}`,
    category_id,
    price: 1000,
    stock: 0,
    description: 'Un produit du catalogue de test.',
    ...now(),
    ...overrides,
  });
}

export interface ProjectRow extends Stamps, Lifecycle {
  title: string;
  numero: string;
  date: string;
  status: string;
  description: string;
  long_description?: string | null;
  /** A JSON array of category names, as stored. */
  categories: string;
  main_image?: string | null;
  challenges?: string | null;
  materials?: string | null;
}

export function aProject(db: Db, overrides: Partial<ProjectRow> = {}): Promise<Built<ProjectRow>> {
  const n = next();
  return insert(db, 'projects', {
    title: `Projet de test ${n}`,
    numero: `PRJ-T${n}`,
    date: '2024-01-15',
    status: 'En cours',
    description: 'Une description assez longue',
    categories: '["Résidentiel"]',
    ...now(),
    ...overrides,
  });
}

export interface PromotionRow extends Stamps, Lifecycle {
  title: string;
  description: string;
  discount: string;
  start_date: string;
  end_date: string;
  image?: string | null;
  code?: string | null;
}

/** Running until 2099 unless the test gives another `end_date`. */
export function aPromotion(db: Db, overrides: Partial<PromotionRow> = {}): Promise<Built<PromotionRow>> {
  const n = next();
  return insert(db, 'promotions', {
    title: `Promotion de test ${n}`,
    description: 'Une promotion de test.',
    discount: '10%',
    start_date: '2024-01-01',
    end_date: '2099-12-31',
    ...now(),
    ...overrides,
  });
}

export interface TestimonialRow extends Stamps {
  client_name: string;
  town: string;
  project_type: string;
  text: string;
  date: string;
  /** The testimonial's state (docs/product-rules.md, "Testimonials"): published or not. */
  published: boolean;
  publish_at?: string | null;
  photo?: string | null;
  deleted_at?: string | null;
}

/** Published unless the test says otherwise. */
export function aTestimonial(
  db: Db,
  overrides: Partial<TestimonialRow> = {},
): Promise<Built<TestimonialRow>> {
  const n = next();
  return insert(db, 'testimonials', {
    client_name: `Famille Test ${n}`,
    town: 'Cotonou',
    project_type: 'Villa R+1',
    text: 'Un témoignage de test assez long pour être valide.',
    date: '2025-01-15',
    published: true,
    ...now(),
    ...overrides,
  });
}

export interface ParcelRow extends Stamps, Lifecycle {
  title: string;
  description: string;
  location: string;
  surface?: number | string | null;
  price: number;
  status: string;
  image: string;
}

export interface FleetPropertyRow extends Stamps, Lifecycle {
  property_type?: string | null;
  address?: string | null;
  surface?: number | string | null;
  owner?: string | null;
  occupation_status?: string | null;
  estimated_value?: number | string | null;
  image: string;
}

export interface MiscellaneousGoodRow extends Stamps, Lifecycle {
  description: string;
  image: string;
}

/** The three kinds of offer, by table (docs/product-rules.md, Entities). */
export interface OfferRows {
  parcels: ParcelRow;
  fleet_properties: FleetPropertyRow;
  miscellaneous_goods: MiscellaneousGoodRow;
}

const OFFER_DEFAULTS: { [K in keyof OfferRows]: (n: number) => Omit<OfferRows[K], keyof Stamps> } = {
  parcels: (n) => ({
    title: `Parcelle de test ${n}`,
    description: 'Parcelle viabilisée avec convention de vente.',
    location: 'Abomey-Calavi',
    price: 5_000_000,
    status: 'Disponible',
    image: `parcelle/test-${n}.jpg`,
  }),
  fleet_properties: (n) => ({ property_type: 'Villa', image: `fleet/test-${n}.jpg` }),
  miscellaneous_goods: (n) => ({ description: `Bien de test ${n}`, image: `bien/test-${n}.jpg` }),
};

export function anOffer<K extends keyof OfferRows>(
  db: Db,
  kind: K,
  overrides: Partial<OfferRows[K]> = {},
): Promise<Built<OfferRows[K]>> {
  const row = { ...OFFER_DEFAULTS[kind](next()), ...now(), ...overrides } as OfferRows[K];
  return insert(db, kind, row);
}

export interface SubmissionRow extends Stamps {
  /** `EDF-{year}-{5 digits}`; left null by default, as a test's rows never go through the counter. */
  reference?: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company?: string | null;
  project_title: string;
  project_type: string;
  location: string;
  budget: string;
  description: string;
  start_date?: string | null;
  status: string;
  admin_notes?: string | null;
  contact_method?: string | null;
  /** Set for a request in the trash (docs/product-rules.md, "Trash"). */
  deleted_at?: string | null;
}

export function aSubmission(db: Db, overrides: Partial<SubmissionRow> = {}): Promise<Built<SubmissionRow>> {
  const n = next();
  return insert(db, 'project_submissions', {
    first_name: 'Awa',
    last_name: 'Dossou',
    email: `client${n}@exemple.bj`,
    phone: '+229 01 97 00 00 00',
    project_title: `Maison ${n}`,
    project_type: 'Autre',
    location: 'Cotonou',
    budget: 'Moins de 5M FCFA',
    description: 'Une demande de test.',
    status: 'new',
    ...now(),
    ...overrides,
  });
}

export interface AttachmentRow {
  submission_id: number;
  original_name: string;
  stored_name: string;
  mime_type: string;
  size: number;
  created_at: string;
}

/** The row only: the file itself is the test's to write when it needs one. */
export function anAttachment(
  db: Db,
  submissionId: number,
  overrides: Partial<AttachmentRow> = {},
): Promise<Built<AttachmentRow>> {
  const n = next();
  return insert(db, 'submission_attachments', {
    submission_id: submissionId,
    original_name: `pièce ${n}.pdf`,
    stored_name: `test-${n}.pdf`,
    mime_type: 'application/pdf',
    size: 1000,
    created_at: now().created_at,
    ...overrides,
  });
}

export interface ContactMessageRow extends Stamps {
  reference: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  subject: string;
  message: string;
  status: string;
  deleted_at?: string | null;
}

export function aContactMessage(
  db: Db,
  overrides: Partial<ContactMessageRow> = {},
): Promise<Built<ContactMessageRow>> {
  const n = next();
  return insert(db, 'contact_messages', {
    reference: `MSG-TEST-${String(n).padStart(5, '0')}`,
    name: 'Koffi Agbo',
    email: `visiteur${n}@exemple.bj`,
    subject: 'renseignement',
    message: 'Un message de test.',
    status: 'unread',
    ...now(),
    ...overrides,
  });
}
