import { DESCRIPTION_MAX } from '#shared/schemas/fields';
import { SUBMISSION_FIELD_KEYS } from '#shared/submission-outcome';
import { draftStore } from '#server/http/refused-drafts';

/**
 * What a visitor without JavaScript typed in a refused project request, for the page the
 * browser is sent back to (docs/product-rules.md, "Confirmation of a request"; the contact
 * form does the same, docs/decisions/0019-contact-form-drafts-and-csv-exports.md). The
 * longest field is the description. The files are not kept: the visitor chooses them again.
 */
export const refusedSubmissionDrafts = draftStore({
  keys: SUBMISSION_FIELD_KEYS,
  valueMax: DESCRIPTION_MAX + 100,
});
