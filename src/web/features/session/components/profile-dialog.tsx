import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { type Session, USER_TYPE_LABELS } from '../session-store.ts';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * "Mi Perfil" (spec 2): username, client number (only if present) and user type. Guests get only
 * a Cerrar button; the editable fields for other users come with the accounts issue.
 */
export function ProfileDialog({ session, open, onOpenChange }: { session: Session; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Mi Perfil" size="sm" hideCloseButton>
      <dl>
        <Row label="Usuario" value={session.username} />
        {session.clientCode ? <Row label="Número de cliente" value={session.clientCode} /> : null}
        <Row label="Tipo de usuario" value={USER_TYPE_LABELS[session.userType]} />
        {session.userType !== 'guest' && session.fullName ? <Row label="Nombre completo" value={session.fullName} /> : null}
        {session.userType !== 'guest' && session.email ? <Row label="Email" value={session.email} /> : null}
      </dl>
      <div className="mt-4 flex justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cerrar
        </Button>
      </div>
    </Dialog>
  );
}
