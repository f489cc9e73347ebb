/**
 * "Importar catálogo" (issue 6): an admin uploads a JSON, CSV or XLSX catalogue from the panel and
 * follows the import live, then reads its report. Parts in the file are inserted or updated by
 * part number; parts not in the file are left as they are (only the ERP sync deactivates).
 */
import { FileUp, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { MAX_UPLOAD_BYTES } from '../../../../shared/admin.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useZodForm } from '../../../lib/form.ts';
import { formatMegabytes } from '../../../lib/format.ts';
import { catalogueFileFormSchema, useCatalogueJob, useUploadCatalogue } from '../jobs-api.ts';
import { CatalogueJobStatus } from './catalogue-job-status.tsx';
import { ColumnMapping, type MappingState } from './column-mapping.tsx';
import { ApplyPreview } from './import-preview.tsx';
import { UndoLastImport } from './undo-last-import.tsx';

/** File types offered by the picker; the server detects the format by content. */
export const CATALOGUE_FILE_ACCEPT = '.json,.csv,.xlsx';

const NO_MAPPING: MappingState = { assignments: null, problem: null };

/**
 * The header button and its dialog. The job is followed here, outside the dialog, so closing the
 * dialog during an import still refreshes the catalogue when it ends.
 */
export function ImportCatalogueButton() {
  const [open, setOpen] = useState(false);
  const tracker = useCatalogueJob({ enabled: open });
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex h-9 items-center gap-2 rounded-md border border-white/40 px-3 text-sm font-medium hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <FileUp aria-hidden="true" className="size-4" />
        Importar catálogo
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Importar catálogo"
        description="Suba un archivo JSON, CSV o XLSX: primero verá qué cambiaría y luego podrá aplicarlo. Los productos del archivo se agregan o actualizan por código; los demás no cambian. Los datos editados a mano se conservan."
        size="lg"
        hideCloseButton
      >
        <ImportCatalogueForm tracker={tracker} onClose={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function ImportCatalogueForm({ tracker, onClose }: { tracker: ReturnType<typeof useCatalogueJob>; onClose: () => void }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const sourceId = `${inputId}-source`;
  const errorId = `${inputId}-error`;
  const {
    handleSubmit,
    setValue,
    resetField,
    control,
    formState: { errors },
  } = useZodForm(catalogueFileFormSchema, { mode: 'onChange' });
  const file = useWatch({ control, name: 'file' });
  const upload = useUploadCatalogue(tracker.follow);
  const problem = file ? (errors.file?.message ?? null) : null;
  const busy = upload.isPending || tracker.running;
  // The column-mapping step (issue 17 item 1): what it chose, and what the preview was run with.
  const [fileKey, setFileKey] = useState(0);
  const [mapping, setMapping] = useState<MappingState>(NO_MAPPING);
  const [previewed, setPreviewed] = useState<MappingState['assignments']>(null);
  // The file the preview was asked for: "Aplicar" applies only that one (docs/product.md §11.4).
  const [previewedFile, setPreviewedFile] = useState<File | null>(null);
  // The supplier's name (docs/product.md §11.4): two suppliers' `products.json` are two sources.
  const [source, setSource] = useState('');
  const [previewedSource, setPreviewedSource] = useState<string | undefined>(undefined);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (chosen) setValue('file', chosen, { shouldValidate: true });
    else resetField('file');
    upload.reset();
    setFileKey((k) => k + 1);
    setMapping(NO_MAPPING);
  };
  // "Vista previa" first: nothing changes until the preview's "Aplicar importación" (docs/product.md §11.4).
  const submit = handleSubmit(({ file: chosen }) => {
    if (busy || mapping.problem) return;
    setPreviewed(mapping.assignments);
    setPreviewedFile(chosen);
    const named = source.trim() || undefined;
    setPreviewedSource(named);
    upload.mutate({ file: chosen, run: { dryRun: true, mapping: mapping.assignments ?? undefined, source: named } });
  });
  const job = tracker.job;
  const preview = job?.status === 'done' && job.kind === 'upload' && job.report?.dryRun ? job.report : null;

  return (
    <div className="grid grid-cols-1 gap-4">
      <form onSubmit={submit} className="grid gap-3">
        <div className="grid gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
            Archivo
          </label>
          <input
            id={inputId}
            type="file"
            accept={CATALOGUE_FILE_ACCEPT}
            onChange={choose}
            disabled={busy}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
            className="block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:h-10 file:border-0 file:bg-slate-100 file:px-3 file:font-medium file:text-slate-800 hover:file:bg-slate-200 disabled:opacity-60"
          />
          <p id={hintId} className="text-xs text-slate-500">
            JSON, CSV o XLSX, hasta {formatMegabytes(MAX_UPLOAD_BYTES)}.
          </p>
          {problem ? (
            <p id={errorId} role="alert" className="text-sm text-accent-700">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="grid gap-1">
          <label htmlFor={sourceId} className="text-sm font-medium text-slate-700">
            Fuente (opcional)
          </label>
          <input
            id={sourceId}
            type="text"
            value={source}
            onChange={(event) => setSource(event.target.value)}
            disabled={busy}
            maxLength={120}
            autoComplete="off"
            aria-describedby={`${sourceId}-hint`}
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 disabled:opacity-60"
          />
          <p id={`${sourceId}-hint`} className="text-xs text-slate-500">
            Nombre del proveedor. Vacío: se usa el nombre del archivo.
          </p>
        </div>
        {file && problem === null ? <ColumnMapping key={fileKey} file={file} disabled={busy} onChange={setMapping} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cerrar
          </Button>
          <Button type="submit" disabled={!file || problem !== null || mapping.problem !== null} busy={busy}>
            <Upload aria-hidden="true" className="size-4" />
            {upload.isPending ? 'Subiendo...' : 'Vista previa'}
          </Button>
        </div>
      </form>
      <UndoLastImport />
      {job ? <CatalogueJobStatus key={job.id} job={job} focusReport={upload.data?.id === job.id} /> : null}
      {preview && !(file && file === previewedFile) ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Esta vista previa es de un archivo anterior: elija el archivo y pida «Vista previa» para poder aplicarlo.
        </p>
      ) : null}
      {preview && job && file && file === previewedFile ? (
        <ApplyPreview
          // Not the bare id: the report above is keyed by it, and two siblings with one key duplicate it.
          key={`apply-${job.id}`}
          report={preview}
          noun="importación"
          pending={upload.isPending}
          onApply={(confirmLarge) =>
            upload.mutate({ file, run: { dryRun: false, confirmLarge, mapping: previewed ?? undefined, source: previewedSource } })
          }
        />
      ) : null}
    </div>
  );
}
