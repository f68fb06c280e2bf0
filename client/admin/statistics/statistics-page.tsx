import { useEffect, useId, useState, type ReactNode } from 'react';
import type { ConversionsAnswer, TrafficAnswer } from '#shared/statistics';
import { adminApi, CsvExportButton, isSessionEnd, PageHeader, Spinner } from '#client/admin/kit';
import { PRESET_DAYS, useStatsPeriod } from './stats-period-query';
import { changeTrend, formatChange, formatCount, formatDay, formatRate } from './stats-format';
import { VisitsChart } from './visits-chart';
import './statistics.css';

/**
 * 'Statistiques' (docs/product-rules.md, "The statistics screen"): the site's audience and
 * what it led to over a period kept in the address, each main figure against the period of
 * the same length before it. The chart is the one part drawn by a library (uPlot), in this
 * screen's chunk only; the same figures are in the table under it.
 */
const LOAD_ERROR = 'Erreur lors du chargement des statistiques';

interface Figures {
  traffic: TrafficAnswer;
  conversions: ConversionsAnswer;
}

type Load =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; figures: Figures };

/** The message of a refused period (422), else the screen's own. */
function failureOf(error: unknown): string {
  const body = (error as { body?: { errors?: Record<string, string[]> } } | null)?.body;
  const first = body?.errors ? Object.values(body.errors).flat()[0] : undefined;
  return first ?? LOAD_ERROR;
}

function useFigures(from: string, to: string): Load {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams({ from, to }).toString();
    setLoad({ status: 'loading' });
    Promise.all([
      adminApi<TrafficAnswer>(`/admin/stats/traffic?${query}`, { signal: controller.signal }),
      adminApi<ConversionsAnswer>(`/admin/stats/conversions?${query}`, { signal: controller.signal }),
    ])
      .then(([traffic, conversions]) => setLoad({ status: 'done', figures: { traffic, conversions } }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted && !isSessionEnd(error))
          setLoad({ status: 'error', message: failureOf(error) });
      });
    return () => controller.abort();
  }, [from, to]);
  return load;
}

function Change({ current, previous }: { current: number; previous: number }) {
  return (
    <span className={`stats-change is-${changeTrend(current, previous)}`}>
      {formatChange(current, previous)}
    </span>
  );
}

/** A main figure: its value, and its change against the previous period. */
function FigureCard({ label, current, previous }: { label: string; current: number; previous: number }) {
  return (
    <article className="stat-card">
      <h2>{label}</h2>
      <p className="stat-value">{formatCount(current)}</p>
      <p className="stats-versus">
        <Change current={current} previous={previous} />{' '}
        <span className="muted">vs {formatCount(previous)} avant</span>
      </p>
    </article>
  );
}

/** A table of one breakdown, or a sentence when it is empty. */
function FiguresTable<Row>({
  title,
  headers,
  rows,
  cells,
}: {
  title: string;
  headers: string[];
  rows: readonly Row[];
  cells: (row: Row) => ReactNode[];
}) {
  const id = useId();
  return (
    <section className="admin-panel stats-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">Rien de compté sur cette période.</p>
      ) : (
        <table className="stats-table">
          <thead>
            <tr>
              {headers.map((header, index) => (
                <th key={header} scope="col" className={index > 0 ? 'is-number' : undefined}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {cells(row).map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className="is-number">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function PeriodPicker() {
  const { period, choosePreset, chooseRange } = useStatsPeriod();
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const fromId = useId();
  const toId = useId();
  useEffect(() => {
    setFrom(period.from);
    setTo(period.to);
  }, [period.from, period.to]);
  return (
    <div className="stats-period" role="group" aria-label="Période">
      <div className="stats-presets">
        {PRESET_DAYS.map((days) => (
          <button
            key={days}
            type="button"
            className={`btn ${period.kind === 'preset' && period.days === days ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={period.kind === 'preset' && period.days === days}
            onClick={() => choosePreset(days)}
          >
            {days} jours
          </button>
        ))}
      </div>
      <form
        className="stats-range"
        onSubmit={(event) => {
          event.preventDefault();
          if (from && to) chooseRange(from, to);
        }}
      >
        <div className="list-filter">
          <label htmlFor={fromId}>Du</label>
          <input
            id={fromId}
            type="date"
            value={from}
            required
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="list-filter">
          <label htmlFor={toId}>Au</label>
          <input id={toId} type="date" value={to} required onChange={(event) => setTo(event.target.value)} />
        </div>
        <button type="submit" className="btn btn-outline">
          Afficher
        </button>
      </form>
    </div>
  );
}

function Funnel({ conversions }: { conversions: ConversionsAnswer }) {
  const now = conversions.funnel;
  const before = conversions.previous.funnel;
  const steps = [
    { label: 'Visiteurs', value: now.visitors, previous: before.visitors, rate: null },
    {
      label: 'Ont vu un produit',
      value: now.product_viewers,
      previous: before.product_viewers,
      rate: `${formatRate(now.product_viewers, now.visitors)} des visiteurs`,
    },
    {
      label: 'Commandes WhatsApp',
      value: now.whatsapp_orders,
      previous: before.whatsapp_orders,
      rate: `${formatRate(now.whatsapp_orders, now.product_viewers)} des visiteurs d’un produit`,
    },
    {
      label: 'Demandes de projet',
      value: now.requests,
      previous: before.requests,
      rate: `${formatRate(now.requests, now.visitors)} des visiteurs`,
    },
    {
      label: 'Messages de contact',
      value: now.messages,
      previous: before.messages,
      rate: `${formatRate(now.messages, now.visitors)} des visiteurs`,
    },
  ];
  return (
    <section className="admin-panel stats-panel" aria-labelledby="stats-funnel">
      <h2 id="stats-funnel">Parcours des visiteurs</h2>
      <ol className="stats-funnel">
        {steps.map((step) => (
          <li key={step.label}>
            <span className="stats-funnel-label">{step.label}</span>
            <strong className="stats-funnel-value">{formatCount(step.value)}</strong>
            {step.rate && <span className="muted">{step.rate}</span>}
            <Change current={step.value} previous={step.previous} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Report({ traffic, conversions }: Figures) {
  const funnel = conversions.funnel;
  const previous = conversions.previous.funnel;
  const byKey = (row: { label: string; views: number; visitors: number }) => [
    row.label,
    formatCount(row.views),
    formatCount(row.visitors),
  ];
  return (
    <>
      <p className="muted stats-compared">
        Du {formatDay(traffic.from)} au {formatDay(traffic.to)}, comparé au {formatDay(traffic.previous.from)}{' '}
        – {formatDay(traffic.previous.to)}.
      </p>
      <section aria-label="Chiffres de la période" className="stat-grid admin-section">
        <FigureCard label="Pages vues" current={traffic.totals.views} previous={traffic.previous.views} />
        <FigureCard
          label="Visiteurs"
          current={traffic.totals.visitors}
          previous={traffic.previous.visitors}
        />
        <FigureCard
          label="Commandes WhatsApp"
          current={funnel.whatsapp_orders}
          previous={previous.whatsapp_orders}
        />
        <FigureCard
          label="Demandes de projet"
          current={conversions.requests}
          previous={conversions.previous.requests}
        />
        <FigureCard
          label="Messages de contact"
          current={conversions.messages}
          previous={conversions.previous.messages}
        />
      </section>
      <section className="admin-panel stats-panel" aria-labelledby="stats-days">
        <h2 id="stats-days">Visites par jour</h2>
        <VisitsChart days={traffic.days} />
        <div
          className="stats-days-scroll"
          tabIndex={0}
          role="region"
          aria-label="Tableau des visites par jour"
        >
          <table className="stats-table">
            <caption className="visually-hidden">Pages vues et visiteurs par jour</caption>
            <thead>
              <tr>
                <th scope="col">Jour</th>
                <th scope="col" className="is-number">
                  Pages vues
                </th>
                <th scope="col" className="is-number">
                  Visiteurs
                </th>
              </tr>
            </thead>
            <tbody>
              {traffic.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date)}</th>
                  <td className="is-number">{formatCount(day.views)}</td>
                  <td className="is-number">{formatCount(day.visitors)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <Funnel conversions={conversions} />
      <div className="stats-columns">
        <FiguresTable
          title="Pages les plus vues"
          headers={['Page', 'Vues', 'Visiteurs']}
          rows={traffic.pages}
          cells={byKey}
        />
        <FiguresTable
          title="Sources"
          headers={['Source', 'Pages vues', 'Visiteurs']}
          rows={traffic.sources}
          cells={byKey}
        />
        <FiguresTable
          title="Sites référents"
          headers={['Site', 'Pages vues', 'Visiteurs']}
          rows={traffic.referrers}
          cells={byKey}
        />
        <FiguresTable
          title="Appareils"
          headers={['Appareil', 'Pages vues', 'Visiteurs']}
          rows={traffic.devices}
          cells={byKey}
        />
        <FiguresTable
          title="Campagnes"
          headers={['Campagne (utm_campaign)', 'Pages vues', 'Visiteurs']}
          rows={traffic.campaigns}
          cells={byKey}
        />
        <FiguresTable
          title="Sources de campagne"
          headers={['Source (utm_source)', 'Pages vues', 'Visiteurs']}
          rows={traffic.utm_sources}
          cells={byKey}
        />
        <FiguresTable
          title="Produits commandés sur WhatsApp"
          headers={['Produit', 'Commandes']}
          rows={conversions.whatsapp_orders}
          cells={(row) => [row.name, formatCount(row.count)]}
        />
        <FiguresTable
          title="Offres : clics WhatsApp"
          headers={['Offre', 'Clics']}
          rows={conversions.whatsapp_offers}
          cells={(row) => [row.label, formatCount(row.count)]}
        />
        <FiguresTable
          title="Promotions : clics WhatsApp"
          headers={['Promotion', 'Clics']}
          rows={conversions.whatsapp_promotions}
          cells={(row) => [row.label, formatCount(row.count)]}
        />
        <FiguresTable
          title="Demandes de projet par page"
          headers={['Page', 'Demandes']}
          rows={conversions.requests_by_page}
          cells={(row) => [row.path, formatCount(row.count)]}
        />
        <FiguresTable
          title="Messages par page"
          headers={['Page', 'Messages']}
          rows={conversions.messages_by_page}
          cells={(row) => [row.path, formatCount(row.count)]}
        />
      </div>
    </>
  );
}

/** Said before the first visit was counted (docs/product-rules.md, "The statistics screen"). */
export const NOTHING_COUNTED =
  'Aucune visite n’a encore été comptée. Le comptage commence avec les premières visites du site public : leurs chiffres apparaîtront ici dans la minute qui suit.';

export function Component() {
  const { period } = useStatsPeriod();
  const load = useFigures(period.from, period.to);
  const query = new URLSearchParams({ from: period.from, to: period.to }).toString();
  let body: ReactNode;
  if (load.status === 'loading') body = <Spinner label="Chargement des statistiques" />;
  else if (load.status === 'error')
    body = (
      <p className="admin-panel form-error" role="alert">
        {load.message}
      </p>
    );
  else if (load.figures.traffic.counted_since === null)
    body = <p className="admin-panel stats-empty">{NOTHING_COUNTED}</p>;
  else body = <Report {...load.figures} />;
  return (
    <>
      <PageHeader
        title="Statistiques"
        lead="Fréquentation du site et demandes reçues, comptées sur le serveur sans cookie."
      >
        <CsvExportButton
          path="/admin/stats/export.csv"
          query={query}
          fallbackName="statistiques.csv"
          label="Exporter en CSV"
        />
      </PageHeader>
      <PeriodPicker />
      {body}
    </>
  );
}
