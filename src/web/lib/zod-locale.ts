/**
 * The web's Spanish zod texts: importing this installs them (see src/shared/zod-es.ts). The form
 * modules import it through lib/form.ts; they load on demand, so the locale is not in the first load.
 */
import '../../shared/zod-es.ts';
