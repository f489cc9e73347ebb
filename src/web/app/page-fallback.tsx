/** Shown while a lazy page or the session loads. */
export function PageFallback() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-slate-600">
      Cargando...
    </div>
  );
}
