/**
 * The diagnostics' words (product rules, Messages and errors; product rules, Roles and access, token diagnostic), in
 * one place. A '…' ends a sentence the product rules quote cut short: the screens show it as is and
 * put the reason on the line below.
 */
export const healthMessages = {
  connected: (status: string, environment: string) =>
    `Connexion réussie. Statut API: ${status}, environnement: ${environment}`,
  httpError: (status: number, text: string) => `Erreur HTTP: ${status} ${text}`.trimEnd(),
  /** The API status check: the server itself is slow. */
  connectionTimeout: 'La connexion a expiré: le serveur met trop de temps à répondre',
  connectionNetwork: 'Erreur réseau: le serveur est peut-être inaccessible',
  /** Any other diagnostic request (image service, image HEAD). */
  requestTimeout: 'La requête a expiré (délai dépassé)',
  requestNetwork: 'Erreur réseau (serveur inaccessible)',
} as const;

export const imageCheckMessages = {
  accessError: "Erreur lors de l'accès à l'image…",
  notAnImage: "La ressource n'est pas une image",
  noPath: "Aucun chemin d'image fourni",
  accessible: (type: string) => `Image accessible (${type})`,
} as const;

export const tokenMessages = {
  missing: "Aucun token d'authentification trouvé",
  malformed: 'Format de token invalide',
  expired: 'Token expiré',
  valid: 'Token valide',
  unreadable: 'Impossible de lire le contenu du token',
} as const;

export const screenMessages = {
  httpError: (status: number) => `Erreur HTTP: ${status}`,
  diagnosticFailed: 'Impossible de récupérer le diagnostic…',
  imagesFailed: 'Impossible de récupérer la liste des images…',
  repaired: 'Réparation du stockage effectuée avec succès',
  repairFailed: (message: string) => `Impossible de réparer le stockage: ${message}`,
  urlCopied: 'URL copiée',
  copyFailed: "Impossible de copier l'URL",
} as const;

/** The auth diagnostic is in English (product rules, Identity and content). */
export const authDiagnosticMessages = {
  noToken: 'No authentication token found. Please log in first.',
  verificationFailed: 'Authentication verification failed',
  unknownApiError: 'Unknown error checking API',
  unknownImageError: 'Unknown error checking image service',
} as const;
