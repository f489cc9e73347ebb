/**
 * "Fotos" of the part editor (issue 21 item 2; docs/product.md §10.2): the part's photos in order
 * (the first is the one the catalogue, print and PDF show), added by dropping files on the zone or
 * choosing them, moved with buttons (keyboard included) and removed after a confirmation. Changes
 * are saved at once, independently of the form's "Guardar cambios". Files are uploaded one by one,
 * so the progress reads "Subiendo foto 2 de 3" and a refused file does not stop the others.
 */
import { ArrowDown, ArrowUp, ImagePlus, Loader2, PenLine, Star, Trash2 } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_PART, PHOTO_MIME_TYPES } from '../../../../shared/part-photos.ts';
import { ProductImage } from '../../../components/product/product-image.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatMegabytes } from '../../../lib/format.ts';
import { serverMessage } from '../api.ts';
import { type PartPhoto, PHOTO_TEXTS, usePartPhotos, useRemovePhoto, useReorderPhotos, useUploadPhotos } from '../photos-api.ts';
import { ErrorState, LoadingState } from './ui.tsx';

const ACCEPT = PHOTO_MIME_TYPES.join(',');
const MAX_MB = formatMegabytes(MAX_PHOTO_BYTES);

/** A file refused before or by the upload, with the reason. */
interface Refusal {
  file: string;
  message: string;
}

/** Why `file` cannot be sent, checked in the browser before the server checks its content; null when it may go. */
function localRefusal(file: File): string | null {
  if (file.size > MAX_PHOTO_BYTES) return `supera los ${MAX_MB} permitidos (pesa ${formatMegabytes(file.size)}).`;
  if (file.type && !(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return 'no es una foto JPEG, PNG o WebP.';
  return null;
}

/** Which of a photo's buttons to focus again once the list is redrawn after a move. */
interface FocusTarget {
  name: string;
  action: 'up' | 'down';
}

export function PartPhotos({ partId }: { partId: number }) {
  const { data, error, isPending, isError, refetch } = usePartPhotos(partId);
  const upload = useUploadPhotos(partId);
  const reorder = useReorderPhotos(partId);
  const remove = useRemovePhoto(partId);
  const [progress, setProgress] = useState<{ done: number; total: number; file: string } | null>(null);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [dragging, setDragging] = useState(false);
  const [confirming, setConfirming] = useState<{ index: number; photo: PartPhoto } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<FocusTarget | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  // The place of the photo just removed: once the confirmation is closed, the focus goes there.
  const removedAt = useRef<number | null>(null);
  const titleId = useId();
  const photos = data?.photos ?? [];
  const busy = progress !== null || reorder.isPending || remove.isPending;

  // After a move the photo's button keeps the focus, or its other arrow when it reached an end.
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || !listRef.current) return;
    const buttons = [...listRef.current.querySelectorAll<HTMLButtonElement>('button[data-photo]')].filter(
      (b) => b.dataset.photo === target.name && !b.disabled,
    );
    const same = buttons.find((b) => b.dataset.action === target.action);
    const fallback = buttons.find((b) => b.dataset.action === (target.action === 'up' ? 'down' : 'up'));
    (same ?? fallback)?.focus();
    focusAfterMove.current = null;
  });

  // After a removal the photo's button is gone (and a nested dialog would hand the focus to the
  // editor's): the "Eliminar" of the photo now in its place (the new last one) takes it, or
  // "Elegir fotos" when none is left (docs/product.md §10.2).
  useEffect(() => {
    const index = removedAt.current;
    if (index === null || confirming) return;
    removedAt.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-photo-remove]') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? fileRef.current)?.focus();
  });

  const addFiles = async (list: FileList | File[]) => {
    const files = [...list];
    if (!files.length || progress) return;
    const refused: Refusal[] = [];
    const room = MAX_PHOTOS_PER_PART - photos.length;
    const accepted: File[] = [];
    for (const file of files) {
      const reason = localRefusal(file);
      if (reason) refused.push({ file: file.name, message: reason });
      else if (accepted.length >= room)
        refused.push({ file: file.name, message: `no entra: un repuesto admite hasta ${MAX_PHOTOS_PER_PART} fotos.` });
      else accepted.push(file);
    }
    let added = 0;
    for (const [i, file] of accepted.entries()) {
      setProgress({ done: i, total: accepted.length, file: file.name });
      try {
        await upload.mutateAsync([file]);
        added += 1;
      } catch (err) {
        refused.push({ file: file.name, message: serverMessage(err, `${PHOTO_TEXTS.uploadError}.`) });
      }
    }
    setProgress(null);
    setRefusals(refused);
    if (added) setAnnouncement(added === 1 ? 'Se agregó 1 foto.' : `Se agregaron ${added} fotos.`);
  };

  const move = (index: number, to: number, action: FocusTarget['action']) => {
    const names = photos.map((p) => p.name);
    const [name] = names.splice(index, 1);
    if (name === undefined) return;
    names.splice(to, 0, name);
    reorder.mutate(names, {
      onSuccess: () => {
        focusAfterMove.current = { name, action };
        setAnnouncement(to === 0 ? `La foto ${index + 1} es ahora la principal.` : `Foto movida a la posición ${to + 1}.`);
      },
    });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) void addFiles(event.dataTransfer.files);
  };

  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          Fotos
        </h3>
        {data?.handEdited ? (
          <span
            title="Editado a mano: la importación conserva estas fotos"
            className="inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
          >
            <PenLine aria-hidden="true" className="size-3" />
            Editado a mano
          </span>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">
        JPEG, PNG o WebP de hasta {MAX_MB} cada una, hasta {MAX_PHOTOS_PER_PART} por repuesto. La primera es la principal: la que se ve en
        el catálogo, la impresión y el PDF. Los cambios de fotos se guardan al instante.
      </p>

      {isPending ? (
        <LoadingState label="Cargando fotos..." />
      ) : isError ? (
        <ErrorState error={error} message={PHOTO_TEXTS.loadError} onRetry={() => void refetch()} />
      ) : (
        <>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone adds to the file button inside it, which works by keyboard. */}
          <div
            onDragEnter={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragOver={(e) => e.preventDefault()}
            onDragLeave={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
            }}
            onDrop={onDrop}
            data-testid="photo-drop-zone"
            className={cn(
              'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm text-slate-600',
              dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50',
            )}
          >
            <ImagePlus aria-hidden="true" className="size-6 text-slate-500" />
            <p>Arrastre las fotos aquí o</p>
            <label
              className={cn(
                buttonClasses('outline', 'sm'),
                'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500',
                (progress || photos.length >= MAX_PHOTOS_PER_PART) && 'pointer-events-none opacity-50',
              )}
            >
              <input
                ref={fileRef}
                type="file"
                accept={ACCEPT}
                multiple
                className="sr-only"
                disabled={progress !== null || photos.length >= MAX_PHOTOS_PER_PART}
                onChange={(e) => {
                  const files = e.target.files;
                  if (files) void addFiles([...files]);
                  e.target.value = '';
                }}
              />
              Elegir fotos
            </label>
          </div>

          {progress ? (
            <div role="status" className="grid gap-1 text-sm text-slate-700">
              <p className="flex items-center gap-2">
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                Subiendo foto {progress.done + 1} de {progress.total}: {progress.file}
              </p>
              <progress className="h-2 w-full" max={progress.total} value={progress.done} aria-label="Progreso de la subida" />
            </div>
          ) : null}

          {refusals.length ? (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              <p className="font-medium">
                {refusals.length === 1 ? 'Una foto no se agregó:' : `${refusals.length} fotos no se agregaron:`}
              </p>
              <ul className="mt-1 list-disc pl-5">
                {refusals.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be refused twice in one drop.
                  <li key={`${r.file}-${i}`} className="break-words">
                    «{r.file}»: {r.message.replace(`«${r.file}» `, '')}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          {photos.length === 0 ? (
            <p className="text-sm text-slate-600">Este repuesto no tiene fotos: el catálogo muestra "Sin imagen".</p>
          ) : (
            <ol ref={listRef} aria-label="Fotos del repuesto" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {photos.map((photo, i) => (
                <li key={photo.name} className="grid min-w-0 grid-cols-1 gap-2 rounded-md border border-slate-200 bg-white p-2">
                  <ProductImage src={photo.thumbnailUrl} alt={`Foto ${i + 1}`} size={160} className="rounded" />
                  <p className="text-xs text-slate-700">
                    {i === 0 ? (
                      <span className="inline-flex items-center gap-1 font-semibold text-brand-700">
                        <Star aria-hidden="true" className="size-3" /> Foto 1 · principal
                      </span>
                    ) : (
                      `Foto ${i + 1}`
                    )}
                    {photo.uploaded ? null : (
                      <span className="block truncate text-slate-500" title={photo.name}>
                        Importada: {photo.name}
                      </span>
                    )}
                  </p>
                  <div className="flex flex-wrap gap-1">
                    <Button
                      variant="outline"
                      size="icon"
                      className="size-9"
                      data-photo={photo.name}
                      data-action="up"
                      aria-label={`Mover la foto ${i + 1} antes`}
                      title="Mover antes"
                      disabled={busy || i === 0}
                      onClick={() => move(i, i - 1, 'up')}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="outline"
                      size="icon"
                      className="size-9"
                      data-photo={photo.name}
                      data-action="down"
                      aria-label={`Mover la foto ${i + 1} después`}
                      title="Mover después"
                      disabled={busy || i === photos.length - 1}
                      onClick={() => move(i, i + 1, 'down')}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </Button>
                    {i > 0 ? (
                      <Button
                        variant="outline"
                        size="icon"
                        className="size-9"
                        aria-label={`Hacer principal la foto ${i + 1}`}
                        title="Hacer principal"
                        disabled={busy}
                        onClick={() => move(i, 0, 'down')}
                      >
                        <Star aria-hidden="true" className="size-4" />
                      </Button>
                    ) : null}
                    <Button
                      variant="outline"
                      size="icon"
                      className="size-9 text-red-700 hover:bg-red-50"
                      aria-label={`Eliminar la foto ${i + 1}`}
                      title="Eliminar"
                      data-photo-remove
                      disabled={busy}
                      onClick={() => setConfirming({ index: i, photo })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          )}
          <p role="status" className="sr-only">
            {announcement}
          </p>
        </>
      )}

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `¿Eliminar la foto ${confirming.index + 1}?` : 'Eliminar foto'}
        actionLabel="Eliminar foto"
        busyLabel="Eliminando..."
        tone="destructive"
        busy={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          const { index } = confirming;
          remove.mutate(
            { index: confirming.index, name: confirming.photo.name },
            {
              onSuccess: () => {
                removedAt.current = index;
                setAnnouncement(PHOTO_TEXTS.removed);
              },
              onSettled: () => setConfirming(null),
            },
          );
        }}
      >
        {confirming ? (
          <>
            <div className="mx-auto w-40">
              <ProductImage
                src={confirming.photo.thumbnailUrl}
                alt={`Foto ${confirming.index + 1}`}
                size={160}
                className="rounded border"
              />
            </div>
            <p>
              La foto se quita del repuesto {data?.partNumber} y deja de verse en el catálogo.
              {confirming.index === 0 && photos.length > 1 ? ' La foto 2 pasa a ser la principal.' : ''} El cambio queda en el Historial.
            </p>
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
