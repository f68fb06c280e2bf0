/**
 * First-party statistics (docs/product-rules.md, "Statistics without cookies"): the
 * dimensions the server counts per day in `stats_counts`, and the answers of the back
 * office's statistics API. The counting side (server/features/audience) writes these
 * dimensions and keys; the reading side (server/features/statistics and the
 * `/admin/statistiques` screen) reads them. A visitor is a daily visitor: the same person
 * on two days is two visitors, so a period's visitors are the sum of its days' visitors.
 */

/** What a row of `stats_counts` counts, and what its `key` holds. */
export const STATS_DIMENSIONS = {
  /** A public page's path, without its query string: `/catalogue`, `/products/12`. */
  page: 'page',
  /** The visit's source group, one of SOURCE_GROUPS; counted on a page view that entered the site. */
  source: 'source',
  /** The referring site's host name (`m.facebook.com`), on the same page views as `source`. */
  referrer: 'referrer',
  utmSource: 'utm_source',
  utmCampaign: 'utm_campaign',
  /** One of DEVICE_CLASSES. */
  device: 'device',
  /** A product's id: one WhatsApp order through `/products/{id}/whatsapp`. */
  whatsappProduct: 'whatsapp_product',
  /** `{kind}:{id}` of an offer, `kind` one of WHATSAPP_OFFER_KINDS: one WhatsApp click. */
  whatsappOffer: 'whatsapp_offer',
  /** A promotion's id: one WhatsApp click. */
  whatsappPromotion: 'whatsapp_promotion',
  /** The path of the page a project request was sent from. */
  requestPage: 'request_page',
  /** The path of the page a contact message was sent from. */
  messagePage: 'message_page',
  /** Key `product`: the day's views of product pages, and the daily visitors who saw one. */
  funnel: 'funnel',
} as const;

export type StatsDimension = (typeof STATS_DIMENSIONS)[keyof typeof STATS_DIMENSIONS];

/** The `{kind}` of an offer's WhatsApp link (`/whatsapp/offre/{kind}/{id}`) and of its count's key. */
export const WHATSAPP_OFFER_KINDS = ['parcel', 'fleet', 'misc'] as const;
export type WhatsappOfferKind = (typeof WHATSAPP_OFFER_KINDS)[number];

export const SOURCE_GROUPS = ['search', 'facebook', 'whatsapp', 'instagram', 'other', 'direct'] as const;
export type SourceGroup = (typeof SOURCE_GROUPS)[number];

export const SOURCE_LABELS: Record<SourceGroup, string> = {
  search: 'Moteurs de recherche',
  facebook: 'Facebook',
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  other: 'Autres sites',
  direct: 'Accès direct',
};

export const DEVICE_CLASSES = ['phone', 'tablet', 'computer'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const DEVICE_LABELS: Record<DeviceClass, string> = {
  phone: 'Téléphone',
  tablet: 'Tablette',
  computer: 'Ordinateur',
};

/** The key of the `funnel` dimension's one row per day. */
export const FUNNEL_PRODUCT_KEY = 'product';

export interface DayFigures {
  /** `YYYY-MM-DD`, a business day in Cotonou. */
  date: string;
  views: number;
  visitors: number;
}

export interface KeyFigures {
  key: string;
  /** What the screen shows for the key: a page's path, a source's or device's label. */
  label: string;
  views: number;
  visitors: number;
}

/** `GET /api/admin/stats/traffic?from=&to=`: every day of the range, zeros included. */
export interface TrafficAnswer {
  from: string;
  to: string;
  days: DayFigures[];
  totals: { views: number; visitors: number };
  /** The same length of time just before `from`. */
  previous: { from: string; to: string; views: number; visitors: number };
  /** The first day ever counted, whatever the period; null while nothing was counted yet. */
  counted_since: string | null;
  pages: KeyFigures[];
  sources: KeyFigures[];
  referrers: KeyFigures[];
  /** The `utm_campaign` values. */
  campaigns: KeyFigures[];
  /** The `utm_source` values: counted apart from the campaigns, so never paired with one. */
  utm_sources: KeyFigures[];
  devices: KeyFigures[];
}

/** The longest lists of the answers (pages, referrers, campaigns, products...): the top ones. */
export const STATS_TOP_LIMIT = 20;

export interface WhatsappOrderFigures {
  product_id: number;
  name: string;
  count: number;
}

export interface FunnelFigures {
  visitors: number;
  product_viewers: number;
  whatsapp_orders: number;
  requests: number;
  messages: number;
}

/** `GET /api/admin/stats/conversions?from=&to=`. */
export interface ConversionsAnswer {
  from: string;
  to: string;
  whatsapp_orders: WhatsappOrderFigures[];
  whatsapp_offers: { key: string; label: string; count: number }[];
  whatsapp_promotions: { key: string; label: string; count: number }[];
  requests: number;
  messages: number;
  requests_by_page: { path: string; count: number }[];
  messages_by_page: { path: string; count: number }[];
  funnel: FunnelFigures;
  previous: { from: string; to: string; funnel: FunnelFigures; requests: number; messages: number };
}
