import type { TestimonialInput } from '#shared/schemas/testimonial';
import type { Testimonial } from '#shared/types';
import { appendPublication, publishAtInput } from '#client/admin/kit/publication-values';

/**
 * What the testimonial form holds and how it goes to the API (docs/product-rules.md,
 * "Testimonials": client name, town, project type, text, date, published, optional photo,
 * as form data). Pure functions.
 */
export type TestimonialFormValues = {
  clientName: string;
  town: string;
  projectType: string;
  text: string;
  date: string;
  published: boolean;
  /** 'YYYY-MM-DDTHH:MM' in Cotonou, '' for as soon as published. */
  publish_at: string;
  photo: File | null;
  /** Edit only: take the stored photo away. */
  remove_photo: boolean;
};

/** A new testimonial is dated today and waits, unpublished, until the staff publish it. */
export function emptyTestimonial(today: string): TestimonialFormValues {
  return {
    clientName: '',
    town: '',
    projectType: '',
    text: '',
    date: today,
    published: false,
    publish_at: '',
    photo: null,
    remove_photo: false,
  };
}

export function testimonialToValues(testimonial: Testimonial): TestimonialFormValues {
  return {
    clientName: testimonial.clientName,
    town: testimonial.town,
    projectType: testimonial.projectType,
    text: testimonial.text,
    date: testimonial.date,
    published: testimonial.published,
    publish_at: publishAtInput(testimonial.publish_at),
    photo: null,
    remove_photo: false,
  };
}

/** The request body from the schema's output; an update carries `_method=PUT` (product rules, API). */
export function toTestimonialFormData(
  data: TestimonialInput,
  values: TestimonialFormValues,
  editing: boolean,
): FormData {
  const body = new FormData();
  if (editing) body.append('_method', 'PUT');
  body.append('clientName', data.clientName);
  body.append('town', data.town);
  body.append('projectType', data.projectType);
  body.append('text', data.text);
  body.append('date', data.date);
  // Always sent: an unticked box takes the testimonial off the site.
  body.append('published', data.published ? '1' : '0');
  // The state is `published`: only the moment goes (docs/product-rules.md, "Drafts and scheduled publishing").
  appendPublication(body, { publish_at: values.publish_at });
  if (values.photo instanceof File) body.append('photo', values.photo);
  else if (editing && values.remove_photo) body.append('remove_photo', '1');
  return body;
}
