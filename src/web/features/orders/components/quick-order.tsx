import { Upload } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { ORDER_TEXTS, type QuickOrderResponse, type QuickUnmatched, quickOrderBodySchema } from '../../../../shared/orders.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useZodForm } from '../../../lib/form.ts';
import { orderErrorMessage, useCartActions } from '../cart.ts';
import { useQuickOrder } from '../cart-io.ts';

/**
 * An unmatched line: its number, text and reason; for several matches, one button per candidate to
 * pick it. While a pick adds, the line's buttons are busy: they ignore presses but keep the
 * keyboard's focus (a disabled button would drop it to the page, docs/product.md §13.4).
 */
function UnmatchedLine({ item, onPicked }: { item: QuickUnmatched; onPicked: () => void }) {
  const { add } = useCartActions();
  const [busy, setBusy] = useState(false);
  return (
    <li className="space-y-1.5 rounded-md border border-amber-200 bg-amber-50 p-2.5 text-sm">
      <p>
        <span className="font-semibold">Línea {item.line}:</span> <span className="font-mono break-all">{item.text}</span>
      </p>
      <p className="text-amber-900">{item.message}</p>
      {item.candidates.length > 0 ? (
        <ul aria-label={`Repuestos que coinciden con la línea ${item.line}`} data-candidates className="flex flex-col gap-1.5">
          {item.candidates.map((candidate) => (
            <li key={candidate.partId}>
              <Button
                variant="outline"
                busy={busy}
                onClick={async () => {
                  setBusy(true);
                  try {
                    await add({ id: candidate.partId, price: candidate.unitPrice }, item.quantity ?? 1);
                    onPicked();
                  } catch {
                    setBusy(false);
                  }
                }}
                className="h-auto w-full justify-start px-2.5 py-1.5 text-left font-normal hover:border-brand-400 hover:bg-brand-50"
              >
                <span>
                  <span className="sr-only">Elegir </span>
                  <span className="font-mono font-semibold text-brand-700">{candidate.partNumber}</span> — {candidate.description} (
                  {formatPrice(candidate.unitPrice)}){item.quantity ? ` × ${item.quantity}` : ''}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** What the last quick order added, and line by line what it did not. */
function QuickResult({ result, onPicked }: { result: QuickOrderResponse; onPicked: (line: number) => void }) {
  return (
    <div className="space-y-3">
      <div role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
        <p className="font-semibold">{ORDER_TEXTS.quickAdded(result.added.length)}</p>
        {result.added.length > 0 ? (
          <ul aria-label="Repuestos agregados" className="mt-1 space-y-0.5">
            {result.added.map((line) => (
              <li key={line.partId}>
                {line.quantity} × <span className="font-mono">{line.partNumber}</span> {line.description}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {result.unmatched.length > 0 ? (
        <section aria-labelledby="quick-unmatched" className="space-y-2">
          <h4 id="quick-unmatched" className="text-sm font-semibold text-slate-900">
            {ORDER_TEXTS.quickUnmatchedTitle} ({result.unmatched.length})
          </h4>
          <ul className="space-y-2">
            {result.unmatched.map((item) => (
              <UnmatchedLine key={item.line} item={item} onPicked={() => onPicked(item.line)} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/**
 * "Pedido rápido" (issue 19 §2): pasted lines (Excel, WhatsApp, e-mail) or an uploaded CSV/XLSX go to
 * `POST /api/cart/quick`; it shows what was added and, line by line, what was not (unknown code,
 * several parts match — pick one —, bad quantity).
 */
export function QuickOrder({ onDone }: { onDone?: () => void }) {
  const quick = useQuickOrder();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    clearErrors,
    reset,
    formState: { errors },
  } = useZodForm(quickOrderBodySchema, { defaultValues: { text: '' } });
  const [result, setResult] = useState<QuickOrderResponse | null>(null);
  const [reading, setReading] = useState(false);
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  // A picked line leaves the list, and its button with it: the focus goes to the candidates of the
  // line now in its place (the previous one at the end), then to the box, where the lines not
  // recognised stay to be corrected (docs/product.md §13.4).
  const resultRef = useRef<HTMLDivElement>(null);
  const [pickedAt, setPickedAt] = useState<number | null>(null);
  useEffect(() => {
    if (pickedAt === null) return;
    setPickedAt(null);
    const lists = resultRef.current?.querySelectorAll('[data-candidates]') ?? [];
    const next = lists[Math.min(pickedAt, lists.length - 1)]?.querySelector('button');
    if (next) next.focus();
    else setFocus('text');
  }, [pickedAt, setFocus]);
  const onPicked = (current: QuickOrderResponse, line: number) => {
    setPickedAt(current.unmatched.filter((item) => item.candidates.length > 0).findIndex((item) => item.line === line));
    setResult({ ...current, unmatched: current.unmatched.filter((item) => item.line !== line) });
  };

  // The contract's schema refuses an empty or too long text with the server's own message.
  const submit = handleSubmit(async ({ text }) => {
    try {
      const answer = await quick.mutateAsync(text);
      setResult(answer);
      if (answer.unmatched.length === 0) reset({ text: '' });
      onDone?.();
    } catch (failure) {
      setError('text', { message: orderErrorMessage(failure, 'No se pudo procesar el pedido rápido') });
    }
  });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    clearErrors('text');
    setReading(true);
    try {
      const { readQuickOrderFile } = await import('../spreadsheet-text.ts');
      setValue('text', await readQuickOrderFile(file));
      await submit();
    } catch (failure) {
      setError('text', {
        message: failure instanceof Error && failure.name === 'SpreadsheetError' ? failure.message : 'No se pudo leer el archivo.',
      });
    } finally {
      setReading(false);
    }
  };

  const busy = quick.isPending || reading;
  return (
    <section aria-labelledby="quick-order-title" className="space-y-3 rounded-lg border border-slate-200 p-3">
      <h3 id="quick-order-title" className="font-semibold text-slate-900">
        {ORDER_TEXTS.quick}
      </h3>
      <form noValidate onSubmit={submit} className="space-y-3">
        <TextAreaField
          label="Códigos y cantidades"
          rows={5}
          {...register('text')}
          hint={ORDER_TEXTS.quickHelp}
          error={errors.text?.message}
          className="font-mono"
          placeholder={'06H-103-144 2\n3 0011843925'}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" variant="accent" busy={busy}>
            {quick.isPending ? 'Procesando...' : ORDER_TEXTS.quickSubmit}
          </Button>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="sr-only"
            tabIndex={-1}
            aria-label={`${ORDER_TEXTS.quickUpload} (archivo)`}
            onChange={(event) => void onFile(event)}
          />
          <Button variant="outline" busy={busy} onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden="true" className="size-4" />
            {ORDER_TEXTS.quickUpload}
          </Button>
        </div>
      </form>
      {result ? (
        <div ref={resultRef}>
          <QuickResult result={result} onPicked={(line) => onPicked(result, line)} />
        </div>
      ) : null}
    </section>
  );
}
