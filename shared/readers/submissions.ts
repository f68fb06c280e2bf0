import type { SubmissionDraft } from '#shared/submission-outcome';
/**
 * What the submit page reads after a form posted without JavaScript: the request it has
 * just stored, for the confirmation that replaces the form (docs/product-rules.md,
 * "Confirmation of a request"). Only the holder of the signed receipt the server put in
 * the redirect can read it, for a short while.
 */
export interface SubmissionReceipt {
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  projectTitle: string;
  projectType: string;
  budget: string;
  location: string;
  /** `YYYY-MM-DD`, or null when the visitor gave none. */
  startDate: string | null;
  attachments: { name: string; size: number }[];
  /** The private tracking link (docs/product-rules.md, "Tracking link"), null when unknown or replaced since. */
  trackingUrl: string | null;
}

export interface SubmissionsReader {
  /** The request a receipt names, or null when the receipt is forged, expired or its request gone. */
  submissionReceipt(receipt: string): Promise<SubmissionReceipt | null>;
  /** What a refused form without JavaScript held, under the token of its redirect; null once gone. */
  submissionDraft(token: string): Promise<SubmissionDraft | null>;
}
