import { Link } from 'wouter';
import { isWrongDoor, loginErrorMessage } from '../api.ts';

/** The door an account of the other type signs in at: its address and the link's text. */
export interface OtherDoor {
  href: string;
  label: string;
  /** Take the current history entry (a link inside a dialog, docs/product.md §13.4). */
  replace?: boolean;
}

/**
 * A failed login in a red alert (docs/product.md §7.3): the server's message and, when the server
 * says the right password was given at the wrong door ({@link isWrongDoor}), a link to `otherDoor`.
 */
export function LoginFailure({ error, otherDoor }: { error: unknown; otherDoor?: OtherDoor | undefined }) {
  const door = otherDoor && isWrongDoor(error) ? otherDoor : undefined;
  return (
    <div role="alert" className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p>{loginErrorMessage(error)}</p>
      {door ? (
        <p>
          <Link
            href={door.href}
            {...(door.replace ? { replace: true } : {})}
            className="font-semibold text-red-900 underline underline-offset-2 hover:no-underline"
          >
            {door.label}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
