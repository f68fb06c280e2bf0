/**
 * The sharing card of pages without a picture of their own (public/og-default.jpg, made by
 * server/features/seo/make-sharing-image.ts). Its size is announced so that WhatsApp and
 * Facebook draw the large card on the first share, before they have fetched the image.
 */
export const SHARING_IMAGE = { path: '/og-default.jpg', width: 1200, height: 630 } as const;
