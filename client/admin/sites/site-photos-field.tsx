import { useState, type ChangeEvent } from 'react';
import { formatFileSize } from '#shared/format';
import { siteUpdateMessages } from '#shared/schemas/site-update';
import { SITE_UPDATE_PHOTOS_MAX } from '#shared/site-phases';
import type { AdminSitePhoto } from '#shared/site-updates';
import { FieldFrame, imageFileProblem, useObjectUrl, type AdminFormState } from '#client/admin/kit';
import { PrivatePhoto } from './private-photo';
import { shrinkPhoto } from '#client/lib/shrink-photo';

/**
 * The photos of a site update: those already stored (each can be marked 'Retirer') and new
 * ones chosen from the phone's camera or gallery, previewed before anything is sent, each
 * checked by the kit's imageFileProblem (image, 2 MB); at most 10 in all. The values live in
 * the form (`photos`, `removePhotoIds`) so the dirty tracking sees them.
 */
export interface PhotoValues {
  [key: string]: unknown;
  photos: File[];
  removePhotoIds: number[];
}

function NewPhoto({ file, onRemove }: { file: File; onRemove: () => void }) {
  const url = useObjectUrl(file);
  return (
    <li className="site-photo-choice">
      {url && <img className="site-thumb" src={url} alt={`Aperçu de ${file.name}`} />}
      <span className="field-hint">
        {file.name} ({formatFileSize(file.size)})
      </span>
      <button type="button" className="link-button" onClick={onRemove}>
        Retirer<span className="visually-hidden"> {file.name}</span>
      </button>
    </li>
  );
}

export function SitePhotosField<V extends PhotoValues>({
  form,
  stored,
}: {
  form: AdminFormState<V>;
  stored: readonly AdminSitePhoto[];
}) {
  const { photos, removePhotoIds } = form.values;
  const kept = stored.filter((photo) => !removePhotoIds.includes(photo.id)).length;
  const [preparing, setPreparing] = useState(false);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    if (kept + photos.length + picked.length > SITE_UPDATE_PHOTOS_MAX)
      return form.setFieldError('photos', siteUpdateMessages.tooManyPhotos);
    setPreparing(true);
    const chosen: File[] = [];
    try {
      // One at a time: a phone decodes one large photo in memory at once.
      for (const file of picked) chosen.push(await shrinkPhoto(file));
    } finally {
      setPreparing(false);
    }
    const problem = chosen.map((file) => imageFileProblem(file)).find(Boolean);
    if (problem) return form.setFieldError('photos', problem);
    form.setFieldError('photos', undefined);
    form.setValue('photos', [...photos, ...chosen] as V['photos']);
  }

  function toggleRemoval(id: number, remove: boolean) {
    form.setValue(
      'removePhotoIds',
      (remove
        ? [...removePhotoIds, id]
        : removePhotoIds.filter((other) => other !== id)) as V['removePhotoIds'],
    );
  }

  return (
    <FieldFrame
      form={form}
      name="photos"
      label={`Photos (${kept + photos.length} sur ${SITE_UPDATE_PHOTOS_MAX} au maximum)`}
      hint="JPEG, PNG ou WebP. Une photo de plus de 2 Mo est réduite avant l’envoi ; la position GPS et les autres métadonnées sont retirées."
    >
      {stored.length > 0 && (
        <ul className="site-photo-choices" aria-label="Photos enregistrées">
          {stored.map((photo, i) => (
            <li key={photo.id} className="site-photo-choice">
              <PrivatePhoto
                path={photo.thumbnail}
                alt={`Photo enregistrée ${i + 1}`}
                width={photo.width}
                height={photo.height}
              />
              <label className="field-check">
                <input
                  type="checkbox"
                  checked={removePhotoIds.includes(photo.id)}
                  onChange={(event) => toggleRemoval(photo.id, event.target.checked)}
                />
                <span>Retirer la photo {i + 1}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <input
        id={form.fieldId('photos')}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        onChange={(event) => void choose(event)}
        disabled={preparing}
        aria-invalid={form.errors.photos ? true : undefined}
        aria-describedby={[form.hintId('photos'), form.errors.photos ? form.errorId('photos') : null]
          .filter(Boolean)
          .join(' ')}
      />
      {preparing && (
        <p className="field-hint" role="status">
          Préparation des photos...
        </p>
      )}
      {photos.length > 0 && (
        <ul className="site-photo-choices" aria-label="Nouvelles photos">
          {photos.map((file, i) => (
            <NewPhoto
              key={`${file.name}-${file.size}-${file.lastModified}-${i}`}
              file={file}
              onRemove={() => form.setValue('photos', photos.filter((_, j) => j !== i) as V['photos'])}
            />
          ))}
        </ul>
      )}
    </FieldFrame>
  );
}
