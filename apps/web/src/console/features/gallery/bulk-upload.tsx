import type { AdminSeries, UploadPreview, UploadResult } from '@kaijiang/domain';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { errorText } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { useReauth } from '../../shared/reauth';
import { useCommitUploadMutation } from './gallery-api';
import { previewUpload } from './upload-preview-call';
import { UploadPreviewTable } from './upload-preview-table';
import {
  addToSelection,
  formatSize,
  selectionProblem,
  summarize,
  totalBytes,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
} from './upload-selection';

/**
 * Bulk upload into a series: pick a folder, pictures or a zip named by issue; the server's
 * preview shows where each file goes; 保存 commits exactly that preview (its token). A failed
 * call keeps the selection and the preview, so nothing is picked again.
 */
export function BulkUpload({ series, onClose }: { series: AdminSeries; onClose: () => void }) {
  const t = useT();
  const { guard } = useReauth();
  const [files, setFiles] = useState<File[]>([]);
  const [preview, setPreview] = useState<UploadPreview | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [result, setResult] = useState<UploadResult | null>(null);
  const [commit, committing] = useCommitUploadMutation();
  const abort = useRef<AbortController | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // A folder picker: React renders no `webkitdirectory` prop, so the attribute is set here.
  const folder = useRef<HTMLInputElement>(null);
  useEffect(() => folder.current?.setAttribute('webkitdirectory', ''), []);
  useEffect(() => () => abort.current?.abort(), []);

  const problem = selectionProblem(files);
  const busy = sent !== null || committing.isLoading;
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const more = [...(e.currentTarget.files ?? [])];
    // Emptied so the same folder can be picked again after a change on disk.
    e.currentTarget.value = '';
    if (more.length === 0) return;
    setFiles((kept) => addToSelection(kept, more));
    setPreview(null);
    setResult(null);
    setFailure(null);
  };
  const ask = async () => {
    setFailure(null);
    setResult(null);
    setSent(0);
    abort.current = new AbortController();
    const signal = abort.current.signal;
    try {
      setPreview(await guard(() => previewUpload(series.id, files, setSent, signal)));
    } catch (err) {
      if (!signal.aborted) setFailure(err);
    } finally {
      setSent(null);
    }
  };
  const save = async () => {
    if (!preview) return;
    setFailure(null);
    try {
      const r = await guard(() => commit({ id: series.id, token: preview.token }).unwrap());
      setResult(r);
      setFiles([]);
      setPreview(null);
    } catch (err) {
      setFailure(err);
    }
  };
  const toSave = preview ? summarize(preview).ok : 0;

  return (
    <section className="cs-card" aria-labelledby="cs-bulk-upload">
      <div className="cs-heading-row">
        <h2 id="cs-bulk-upload" ref={heading} tabIndex={-1}>
          {t('gallery.uploadTitle', { name: series.name })}
        </h2>
        <button type="button" className="cs-button" onClick={onClose}>
          {t('gallery.close')}
        </button>
      </div>
      <p className="cs-muted" id="cs-upload-help">
        {t('gallery.uploadHelp')}
      </p>
      <div className="cs-upload-pickers">
        <div className="cs-field">
          <label htmlFor="cs-upload-folder">{t('gallery.pickFolder')}</label>
          <input
            id="cs-upload-folder"
            type="file"
            multiple
            disabled={busy}
            aria-describedby="cs-upload-help"
            ref={folder}
            onChange={pick}
          />
        </div>
        <div className="cs-field">
          <label htmlFor="cs-upload-files">{t('gallery.pickFiles')}</label>
          <input
            id="cs-upload-files"
            type="file"
            multiple
            accept="image/*,.zip,application/zip"
            disabled={busy}
            aria-describedby="cs-upload-help"
            onChange={pick}
          />
        </div>
      </div>
      {files.length > 0 && (
        <div className="cs-row-actions">
          <span aria-live="polite">
            {t('gallery.selected', { n: files.length, size: formatSize(totalBytes(files)) })}
          </span>
          <button
            type="button"
            className="cs-button"
            disabled={busy}
            onClick={() => {
              setFiles([]);
              setPreview(null);
              setFailure(null);
            }}
          >
            {t('gallery.clear')}
          </button>
          <button
            type="button"
            className="cs-button cs-button--primary"
            disabled={busy || problem !== null}
            onClick={() => void ask()}
          >
            {t('gallery.preview')}
          </button>
        </div>
      )}
      {problem && (
        <p className="cs-form-error" role="alert">
          {problem.kind === 'tooMany'
            ? t('gallery.tooMany', { max: UPLOAD_MAX_FILES, n: problem.n })
            : t('gallery.tooLarge', {
                max: formatSize(UPLOAD_MAX_BYTES),
                size: formatSize(problem.bytes),
              })}
        </p>
      )}
      {sent !== null && (
        <div className="cs-upload-progress" role="status">
          <label htmlFor="cs-upload-progress">
            {sent < 1
              ? // Said in steps of ten: a live region read at every percent drowns a screen reader.
                t('gallery.sending', { pct: Math.floor(sent * 10) * 10 })
              : t('gallery.checking')}
          </label>
          <progress id="cs-upload-progress" max={1} value={sent < 1 ? sent : undefined} />
        </div>
      )}
      {Boolean(failure) && (
        <div className="cs-form-error" role="alert">
          <p>{errorText(failure, t)}</p>
          {files.length > 0 && <p>{t('gallery.keepSelection')}</p>}
        </div>
      )}
      {result && (
        <p className="cs-ok" role="status">
          {t('gallery.result', {
            saved: result.saved,
            n: result.issues.length,
            // A year's upload names its first few issues, not a screenful of them.
            issues: result.issues.slice(0, 10).join('、') + (result.issues.length > 10 ? ' …' : ''),
          })}
        </p>
      )}
      {preview && (
        <>
          <UploadPreviewTable preview={preview} />
          <div className="cs-row-actions">
            <button
              type="button"
              className="cs-button cs-button--primary"
              disabled={busy || toSave === 0}
              onClick={() => void save()}
            >
              {committing.isLoading
                ? t('gallery.committing')
                : toSave === 0
                  ? t('gallery.nothingToSave')
                  : t('gallery.commit', { n: toSave })}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
