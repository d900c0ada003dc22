import type { GalleryPicture } from '@kaijiang/domain';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { errorText } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { GALLERY_SET_MAX } from './gallery-api';
import { imageSrc, useUploadImageMutation } from './news-api';

/**
 * An issue's pictures in order, edited in place: upload several at once (appended in the order
 * chosen), move one up or down, give it a caption, remove it. Buttons rather than drag and drop,
 * so a keyboard and a screen reader can reorder too; the move is announced.
 */
export function PictureSetField({
  id,
  pictures,
  onChange,
}: {
  id: string;
  pictures: GalleryPicture[];
  onChange: Dispatch<SetStateAction<GalleryPicture[]>>;
}) {
  const t = useT();
  const [upload, uploading] = useUploadImageMutation();
  const [said, setSaid] = useState('');
  const [tooMany, setTooMany] = useState(false);
  const move = (from: number, to: number) => {
    const next = [...pictures];
    const [p] = next.splice(from, 1);
    next.splice(to, 0, p!);
    onChange(next);
    setSaid(t('gallery.moved', { from: from + 1, to: to + 1 }));
  };
  const add = async (files: File[]) => {
    setTooMany(pictures.length + files.length > GALLERY_SET_MAX);
    for (const file of files.slice(0, Math.max(0, GALLERY_SET_MAX - pictures.length))) {
      const r = await upload(file);
      if (!('data' in r) || !r.data) break;
      const added = { image: r.data.path, thumb: '', caption: '' };
      // Appended to the list as it is then: a caption typed during the upload stays.
      onChange((now) => (now.length >= GALLERY_SET_MAX ? now : [...now, added]));
    }
  };
  return (
    <div className="cs-field">
      <label htmlFor={`${id}-files`}>{t('gallery.pictures')}</label>
      {pictures.length > 0 && (
        <ol className="cs-picture-set" aria-label={t('gallery.setLabel')}>
          {pictures.map((p, i) => (
            <li key={`${i}-${p.image}`} className="cs-picture-set__item">
              <img src={imageSrc(p.thumb || p.image)} alt="" />
              <div className="cs-picture-set__body">
                <span className="cs-picture-set__n">
                  {i + 1}
                  {i === 0 && <span className="cs-tag">{t('gallery.cover')}</span>}
                </span>
                <input
                  aria-label={t('gallery.caption', { n: i + 1 })}
                  maxLength={200}
                  value={p.caption}
                  onChange={(e) => {
                    const caption = e.currentTarget.value;
                    onChange(pictures.map((q, k) => (k === i ? { ...q, caption } : q)));
                  }}
                />
                <div className="cs-row-actions">
                  <button
                    type="button"
                    className="cs-button"
                    aria-label={t('gallery.up', { n: i + 1 })}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="cs-button"
                    aria-label={t('gallery.down', { n: i + 1 })}
                    disabled={i === pictures.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="cs-button"
                    aria-label={t('gallery.remove', { n: i + 1 })}
                    onClick={() => onChange(pictures.filter((_, k) => k !== i))}
                  >
                    ✕
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p className="cs-visually-hidden" role="status">
        {said}
      </p>
      <input
        id={`${id}-files`}
        type="file"
        multiple
        accept="image/png,image/jpeg,image/webp,image/gif"
        disabled={uploading.isLoading || pictures.length >= GALLERY_SET_MAX}
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          void add(files);
        }}
      />
      {uploading.isLoading && <p role="status">{t('news.uploading')}</p>}
      {tooMany && <p className="cs-form-error">{t('gallery.max', { max: GALLERY_SET_MAX })}</p>}
      {uploading.error && (
        <p className="cs-form-error" role="alert">
          {errorText(uploading.error, t)}
        </p>
      )}
    </div>
  );
}
