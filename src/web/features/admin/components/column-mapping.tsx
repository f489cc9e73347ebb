/**
 * The upload dialog's column-mapping step (issue 17 item 1, docs/product.md §11.3): once a file is
 * chosen, each of its columns is listed with its first rows and a select of the field it feeds,
 * pre-filled with the automatic mapping (a cost column shows "Ignorar" with the reason). Staff may
 * start from a saved mapping and save the current one by name ("Guardar mapeo como…"); "Vista
 * previa" then sends what is chosen here.
 */
import { Save } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { ColumnAssignment } from '../../../../shared/import.ts';
import {
  ASSIGNABLE_TARGETS,
  type ColumnsResponse,
  ERP_MAPPING_NAME,
  IMPORT_TARGET_LABELS,
  assignmentsProblem,
  mappingNameSchema,
} from '../../../../shared/import-mappings.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, SelectField } from '../../../components/ui/form-field.tsx';
import { formatCount } from '../../../lib/format.ts';
import { serverMessage } from '../api.ts';
import { useImportColumns, useImportMappings, useSaveImportMapping } from '../jobs-api.ts';

/** Select value of a column the importer reads by itself (an ERP `precios` cell): nothing is sent for it. */
const AUTOMATIC = '';

type Target = (typeof ASSIGNABLE_TARGETS)[number];
type Choice = Target | typeof AUTOMATIC;

const TARGET_OPTIONS = ASSIGNABLE_TARGETS.map((target) => ({ value: target, label: IMPORT_TARGET_LABELS[target] }));
const ERP_PRICES_OPTION = { value: AUTOMATIC, label: 'Listas de precios del ERP («a-b-c»)' };

/** What the mapping step hands to the dialog: the assignments to send, and what stops a preview. */
export interface MappingState {
  /** null while the columns are read or when they could not be (the import then maps by itself). */
  assignments: ColumnAssignment[] | null;
  /** Spanish reason the chosen mapping cannot be previewed (a field fed by two columns, or no column for the code). */
  problem: string | null;
}

const NO_CODE = 'Ninguna columna está asignada a «Código»: elija la que trae el código para ver la vista previa.';

/** A message as a sentence of its own: ending with its full stop, so the next one reads apart. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** The choice each column starts with: its automatic (or saved) assignment, else "Ignorar". */
function initialChoices(data: ColumnsResponse): Record<string, Choice> {
  const choices: Record<string, Choice> = {};
  for (const column of data.columns) choices[column.name] = column.special ? AUTOMATIC : 'ignore';
  for (const { target, column } of data.assignments) choices[column] = target;
  return choices;
}

/** The assignments the choices stand for: every column once, except those left to the importer. */
function assignmentsOf(data: ColumnsResponse, choices: Record<string, Choice>): ColumnAssignment[] {
  const out: ColumnAssignment[] = [];
  for (const { name } of data.columns) {
    const choice = choices[name] ?? 'ignore';
    if (choice !== AUTOMATIC) out.push({ target: choice, column: name });
  }
  return out;
}

/**
 * The mapping step for one file (render it with `key` = the file, so a new file starts afresh).
 * @param onChange receives the mapping to send whenever it changes.
 */
export function ColumnMapping({ file, disabled, onChange }: { file: File; disabled?: boolean; onChange: (state: MappingState) => void }) {
  const titleId = useId();
  const [savedName, setSavedName] = useState('');
  const columns = useImportColumns(file, savedName);
  const saved = useImportMappings();
  const data = columns.data;

  // The choices restart from each answer (a new saved mapping picked): state adjusted while rendering.
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [choicesFor, setChoicesFor] = useState<ColumnsResponse | undefined>(undefined);
  if (data && data !== choicesFor) {
    setChoicesFor(data);
    setChoices(initialChoices(data));
  }

  const assignments = useMemo(() => (data && choicesFor === data ? assignmentsOf(data, choices) : null), [data, choicesFor, choices]);
  const problem = assignments ? assignmentsProblem(assignments) : null;
  // Without a code column every row would be rejected: the preview waits for one (§11.3).
  const noCode = assignments !== null && !assignments.some((a) => a.target === 'partNumber');
  const blocking = problem ?? (noCode ? NO_CODE : null);
  useEffect(() => {
    onChange({ assignments, problem: blocking });
  }, [assignments, blocking, onChange]);

  const reasons = new Map((data?.ignored ?? []).map((i) => [i.column, i.reason]));
  const savedOptions = [
    { value: '', label: 'Automático (por nombre de columna)' },
    ...(saved.data ?? []).map((m) => ({
      value: m.name,
      label: m.name === ERP_MAPPING_NAME ? `${m.name} (sincronización ERP)` : m.name,
    })),
  ];

  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-md border border-slate-200 p-3">
      <MappingTitle id={titleId} />
      <SelectField
        label="Mapeo guardado"
        density="compact"
        options={savedOptions}
        value={savedName}
        disabled={disabled || saved.isPending}
        onChange={(event) => setSavedName(event.target.value)}
        hint="Aplica un mapeo guardado a este archivo; las columnas que no nombra se asignan por su nombre."
      />
      {columns.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Leyendo las columnas del archivo...
        </p>
      ) : null}
      {/* Not an alert: the preview still works, mapping the columns by their names. */}
      {columns.isError ? (
        <p role="status" className="text-sm text-accent-700">
          {sentence(serverMessage(columns.error, 'No se pudieron leer las columnas del archivo.'))} La vista previa asignará las columnas
          por su nombre.
        </p>
      ) : null}
      {data ? (
        <>
          <p className="text-sm text-slate-600">
            {formatCount(data.records)} {data.records === 1 ? 'fila' : 'filas'}, {data.columns.length}{' '}
            {data.columns.length === 1 ? 'columna' : 'columnas'}
            {data.sampleRows.length === 1 ? ` (ejemplo de la fila ${data.sampleRows[0]})` : ''}
            {data.sampleRows.length > 1 ? ` (ejemplos de las filas ${data.sampleRows.join(', ')})` : ''}.
          </p>
          {data.missing.length ? (
            <p role="status" className="text-sm text-amber-800">
              El mapeo «{savedName}» nombra columnas que este archivo no tiene: {data.missing.map((m) => m.column).join(', ')}.
            </p>
          ) : null}
          <ul aria-label="Destino de cada columna" className="grid max-h-[50vh] gap-2 overflow-y-auto pr-1">
            {data.columns.map((column) => {
              const choice = choices[column.name] ?? 'ignore';
              const samples = column.samples.filter(Boolean);
              const reason = choice === 'ignore' ? reasons.get(column.name) : undefined;
              return (
                <li key={column.name} className="grid gap-1 rounded-md bg-slate-50 p-2">
                  <SelectField
                    label={`Columna «${column.name}»`}
                    density="compact"
                    className="min-w-0"
                    options={column.special ? [ERP_PRICES_OPTION, ...TARGET_OPTIONS] : TARGET_OPTIONS}
                    value={choice}
                    disabled={disabled}
                    onChange={(event) => setChoices((old) => ({ ...old, [column.name]: event.target.value as Choice }))}
                    hint={
                      <>
                        <span className="block break-words">
                          {samples.length ? `Ejemplos: ${samples.join(' · ')}` : 'Sin valores en las primeras filas.'}
                        </span>
                        {reason ? <span className="block text-amber-800">No se importa: {reason}.</span> : null}
                      </>
                    }
                  />
                </li>
              );
            })}
          </ul>
          {data.truncated ? <p className="text-sm text-slate-600">El archivo tiene más columnas de las que se muestran.</p> : null}
          {problem ? (
            <p role="alert" className="text-sm text-accent-700">
              {problem}
            </p>
          ) : null}
          {noCode && !problem ? (
            <p role="alert" className="text-sm text-accent-700">
              {NO_CODE}
            </p>
          ) : null}
          {assignments ? (
            <SaveMapping key={savedName} assignments={assignments} disabled={disabled || problem !== null} initialName={savedName} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function MappingTitle({ id }: { id: string }) {
  return (
    <div>
      <h3 id={id} className="text-sm font-semibold text-slate-800">
        Columnas del archivo
      </h3>
      <p className="text-xs text-slate-600">
        Elija qué dato del catálogo trae cada columna. Una columna de costo no se publica salvo que la asigne a una lista.
      </p>
    </div>
  );
}

/** "Guardar mapeo como…": a name (the mapping `erp` feeds the ERP sync) and its button. */
function SaveMapping({ assignments, disabled, initialName }: { assignments: ColumnAssignment[]; disabled: boolean; initialName: string }) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveImportMapping();
  const submit = () => {
    // Enter in the name field comes here too, past the busy button: one save at a time.
    if (save.isPending) return;
    const parsed = mappingNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Nombre inválido.');
      return;
    }
    setError(null);
    save.mutate({ name: parsed.data, assignments });
  };
  const message = save.isError ? serverMessage(save.error, 'No se pudo guardar el mapeo.') : null;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <FormField
          label="Guardar mapeo como…"
          density="compact"
          className="min-w-0 flex-1 basis-48"
          value={name}
          maxLength={60}
          error={error ?? undefined}
          hint={`Con el nombre «${ERP_MAPPING_NAME}» lo usa la sincronización con el ERP.`}
          onChange={(event) => {
            setName(event.target.value);
            save.reset();
          }}
          onKeyDown={(event) => {
            // Enter saves the mapping instead of submitting the upload form around it.
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Button variant="outline" onClick={submit} disabled={disabled} busy={save.isPending}>
          <Save aria-hidden="true" className="size-4" />
          {save.isPending ? 'Guardando...' : 'Guardar mapeo'}
        </Button>
      </div>
      {save.isSuccess ? (
        <p role="status" className="text-sm text-emerald-800">
          Mapeo «{save.data.name}» guardado.
        </p>
      ) : null}
      {message ? (
        <p role="alert" className="text-sm text-accent-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
