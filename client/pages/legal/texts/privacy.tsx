import { mailtoHref } from '#client/lib/contact-links';
import { paths } from '#shared/paths';
import type { LegalText } from '#client/pages/legal/legal-types';

/**
 * Privacy policy (product rules, Pages and routes: data collection, use, protection, unsubscribe, consent),
 * written for this site as it works: the project form and WhatsApp are the only ways data
 * comes in, the public site sets no cookie, and its audience is counted without keeping anything
 * personal (docs/decisions/0043-audience-counting.md). Framework: Benin's digital code (Livre V).
 */
export const privacySections: LegalText = (site) => [
  {
    id: 'responsable',
    title: 'Responsable du traitement',
    body: (
      <>
        <p>
          Le responsable du traitement des données personnelles collectées sur ce site est {site.name}, dont
          le siège est situé {site.address}. Pour toute question relative à vos données, écrivez-nous à{' '}
          <a href={mailtoHref(site.email, 'Données personnelles')}>{site.email}</a>.
        </p>
        <p>
          Les traitements décrits ci-dessous sont mis en œuvre conformément à la loi n° 2017-20 du 20 avril
          2018 portant code du numérique en République du Bénin, notamment son livre cinquième relatif à la
          protection des données à caractère personnel.
        </p>
      </>
    ),
  },
  {
    id: 'donnees-collectees',
    title: 'Données collectées',
    body: (
      <>
        <p>Nous ne collectons que les données que vous nous transmettez vous-même :</p>
        <ul>
          <li>
            <strong>par le formulaire « Soumettre un projet »</strong> : prénom, nom, adresse e-mail, numéro
            de téléphone, entreprise (facultatif), titre, type et localisation du projet, date de démarrage
            souhaitée (facultative), budget, description du projet et fichiers joints (plans, photos,
            documents) ;
          </li>
          <li>
            <strong>par WhatsApp</strong> : votre numéro de téléphone, votre nom de profil et le contenu des
            messages que vous nous envoyez, par exemple lors d’une commande de produit ou d’une demande
            d’information ;
          </li>
          <li>
            <strong>par e-mail ou par téléphone</strong> : les coordonnées et informations que vous choisissez
            de nous communiquer.
          </li>
        </ul>
        <p>
          Pour assurer la sécurité du site, notre serveur enregistre aussi des journaux techniques (adresse
          IP, date et heure, page demandée, type de navigateur). Ils ne servent à aucune autre fin.
        </p>
      </>
    ),
  },
  {
    id: 'utilisation',
    title: 'Utilisation de vos données',
    body: (
      <>
        <p>Vos données servent uniquement à :</p>
        <ul>
          <li>étudier votre projet, vous recontacter et établir un devis ;</li>
          <li>traiter vos commandes de produits et répondre à vos demandes d’information ;</li>
          <li>assurer le suivi de nos prestations lorsque vous devenez client ;</li>
          <li>vous informer de nos offres et promotions, seulement si vous l’avez accepté ;</li>
          <li>protéger le site contre les abus et les attaques.</li>
        </ul>
        <p>
          Ces traitements reposent sur votre consentement, sur les mesures précontractuelles prises à votre
          demande (devis, étude de projet) et sur notre intérêt légitime à sécuriser le site. Vos données ne
          sont jamais vendues ni louées.
        </p>
      </>
    ),
  },
  {
    id: 'destinataires',
    title: 'Destinataires',
    body: (
      <>
        <p>
          Seuls les membres habilités de notre équipe accèdent à vos données, dans la limite de ce qui est
          nécessaire à leur mission. Notre hébergeur les conserve pour notre compte, sans pouvoir les utiliser
          à d’autres fins.
        </p>
        <p>
          Lorsque vous choisissez de nous écrire sur WhatsApp, vos messages transitent par ce service, édité
          par Meta, et sont soumis à ses propres conditions. Si des données devaient être hébergées hors du
          Bénin, ce transfert serait encadré dans les conditions prévues par le code du numérique.
        </p>
      </>
    ),
  },
  {
    id: 'protection',
    title: 'Protection de vos données',
    body: (
      <>
        <p>Nous prenons des mesures techniques et organisationnelles adaptées pour protéger vos données :</p>
        <ul>
          <li>échanges chiffrés entre votre navigateur et notre serveur ;</li>
          <li>espace d’administration réservé aux personnes habilitées, protégé par mot de passe ;</li>
          <li>fichiers joints à vos projets conservés dans un espace privé, jamais publiés sur le site ;</li>
          <li>mots de passe chiffrés et tentatives de connexion limitées.</li>
        </ul>
        <p>
          En cas de violation de données susceptible d’engendrer un risque pour vos droits, nous en
          informerons l’autorité de contrôle et, le cas échéant, les personnes concernées.
        </p>
      </>
    ),
  },
  {
    id: 'conservation',
    title: 'Durée de conservation',
    body: (
      <ul>
        <li>
          Demandes de projet et échanges sans suite : trois ans à compter de notre dernier contact, puis
          suppression.
        </li>
        <li>
          Données des clients : pendant toute la durée de la relation contractuelle, puis pendant les délais
          de prescription légaux applicables, notamment la garantie décennale des constructeurs.
        </li>
        <li>Journaux techniques : six mois au plus.</li>
      </ul>
    ),
  },
  {
    id: 'droits',
    title: 'Vos droits',
    body: (
      <>
        <p>Vous disposez à tout moment des droits suivants sur vos données :</p>
        <ul>
          <li>droit d’accès : savoir quelles données nous détenons et en obtenir une copie ;</li>
          <li>droit de rectification : faire corriger des données inexactes ou incomplètes ;</li>
          <li>
            droit de suppression : obtenir l’effacement de vos données, sauf obligation légale de les
            conserver ;
          </li>
          <li>
            droit d’opposition : vous opposer à un traitement, notamment à toute prospection commerciale.
          </li>
        </ul>
        <p>
          Pour exercer ces droits, écrivez-nous à{' '}
          <a href={mailtoHref(site.email, 'Exercice de mes droits')}>{site.email}</a> ou par courrier à
          l’adresse de notre siège, en joignant un justificatif d’identité. Nous vous répondons dans un délai
          d’un mois. Si vous estimez que vos droits ne sont pas respectés, vous pouvez saisir l’Autorité de
          Protection des Données à caractère Personnel (APDP) du Bénin.
        </p>
      </>
    ),
  },
  {
    id: 'desinscription',
    title: 'Désinscription',
    body: (
      <p>
        Si vous avez accepté de recevoir nos offres et promotions, vous pouvez vous désinscrire à tout moment,
        sans frais et sans justification : répondez « STOP » au message WhatsApp reçu ou écrivez-nous à{' '}
        <a href={mailtoHref(site.email, 'Désinscription')}>{site.email}</a>. Votre demande est prise en compte
        dans un délai de sept jours.
      </p>
    ),
  },
  {
    id: 'consentement',
    title: 'Consentement',
    body: (
      <p>
        En soumettant le formulaire de projet ou en nous écrivant, vous consentez au traitement de vos données
        pour les finalités décrites ci-dessus. Vous pouvez retirer votre consentement à tout moment, dans les
        mêmes conditions que la désinscription ; ce retrait ne remet pas en cause les traitements déjà
        effectués.
      </p>
    ),
  },
  {
    id: 'mesure-audience',
    title: 'Mesure d’audience',
    body: (
      <>
        <p>
          Pour savoir quelles pages sont utiles, notre serveur compte lui-même les visites, sans cookie, sans
          script et sans service extérieur. Il compte, jour par jour : les pages vues et le nombre de
          visiteurs, le site d’où vous venez (un moteur de recherche, Facebook, WhatsApp, Instagram, un autre
          site ou un accès direct), le nom de la campagne indiqué dans le lien suivi, le type d’appareil
          (téléphone, tablette ou ordinateur), les clics sur nos boutons WhatsApp et les formulaires envoyés
          depuis chaque page.
        </p>
        <p>
          Aucune donnée personnelle n’est conservée : ni votre adresse IP, ni votre navigateur, ni aucun
          identifiant. Pour ne compter qu’une fois un visiteur dans la journée, le serveur calcule une
          empreinte de votre adresse IP et de votre navigateur, mélangée à une valeur aléatoire qui change
          chaque jour ; cette valeur et ces empreintes sont effacées à la fin de la journée, après quoi plus
          rien ne permet de relier les chiffres à une personne. Seuls des totaux sont gardés.
        </p>
        <p>
          Si votre navigateur demande de ne pas être suivi (réglage « Do Not Track » ou « Global Privacy
          Control »), vos visites ne sont pas comptées du tout.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>
          Le site public ne dépose aucun cookie et n’utilise aucun outil de publicité ni de mesure d’audience
          extérieur : la mesure décrite ci-dessus se fait sans cookie. Aucune bannière de consentement n’est
          donc nécessaire.
        </p>
        <p>
          La carte de la page <a href={paths.contact}>Contact</a> est fournie par un service externe : elle ne
          se charge que si vous cliquez sur « Afficher la carte ». Ce service peut alors déposer ses propres
          cookies, selon sa politique de confidentialité. L’espace d’administration, réservé à notre équipe,
          conserve la session de connexion dans le navigateur de l’administrateur.
        </p>
      </>
    ),
  },
  {
    id: 'modifications',
    title: 'Modifications',
    body: (
      <p>
        Nous pouvons mettre à jour la présente politique pour tenir compte de l’évolution du site ou de la
        réglementation. La date de dernière mise à jour figure en haut de cette page.
      </p>
    ),
  },
];
