import { mailtoHref } from '#client/lib/contact-links';
import { paths } from '#shared/paths';
import type { LegalText } from '#client/pages/legal/legal-types';

/**
 * Terms of use (product rules, Pages and routes: licence, disclaimer, governed by the law of Benin), with
 * the site's own rules: a project request or a WhatsApp order is not yet a contract.
 */
export const termsSections: LegalText = (site) => [
  {
    id: 'objet',
    title: 'Objet',
    body: (
      <p>
        Les présentes conditions d’utilisation régissent l’accès au site de {site.name} et son utilisation.
        Elles s’appliquent à tout visiteur. En naviguant sur le site, vous les acceptez sans réserve ; si vous
        ne les acceptez pas, nous vous invitons à ne pas utiliser le site.
      </p>
    ),
  },
  {
    id: 'acces',
    title: 'Accès au site',
    body: (
      <p>
        Le site est accessible gratuitement à toute personne disposant d’un accès à Internet ; les frais de
        connexion restent à votre charge. Nous nous efforçons de le maintenir accessible en permanence, mais
        nous pouvons en interrompre l’accès, notamment pour des opérations de maintenance ou de mise à jour,
        sans préavis ni indemnité.
      </p>
    ),
  },
  {
    id: 'services',
    title: 'Services proposés',
    body: (
      <>
        <p>
          Le site présente nos activités (vente de parcelles et de biens immobiliers, conception de projets,
          construction de maisons), nos réalisations, notre catalogue de produits, nos offres et nos
          promotions. Il permet de nous soumettre un projet et de nous contacter.
        </p>
        <ul>
          <li>
            Une demande envoyée par le formulaire « Soumettre un projet » ne vaut ni devis ni contrat : nous
            vous recontactons pour étudier votre besoin, et seul un devis accepté et signé engage les parties.
          </li>
          <li>
            Une commande passée par WhatsApp n’est ferme qu’après confirmation écrite de notre part de la
            disponibilité, du prix et des modalités de livraison ou de retrait.
          </li>
          <li>
            Les prix sont indiqués en francs CFA (F CFA), à titre indicatif et dans la limite des stocks
            disponibles. Les promotions sont valables jusqu’à la date indiquée et dans les conditions qui leur
            sont propres.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'obligations',
    title: 'Vos engagements',
    body: (
      <>
        <p>En utilisant le site, vous vous engagez à :</p>
        <ul>
          <li>fournir des informations exactes et à jour lorsque vous nous soumettez un projet ;</li>
          <li>
            ne transmettre que des fichiers dont vous détenez les droits et qui ne contiennent aucun contenu
            illicite ;
          </li>
          <li>
            ne pas porter atteinte au fonctionnement du site, notamment par l’envoi massif de demandes,
            l’introduction de programmes malveillants ou une tentative d’accès non autorisé à l’espace
            d’administration.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'licence',
    title: 'Propriété intellectuelle et licence d’utilisation',
    body: (
      <>
        <p>
          Le site et l’ensemble de ses contenus (textes, photographies, plans, rendus 3D, logos, graphismes,
          mise en page) sont la propriété de {site.name} ou de ses partenaires et sont protégés par la
          législation béninoise et les conventions internationales relatives à la propriété intellectuelle.
        </p>
        <p>
          Nous vous accordons une licence personnelle, gratuite, non exclusive et non transférable vous
          permettant de consulter le site et d’imprimer ou de télécharger ses contenus pour votre usage privé
          et non commercial. Toute autre reproduction, représentation, modification ou diffusion, totale ou
          partielle, requiert notre autorisation écrite préalable.
        </p>
        <p>
          Vous restez propriétaire des documents que vous nous transmettez. Vous nous autorisez à les utiliser
          pour étudier votre projet et vous répondre, à l’exclusion de tout autre usage.
        </p>
      </>
    ),
  },
  {
    id: 'garantie',
    title: 'Exclusion de garantie',
    body: (
      <p>
        Les informations du site sont fournies à titre indicatif et en l’état. Malgré le soin apporté à leur
        mise à jour, elles peuvent comporter des inexactitudes ou des omissions. Les photographies, plans et
        rendus 3D illustrent nos réalisations et nos offres ; ils n’ont pas de valeur contractuelle. Seuls les
        documents contractuels signés (devis, contrat, bon de commande) font foi.
      </p>
    ),
  },
  {
    id: 'responsabilite',
    title: 'Limitation de responsabilité',
    body: (
      <p>
        {site.name} ne saurait être tenue responsable des dommages directs ou indirects résultant de
        l’utilisation du site, de son indisponibilité, d’un virus ou d’une intrusion frauduleuse d’un tiers,
        ni de l’usage que vous faites des informations qui y figurent. Notre responsabilité au titre de nos
        prestations est régie exclusivement par les contrats conclus avec nos clients.
      </p>
    ),
  },
  {
    id: 'liens',
    title: 'Liens vers d’autres sites',
    body: (
      <p>
        Le site contient des liens vers des services tiers (WhatsApp, réseaux sociaux, service de
        cartographie). Nous n’exerçons aucun contrôle sur ces services et déclinons toute responsabilité quant
        à leur contenu et à leurs pratiques en matière de données personnelles.
      </p>
    ),
  },
  {
    id: 'donnees',
    title: 'Données personnelles',
    body: (
      <p>
        Le traitement de vos données personnelles est décrit dans notre{' '}
        <a href={paths.privacy}>politique de confidentialité</a>.
      </p>
    ),
  },
  {
    id: 'modification',
    title: 'Modification des conditions',
    body: (
      <p>
        Nous pouvons modifier les présentes conditions à tout moment. Les conditions applicables sont celles
        en vigueur à la date de votre visite ; la date de dernière mise à jour figure en haut de cette page.
      </p>
    ),
  },
  {
    id: 'droit-applicable',
    title: 'Droit applicable et juridiction compétente',
    body: (
      <p>
        Les présentes conditions sont régies par le droit de la République du Bénin. En cas de litige relatif
        à l’utilisation du site, nous vous invitons à nous contacter d’abord à{' '}
        <a href={mailtoHref(site.email)}>{site.email}</a> afin de rechercher une solution amiable. À défaut
        d’accord, le litige sera porté devant les juridictions compétentes de Cotonou.
      </p>
    ),
  },
];
