/**
 * The web uses `zod/mini`, which, unlike classic zod, loads no locale: a check without a Spanish
 * message of its own (the 120-character name, the 200-character email) would only say "Invalid
 * input". Importing this module installs the English texts classic zod gives, the ones the API
 * answers with. The form modules import it for that effect; they load on demand, so the locale is
 * not part of the first load.
 */
import { en } from 'zod/locales';
import * as z from 'zod/mini';

z.config(en());
