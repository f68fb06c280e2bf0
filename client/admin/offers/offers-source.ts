import { ApiError } from '#client/lib/api-client';

/** Product rules, Messages and errors. */
export const OFFERS_LOAD_ERROR = 'Erreur lors du chargement des offres';

/** The server's message, or the product rules' sentence when there is none (network failure). */
export const offersLoadError = (failure: unknown) =>
  failure instanceof ApiError && failure.message ? failure.message : OFFERS_LOAD_ERROR;
