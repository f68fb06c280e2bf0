import { resumableUpload } from '#client/lib/resumable-upload';
import type { PhotoSender } from './site-update-queue';

/**
 * A queued site photo sent as a resumable upload (docs/decisions/0045-resumable-uploads.md)
 * with the staff's token, resumed from its kept address when it has one; the screen hears
 * its share and a dropped connection.
 */
export const sendSitePhoto: PhotoSender = (photo, token, { onUploadUrl, onState }) => {
  let lost = false;
  let share = 0;
  return resumableUpload(new File([photo.blob], photo.name, { type: photo.type }), {
    purpose: 'site_update',
    token,
    uploadUrl: photo.uploadUrl ?? null,
    onUploadUrl,
    onProgress: (next) => {
      share = next;
      onState({ share, lost });
    },
    onConnectionLost: () => {
      lost = true;
      onState({ share, lost });
    },
    onResumed: () => {
      lost = false;
      onState({ share, lost });
    },
  });
};
