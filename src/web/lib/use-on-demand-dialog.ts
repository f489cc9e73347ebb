import { useState } from 'react';

/**
 * State of a dialog whose code loads on demand (`lazy`): it mounts on first opening and stays
 * mounted afterwards (so closing animates as usual), and `preload` starts the download on hover or
 * focus of the control that opens it, before the click.
 * @param load the dialog module's dynamic `import()`.
 * @param initiallyOpen open (and mounted) from the first render.
 */
export function useOnDemandDialog(load: () => Promise<unknown>, initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const [mounted, setMounted] = useState(initiallyOpen);
  return {
    open,
    setOpen,
    mounted,
    show: () => {
      setMounted(true);
      setOpen(true);
    },
    preload: () => void load(),
  };
}
