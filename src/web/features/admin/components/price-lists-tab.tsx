import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { type ProfileType, useProfiles, useSetPriceList } from '../api.ts';
import { PROFILE_LABELS } from '../texts.ts';
import { ErrorState, LoadingState, Section, selectClass } from './ui.tsx';

const PROFILE_ORDER: readonly ProfileType[] = ['guest', 'client', 'distributor'];
/** Shown while a profile has no stored value (docs/product.md §10.2: shown as 1, 2, 3). */
const DISPLAY_DEFAULTS: Record<ProfileType, number> = { guest: 1, client: 2, distributor: 3 };
const LISTS = Array.from({ length: 10 }, (_, i) => i + 1);

function ProfileRow({ profileType, saved }: { profileType: ProfileType; saved: number | undefined }) {
  const id = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const mutation = useSetPriceList();
  const value = choice ?? saved ?? DISPLAY_DEFAULTS[profileType];
  const label = PROFILE_LABELS[profileType];
  return (
    <li className="flex flex-wrap items-end gap-3 border-b border-slate-100 py-3 last:border-b-0">
      <div className="grid min-w-48 flex-1 gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Lista de precios para {label}
        </label>
        <select
          id={id}
          value={value}
          onChange={(event) => setChoice(Number(event.target.value))}
          className={selectClass}
          disabled={mutation.isPending}
        >
          {LISTS.map((n) => (
            <option key={n} value={n}>
              Lista {n}
            </option>
          ))}
        </select>
      </div>
      <p className="text-sm text-slate-500 sm:w-40">Actual: {saved !== undefined ? `Lista ${saved}` : 'sin definir'}</p>
      <Button
        aria-label={`Guardar lista de ${label}`}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate({ profileType, priceList: value }, { onSuccess: () => setChoice(null) })}
      >
        {mutation.isPending ? 'Guardando...' : 'Guardar'}
      </Button>
    </li>
  );
}

/** "Listas de Precios": the price list (1–10) each profile sees. */
export function PriceListsTab() {
  const { data, error, isPending, isError, refetch } = useProfiles();
  return (
    <Section title="Listas de Precios" description="Elija qué lista de precios (1 a 10) ve cada tipo de usuario en el catálogo.">
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message="No se pudieron cargar los perfiles." onRetry={() => void refetch()} />
      ) : (
        <ul>
          {PROFILE_ORDER.map((type) => (
            <ProfileRow key={type} profileType={type} saved={data.find((p) => p.profileType === type)?.priceList} />
          ))}
        </ul>
      )}
    </Section>
  );
}
