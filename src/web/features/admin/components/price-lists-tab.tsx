import { priceListBodySchema } from '../../../../shared/admin.ts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
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

/** Another profile's stored list, to warn before two profiles share one. */
interface OtherProfile {
  profileType: ProfileType;
  priceList: number;
}

/**
 * One profile's list: a select validated by the shared `priceListBodySchema`, saved with its button.
 * A list another profile already uses is saved only after saying so (docs/product.md §10.2): a slip
 * of the select would show, say, the distributors' wholesale prices to every guest.
 */
function ProfileRow({ profileType, saved, others }: { profileType: ProfileType; saved: number | undefined; others: OtherProfile[] }) {
  const mutation = useSetPriceList();
  const [sharing, setSharing] = useState<{ priceList: number; with: ProfileType[] } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(priceListBodySchema, { defaultValues: { priceList: String(saved ?? DISPLAY_DEFAULTS[profileType]) } });
  const label = PROFILE_LABELS[profileType];
  const save = handleSubmit(({ priceList }) => {
    const shared = priceList === saved ? [] : others.filter((o) => o.priceList === priceList).map((o) => o.profileType);
    if (shared.length) setSharing({ priceList, with: shared });
    else mutation.mutate({ profileType, priceList });
  });
  const sharedNames = sharing ? joinNames(sharing.with.map((t) => PROFILE_LABELS[t])) : '';
  return (
    <li className="flex flex-wrap items-end gap-3 border-b border-slate-100 py-3 last:border-b-0">
      <SelectField
        label={`Lista de precios para ${label}`}
        density="compact"
        className="min-w-48 flex-1"
        options={LIST_OPTIONS}
        error={errors.priceList?.message}
        {...register('priceList')}
      />
      <p className="text-sm text-slate-500 sm:w-40">Actual: {saved !== undefined ? `Lista ${saved}` : 'sin definir'}</p>
      <Button aria-label={`Guardar lista de ${label}`} busy={mutation.isPending} onClick={() => void save()}>
        {mutation.isPending ? 'Guardando...' : 'Guardar'}
      </Button>
      <ConfirmDialog
        open={sharing !== null}
        title={sharing ? `¿Usar la Lista ${sharing.priceList} para ${label}?` : ''}
        actionLabel={sharing ? `Usar la Lista ${sharing.priceList}` : ''}
        tone="destructive"
        size="md"
        onCancel={() => setSharing(null)}
        onConfirm={() => {
          if (!sharing) return;
          mutation.mutate({ profileType, priceList: sharing.priceList });
          setSharing(null);
        }}
      >
        {sharing ? (
          <p>
            {sharedNames} ya {sharing.with.length === 1 ? 've' : 'ven'} la Lista {sharing.priceList}: {label} verá los mismos precios que{' '}
            {sharedNames}.
            {profileType === 'guest' ? ' Los invitados no inician sesión: esos precios quedan a la vista de cualquier visitante.' : ''}
          </p>
        ) : null}
      </ConfirmDialog>
    </li>
  );
}

/** "Cliente", "Cliente y Distribuidor". */
function joinNames(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}` : (names[0] ?? '');
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
            <ProfileRow
              key={type}
              profileType={type}
              saved={data.find((p) => p.profileType === type)?.priceList}
              others={data.filter((p) => p.profileType !== type)}
            />
          ))}
        </ul>
      )}
    </Section>
  );
}
