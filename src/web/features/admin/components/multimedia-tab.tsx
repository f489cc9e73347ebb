import { ExternalLink } from 'lucide-react';
import { multimediaBodySchema } from '../../../../shared/admin.ts';
import { type AdminPart, type MultimediaField, useSetMultimedia } from '../api.ts';
import { isHttpUrlOrEmpty } from '../texts.ts';
import { InlineEdit } from './inline-edit.tsx';
import { PartsBrowser } from './parts-browser.tsx';
import { Section } from './ui.tsx';

/** Only http(s) URLs (the shared body rule); empty clears the link. */
const FIELD_LABELS: Record<MultimediaField, string> = { documentUrl: 'URL del documento', videoUrl: 'URL del video' };

/**
 * A part's document or video link, edited in place. On phones (a card per part) the cell takes the
 * card's width and no more (`w-0 min-w-full`): a long URL is cut with "…" rather than widening the
 * card past its section (docs/product.md §10.2).
 */
function UrlCell({ part, field }: { part: AdminPart; field: MultimediaField }) {
  const mutation = useSetMultimedia();
  const value = part[field] ?? '';
  return (
    <div className="flex max-w-xs items-center gap-1 max-sm:w-0 max-sm:min-w-full">
      <InlineEdit
        value={value}
        label={`${FIELD_LABELS[field]} de ${part.partNumber}`}
        placeholder="Sin URL"
        inputType="url"
        schema={multimediaBodySchema.shape[field]}
        field={field}
        onSave={(url) => mutation.mutateAsync({ id: part.id, field, url })}
        className="min-w-0"
      />
      {value && isHttpUrlOrEmpty(value) ? (
        <a
          href={value}
          target="_blank"
          rel="noopener noreferrer"
          className="shrink-0 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-brand-700"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">
            Abrir {field === 'documentUrl' ? 'documento' : 'video'} de {part.partNumber} (se abre en una pestaña nueva)
          </span>
        </a>
      ) : null}
    </div>
  );
}

/** "Multimedia": document and video links per part, edited in place. */
export function MultimediaTab() {
  return (
    <Section
      title="Multimedia"
      description="Enlaces a documentos y videos de cada repuesto. Solo URLs http(s); deje vacío para quitar el enlace."
    >
      <PartsBrowser
        label="Multimedia por repuesto"
        columns={[
          { header: 'Documento', cell: (part) => <UrlCell part={part} field="documentUrl" /> },
          { header: 'Video', cell: (part) => <UrlCell part={part} field="videoUrl" /> },
        ]}
      />
    </Section>
  );
}
