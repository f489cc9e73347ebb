import { priceListBodySchema } from '../../../../shared/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../lib/form.ts';
import { type ProfileType, useProfiles, useSetPriceList } from '../api.ts';
import { PROFILE_LABELS } from '../texts.ts';
import { ErrorState, LoadingState, Section } from './ui.tsx';

const PROFILE_ORDER: readonly ProfileType[] = ['guest', 'client', 'distributor'];
/** Shown while a profile has no stored value (docs/product.md §10.2: shown as 1, 2, 3). */
const DISPLAY_DEFAULTS: Record<ProfileType, number> = { guest: 1, client: 2, distributor: 3 };
const LISTS = Array.from({ length: 10 }, (_, i) => i + 1);

const LIST_OPTIONS = LISTS.map((n) => ({ value: String(n), label: `Lista ${n}` }));

/** One profile's list: a select validated by the shared `priceListBodySchema`, saved with its button. */
function ProfileRow({ profileType, saved }: { profileType: ProfileType; saved: number | undefined }) {
  const mutation = useSetPriceList();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(priceListBodySchema, { defaultValues: { priceList: String(saved ?? DISPLAY_DEFAULTS[profileType]) } });
  const label = PROFILE_LABELS[profileType];
  const save = handleSubmit(({ priceList }) => mutation.mutate({ profileType, priceList }));
  return (
    <li className="flex flex-wrap items-end gap-3 border-b border-slate-100 py-3 last:border-b-0">
      <SelectField
        label={`Lista de precios para ${label}`}
        density="compact"
        className="min-w-48 flex-1"
        options={LIST_OPTIONS}
        disabled={mutation.isPending}
        error={errors.priceList?.message}
        {...register('priceList')}
      />
      <p className="text-sm text-slate-500 sm:w-40">Actual: {saved !== undefined ? `Lista ${saved}` : 'sin definir'}</p>
      <Button aria-label={`Guardar lista de ${label}`} disabled={mutation.isPending} onClick={() => void save()}>
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
