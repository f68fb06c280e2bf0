import { mailtoHref, phoneText, telHref } from '#client/lib/contact-links';
import { paths } from '#shared/paths';
import type { LegalText } from '#client/pages/legal/legal-types';

/**
 * The legal notices (docs/product-rules.md, "Pages and routes", "Limits and constants" and
 * "Identity and content"): a share capital of 10,000,000 FCFA, and the identifiers of the
 * site settings (RCCM, IFU, publication director, host). One left unset reads
 * "communiqué sur demande" rather than an invented number, and the system diagnostic
 * warns until it is set.
 */
export const SHARE_CAPITAL = '10 000 000 FCFA';
const ON_REQUEST = 'communiqué sur demande';

export const legalNoticesSections: LegalText = (site) => [
  {
    id: 'editeur',
    title: 'Éditeur du site',
    body: (
      <dl className="facts">
        <dt>Dénomination</dt>
        <dd>{site.name}</dd>
        <dt>Forme juridique</dt>
        <dd>
          Société commerciale de droit béninois, régie par l’Acte uniforme OHADA relatif au droit des sociétés
          commerciales
        </dd>
        <dt>Capital social</dt>
        <dd>{SHARE_CAPITAL}</dd>
        <dt>Siège social</dt>
        <dd>{site.address}</dd>
        <dt>RCCM</dt>
        <dd>
          Numéro d’immatriculation au Registre du commerce et du crédit mobilier :{' '}
          {site.legal.rccm ?? ON_REQUEST}
        </dd>
        <dt>IFU</dt>
        <dd>Identifiant fiscal unique : {site.legal.ifu ?? ON_REQUEST}</dd>
        <dt>Téléphone</dt>
        <dd>
          {site.phones.map((phone, index) => (
            <span key={phone}>
              {index > 0 && ' · '}
              <a href={telHref(phone)}>{phoneText(phone)}</a>
            </span>
          ))}
        </dd>
        <dt>E-mail</dt>
        <dd>
          <a href={mailtoHref(site.email)}>{site.email}</a>
        </dd>
      </dl>
    ),
  },
  {
    id: 'directeur-publication',
    title: 'Directeur de la publication',
    body: (
      <p>
        {site.legal.publicationDirector ? (
          <>
            Le directeur de la publication est {site.legal.publicationDirector}, représentant légal de{' '}
            {site.name}
          </>
        ) : (
          <>Le directeur de la publication est le représentant légal de {site.name}</>
        )}
        , joignable à l’adresse{' '}
        <a href={mailtoHref(site.email, 'Directeur de la publication')}>{site.email}</a>.
      </p>
    ),
  },
  {
    id: 'hebergement',
    title: 'Hébergement',
    body: site.legal.hostName ? (
      <dl className="facts">
        <dt>Hébergeur</dt>
        <dd>{site.legal.hostName}</dd>
        <dt>Adresse</dt>
        <dd>{site.legal.hostAddress ?? ON_REQUEST}</dd>
      </dl>
    ) : (
      <p>
        Le site est hébergé par un prestataire professionnel d’hébergement. Sa dénomination et ses coordonnées
        sont communiquées sur simple demande adressée à{' '}
        <a href={mailtoHref(site.email, 'Hébergement du site')}>{site.email}</a>.
      </p>
    ),
  },
  {
    id: 'propriete-intellectuelle',
    title: 'Propriété intellectuelle',
    body: (
      <p>
        L’ensemble des contenus du site (textes, photographies, plans, rendus 3D, logos) est la propriété de{' '}
        {site.name} ou de ses partenaires. Toute reproduction sans autorisation écrite préalable est
        interdite, dans les conditions précisées par nos <a href={paths.terms}>conditions d’utilisation</a>.
      </p>
    ),
  },
  {
    id: 'donnees-personnelles',
    title: 'Données personnelles',
    body: (
      <p>
        Les données collectées sur le site sont traitées conformément à la loi n° 2017-20 du 20 avril 2018
        portant code du numérique en République du Bénin. Le détail des traitements et de vos droits figure
        dans notre <a href={paths.privacy}>politique de confidentialité</a>. L’autorité de contrôle compétente
        est l’Autorité de Protection des Données à caractère Personnel (APDP).
      </p>
    ),
  },
  {
    id: 'droit-applicable',
    title: 'Droit applicable',
    body: (
      <p>
        Le site et les présentes mentions sont soumis au droit de la République du Bénin. Tout litige relève
        des juridictions compétentes de Cotonou.
      </p>
    ),
  },
];
